import { SUB_MODEL_API_MESSAGES as MSG, type SubModelList } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import type { SubModelType } from '@shared/sub-models/sub-model';
import type { ModelRecord } from '../../data/models';
import { listSubModels } from '../../data/sub-models';
import { ForbiddenError } from '../../lib/errors';
import { loadSubModelEntry, sectionAccess, toSubModelView } from './sub-model-access';

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/**
 * The sub-models of an entry, of one section (`type`) or of every section the caller sees, sorted by
 * name (§2), with the caller's permissions and section access.
 * 1. The entry must be visible and a WebModel 2.0 entry.
 * 2. A section the caller does not see answers 403; without `type`, the sections the caller sees,
 *    and 403 when that is none (an internal user previewing a published entry holds no role on it).
 */
export async function listSubModelsOf(
  user: User,
  uuid: string,
  type: SubModelType | undefined,
  read?: { model: ModelRecord | undefined },
): Promise<SubModelList> {
  const model = await loadSubModelEntry(uuid, user, read);
  const access = sectionAccess(user, model);
  const seesAny = Object.values(access.sections).some((outcome) => outcome === 'allowed');
  if ((type && access.sections[type] !== 'allowed') || !seesAny) throw new ForbiddenError(MSG.sectionDenied);
  const records = (await listSubModels(uuid)).filter((s) =>
    type ? s.type === type : access.sections[s.type] === 'allowed',
  );
  return { items: records.sort(byName).map((r) => toSubModelView(user, model, r)), access };
}
