import { acquireRunSlot } from '../core/runs/run-slots';

/** Lambda task `AcquireRunSlot`: `{ runId, groupId, instanceId, limit }`; RunSlotsFull while all are held. */
export const handler = async (event: unknown) => acquireRunSlot(event);
