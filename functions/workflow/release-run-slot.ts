import { releaseRunSlot } from '../core/runs/run-slots';

/** Lambda task `ReleaseRunSlot`: `{ runId }`, after Collect and after MarkFailed. */
export const handler = async (event: unknown) => releaseRunSlot(event);
