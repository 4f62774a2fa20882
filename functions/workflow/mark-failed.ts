import { markFailed } from '../core/runs/mark-run-failed';

/** Lambda task `MarkFailed`: receives the state with the caught error at `$.error`. */
export const handler = async (event: unknown) => markFailed(event);
