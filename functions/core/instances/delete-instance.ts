import type { User } from '@shared/schemas/user';
import {
  commitInstanceWrite,
  deleteShareItems,
  listInstanceShares,
  MAX_INSTANCE_TX_ITEMS,
} from '../../data/instances';
import { loadSubModelEntry } from '../sub-models/sub-model-access';
import { loadInstance, requireInstanceAction } from './instance-access';
import { applyLocalWrite, heldInstanceList } from './instance-list-cache';

/**
 * DELETE /v2/models/{uuid}/instances/{instanceId}: permanent (§4).
 * 1. The caller must see the instance (404), be its creator (403) and find it not executed, failed,
 *    cancelled or completed (409).
 * 2. One transaction: the instance (as read), its name guard, its values, its shares and the counter.
 *    Shares beyond what one transaction holds go right after (a share of a deleted instance reaches
 *    nothing).
 */
export async function deleteInstance(user: User, uuid: string, instanceId: string): Promise<void> {
  const model = await loadSubModelEntry(uuid, user);
  const read = await loadInstance(user, model, instanceId);
  requireInstanceAction('delete', user, model, read);
  const shares = await listInstanceShares(read.id);
  // The instance, its name guard, its values and the counter take four items.
  const fit = shares.length <= MAX_INSTANCE_TX_ITEMS - 4;
  const before = heldInstanceList(uuid);
  await commitInstanceWrite({
    uuid,
    remove: [read],
    releaseNames: [{ nameKey: read.nameKey, instanceId: read.id }],
    removeInputs: [read.id],
    ...(fit ? { removeShares: shares.map((s) => ({ instanceId: read.id, userId: s.userId })) } : {}),
  });
  if (!fit) await deleteShareItems([read.id]);
  await applyLocalWrite(uuid, before, { remove: [read.id] });
}
