import {
  type InstanceDetail,
  INSTANCE_API_MESSAGES as MSG,
  type SaveAnalysisBody,
} from '@shared/schemas/instance-api';
import type { ModelRoles } from '@shared/schemas/model';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { changesInstance } from '@shared/sub-models/sub-model-access';
import { commitInstanceWrite, type InstanceRecord, instanceNameKey } from '../../data/instances';
import { ConflictError, ForbiddenError, UnprocessableError } from '../../lib/errors';
import { permissionUser } from '../models/model-access';
import { loadSubModelEntry } from '../sub-models/sub-model-access';
import { loadInstance } from './instance-access';
import { applyLocalWrite, heldInstanceList } from './instance-list-cache';
import { instanceDetail } from './instance-view';

/**
 * Who may save an analysis under a name (spec 001 §4 "Save or Update Analysis"; docs/permissions.md
 * "Analyses"): those who may change it, i.e. its creator, the users it is shared with, the entry's
 * owners, lead and steward, and super users. Others who see the display section may open a saved
 * analysis but not rename or un-hide someone else's draft.
 */
export function savesAnalysis(
  user: Pick<User, 'id' | 'userType'>,
  roles: ModelRoles,
  analysis: Pick<InstanceRecord, 'createdBy' | 'sharedWith'>,
): boolean {
  return changesInstance({ id: user.id, userType: user.userType }, roles, analysis);
}

/**
 * POST /v2/models/{uuid}/instances/{instanceId}/analysis: Save or Update Analysis.
 * 1. The entry is visible (404) and WebModel 2.0 (400); the caller sees the analysis (404).
 * 2. It is an analysis, an instance of a display sub-model (422), and the caller may save it (403);
 *    a retired entry's analyses are kept as they are (409).
 * 3. Unlike a rename through PATCH, any state will do: an analysis is saved once its run has shown a
 *    result. The name takes its guard and gives the old one back in one transaction (409 'Instance Name
 *    is not unique' when taken); `hidden` becomes false. `saved` tells whether it was hidden before.
 */
export async function saveAnalysis(
  user: User,
  uuid: string,
  instanceId: string,
  body: SaveAnalysisBody,
  now = new Date(),
): Promise<{ instance: InstanceDetail; saved: boolean }> {
  const model = await loadSubModelEntry(uuid, user);
  const read = await loadInstance(user, model, instanceId);
  if (read.type !== 'display')
    throw new UnprocessableError(MSG.notAnAnalysis, [{ path: 'instanceId', message: MSG.notAnAnalysis }]);
  if (!savesAnalysis(permissionUser(user), model.roles, read))
    throw new ForbiddenError(MSG.analysisSaveDenied);
  if (model.status === 'RETIRED') throw new ConflictError(SUB_MODEL_API_MESSAGES.retired);
  const saved = read.hidden;
  if (!saved && body.name === read.name) return { instance: await instanceDetail(user, model, read), saved };
  const next: InstanceRecord = {
    ...read,
    name: body.name,
    nameKey: instanceNameKey(body.name),
    hidden: false,
    modifiedOn: now.toISOString(),
    modifiedBy: user.id,
    rev: read.rev + 1,
  };
  const guard = next.nameKey !== read.nameKey;
  const before = heldInstanceList(uuid);
  await commitInstanceWrite({
    uuid,
    put: [{ record: next, read }],
    ...(guard
      ? {
          takeNames: [{ nameKey: next.nameKey, name: next.name, instanceId: read.id }],
          releaseNames: [{ nameKey: read.nameKey, instanceId: read.id }],
        }
      : {}),
  });
  await applyLocalWrite(uuid, before, { upsert: [next] });
  return { instance: await instanceDetail(user, model, next), saved };
}
