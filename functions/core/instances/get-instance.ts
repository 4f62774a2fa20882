import type { InstanceDetail } from '@shared/schemas/instance-api';
import type { User } from '@shared/schemas/user';
import { loadSubModelEntry } from '../sub-models/sub-model-access';
import { loadInstance } from './instance-access';
import { instanceDetail } from './instance-view';

/**
 * GET /v2/models/{uuid}/instances/{instanceId}: the instance with its values (only the parameters
 * within the caller's expertise level, §6), the caller's permissions and the active shares.
 * The entry must be visible and a WebModel 2.0 entry; the instance one of a section the caller sees
 * (404 otherwise).
 */
export async function getInstanceDetail(
  user: User,
  uuid: string,
  instanceId: string,
): Promise<InstanceDetail> {
  const model = await loadSubModelEntry(uuid, user);
  return instanceDetail(user, model, await loadInstance(user, model, instanceId));
}
