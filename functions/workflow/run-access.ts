import { runAccess } from '../core/runs/run-access';

/**
 * The run-access function (shared/api/routes.ts RUN_ACCESS_AREA), which the model runner invokes with
 * `{ task: 'RunAccess', input: { runId, token, request } }`: presigned URLs for this run's inputs or
 * outputs (functions/core/runs/run-access.ts).
 */
export const handler = async (event: unknown) => runAccess(event);
