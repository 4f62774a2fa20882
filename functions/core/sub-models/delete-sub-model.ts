import { SUB_MODEL_API_MESSAGES as MSG } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { type InstanceStatus, isRunning } from '@shared/sub-models/instances';
import { deleteInstances, listInstanceRefs } from '../../data/instances-outdate';
import {
  deleteKeys,
  deleteSubModelItem,
  listSubModels,
  removeSubModelLink,
  subModelOwnedKeys,
} from '../../data/sub-models';
import { ConflictError } from '../../lib/errors';
import { loadSubModel, loadSubModelEntry, requireSubModelAction } from './sub-model-access';

/**
 * Deletes a sub-model permanently (the Delete sub-model dialog, 'Sub-model has been deleted').
 * 1. Entry visible, WebModel 2.0; 'delete' on the sub-model (super users, owners, lead, steward; never
 *    a display sub-model); not on a retired entry.
 * 2. 409 while one of its instances runs (in queue or in process): its execution would lose its setup.
 * 3. Delete the sub-model item, conditional on the version read: from then on nothing of it is
 *    reachable, so the rest follows in batches: its input definitions, groups and group names, its
 *    instances (summary, name item, partition), and the links other sub-models had to it.
 */
export async function deleteSubModelOf(user: User, uuid: string, subModelId: string): Promise<void> {
  const model = await loadSubModelEntry(uuid, user);
  const subModel = await loadSubModel(model, subModelId);
  requireSubModelAction('delete', user, model, subModel.type);
  const instances = await listInstanceRefs(uuid, subModel.id);
  if (instances.some((i) => isRunning(i.status as InstanceStatus))) throw new ConflictError(MSG.running);

  await deleteSubModelItem(uuid, subModel.id, subModel.version);
  await deleteKeys(await subModelOwnedKeys(uuid, subModel.id));
  await deleteInstances(uuid, instances);
  const others = await listSubModels(uuid);
  for (const other of others) {
    if (other.executionSetupId === subModel.id)
      await removeSubModelLink(uuid, other.id, 'executionSetupId', subModel.id);
    if (other.displayExecutionSetupId === subModel.id)
      await removeSubModelLink(uuid, other.id, 'displayExecutionSetupId', subModel.id);
  }
}
