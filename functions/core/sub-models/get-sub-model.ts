import type { SubModelView } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { loadSubModel, loadSubModelEntry, requireSubModelAction, toSubModelView } from './sub-model-access';

/** One sub-model, for those who see its section. */
export async function getSubModelOf(user: User, uuid: string, subModelId: string): Promise<SubModelView> {
  const model = await loadSubModelEntry(uuid, user);
  const subModel = await loadSubModel(model, subModelId);
  requireSubModelAction('view', user, model, subModel.type);
  return toSubModelView(user, model, subModel);
}
