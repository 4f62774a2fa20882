import type { User } from '@shared/schemas/user';
import { outdateInstances } from '../../data/instances-outdate';
import { loadSubModel, loadSubModelEntry, requireSubModelAction } from './sub-model-access';

/**
 * 'Outdate instances' on its own (§7 "outdate by execution setup id"): marks the sub-model's
 * instances outdated; for those who may edit the sub-model.
 */
export async function outdateSubModel(
  user: User,
  uuid: string,
  subModelId: string,
  now = new Date(),
): Promise<{ outdated: number }> {
  const model = await loadSubModelEntry(uuid, user);
  const subModel = await loadSubModel(model, subModelId);
  requireSubModelAction('edit', user, model, subModel.type);
  return { outdated: await outdateInstances(uuid, subModel.id, now) };
}
