import { prepareRun } from '../core/runs/prepare-run';

/** Lambda task `Prepare` of cdk/state-machine/run-model.asl.json (result at `$.prepared`). */
export const handler = async (event: unknown) => prepareRun(event);
