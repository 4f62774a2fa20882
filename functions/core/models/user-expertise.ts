import { allMembers } from '@shared/rules/model-roles';
import type { User } from '@shared/schemas/user';
import { getExpertise, putExpertise } from '../../data/expertise';
import type { ModelRecord } from '../../data/models';
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
  const stored = await getExpertise(uuid, userId);
  return stored
    ? { userId, expertiseTypeLevel: stored.expertiseTypeLevel, subModelIdList: stored.subModelIdList }
    : { userId, expertiseTypeLevel: 500, subModelIdList: [] };
}

/**
 * Sets a user's settings ('Update Settings').
 * 1. Authorize 'manageAccess'; WebModel 2.0 entries only (400).
 * 2. The body's user must be the path's (400) and hold a role on the entry (422).
 * 3. Store MODEL#<uuid> / EXPERTISE#<userId>.
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
  await putExpertise(uuid, {
    ...body,
    modifiedOn: now.toISOString(),
    modifiedBy: caller.id,
  });
  return body;
}
