import { allMembers } from '@shared/rules/model-roles';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { modelRolesOf, subModelAccessProblem } from '@shared/sub-models/sub-model-access';
import { getExpertise, putExpertise } from '../../data/expertise';
import type { ModelRecord } from '../../data/models';
import { listSubModels, type SubModelRecord } from '../../data/sub-models';
import { BadRequestError, ForbiddenError, UnprocessableError } from '../../lib/errors';
import { loadVisibleModel, outcome } from './model-access';

export const USER_SETTINGS_ONLY_WEBMODEL = "User Settings are only available for 'WebModel 2.0' models.";

export interface UserExpertise {
  userId: string;
  expertiseTypeLevel: 250 | 500 | 750 | 1000;
  subModelIdList: string[];
}

function requireWebModel(model: ModelRecord): void {
  if (model.metadata.platform !== 'WebModel 2.0') throw new BadRequestError(USER_SETTINGS_ONLY_WEBMODEL);
}

/**
 * A user's settings on a WebModel 2.0 entry ('User Settings' of the Model Access modal).
 * Readable by those who manage the entry's access and by the user themself; the default level
 * (500) when nothing was stored.
 */
export async function getUserExpertise(caller: User, uuid: string, userId: string): Promise<UserExpertise> {
  const model = await loadVisibleModel(uuid, caller);
  const self = userId === caller.id && outcome('view', caller, model) === 'allowed';
  if (!self && outcome('manageAccess', caller, model) !== 'allowed') {
    throw new ForbiddenError('You do not have permission to see the settings of this user.');
  }
  requireWebModel(model);
  const [stored, subModels] = await Promise.all([getExpertise(uuid, userId), listSubModels(uuid)]);
  if (!stored) return { userId, expertiseTypeLevel: 500, subModelIdList: [] };
  // A sub-model deleted since the settings were saved drops out of the list.
  const assignable = new Set(assignableSubModels(subModels).map((s) => s.id));
  return {
    userId,
    expertiseTypeLevel: stored.expertiseTypeLevel,
    subModelIdList: stored.subModelIdList.filter((id) => assignable.has(id)),
  };
}

/** The sub-models the two tables of User Settings list: Calibration and Scenario Management. */
const assignableSubModels = (subModels: readonly SubModelRecord[]) =>
  subModels.filter((s) => s.type === 'calibration' || s.type === 'scenario');

/**
 * The problems of a sub-model list: every id must name a calibration or scenario sub-model of the
 * entry, and the user must have access to its section (spec 001 §6: 'Selected User doesn't have the
 * access to this Sub Model. ...').
 */
export function subModelListIssues(
  model: Pick<ModelRecord, 'roles'>,
  userId: string,
  ids: readonly string[],
  subModels: readonly SubModelRecord[],
): { path: string; message: string }[] {
  const byId = new Map(assignableSubModels(subModels).map((s) => [s.id, s]));
  const held = modelRolesOf(userId, model.roles);
  return ids.flatMap((id, index) => {
    const path = `body.subModelIdList.${index}`;
    const subModel = byId.get(id);
    if (!subModel) return [{ path, message: SUB_MODEL_API_MESSAGES.subModelIdUnknown(id) }];
    const problem = subModelAccessProblem(held, subModel.type);
    return problem ? [{ path, message: problem }] : [];
  });
}

/**
 * Sets a user's settings ('Update Settings').
 * 1. Authorize 'manageAccess'; WebModel 2.0 entries only (400).
 * 2. The body's user must be the path's (400) and hold a role on the entry (422).
 * 3. Every sub-model id must name a calibration or scenario sub-model of the entry whose section the
 *    user sees (422 with every problem); repeated ids are kept once.
 * 4. Store MODEL#<uuid> / EXPERTISE#<userId>.
 */
export async function putUserExpertise(
  caller: User,
  uuid: string,
  userId: string,
  body: UserExpertise,
  now = new Date(),
): Promise<UserExpertise> {
  const model = await loadVisibleModel(uuid, caller);
  if (outcome('manageAccess', caller, model) !== 'allowed') {
    throw new ForbiddenError('You do not have permission to change the settings of this user.');
  }
  requireWebModel(model);
  if (body.userId !== userId) throw new BadRequestError('The user in the body must be the user of the path.');
  if (!allMembers(model.roles).has(userId)) {
    throw new UnprocessableError(`User ${userId} has no role on this model entry.`);
  }
  const subModelIdList = [...new Set(body.subModelIdList)];
  const issues = subModelListIssues(model, userId, subModelIdList, await listSubModels(uuid));
  const first = issues[0];
  if (first) throw new UnprocessableError(first.message, issues);
  const settings = { ...body, subModelIdList };
  await putExpertise(uuid, {
    ...settings,
    modifiedOn: now.toISOString(),
    modifiedBy: caller.id,
  });
  return settings;
}
