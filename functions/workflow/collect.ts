import { collectRun } from '../core/runs/collect-run';

/** Lambda task `Collect`: receives the whole state (with `prepared`); result at `$.collected`. */
export const handler = async (event: unknown) => collectRun(event);
