import {
  type ModelAction,
  modelPermission,
  type Outcome,
  type PermissionModel,
  type PermissionUser,
} from '@shared/rules/model-permissions';
import type { TheoremFlags } from '@shared/schemas/model';
import type { ModelPermissions } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { getModel, type ModelRecord } from '../../data/models';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';

/**
 * Server-side authorization of model entries with the shared permission module
 * (shared/rules/model-permissions.ts). The API's answers:
 * - 404 when the entry does not exist or the caller may neither view nor preview it (nothing revealed);
 * - 403 when the outcome is 'disallowed' (the caller has no business with the action);
 * - 403 for 'forbidden' too (e.g. a modeler's download, a read-only PNEU-insights or THEOREM
 *   entry), except when the entry's state is the cause (publishing a published entry...): 409.
 */
export const MODEL_NOT_FOUND = 'Model entry not found.';

const ACTIONS: readonly (keyof ModelPermissions)[] = [
  'view',
  'preview',
  'deleteDraft',
  'publish',
  'retire',
  'downloadAll',
  'edit',
  'manageAccess',
  'versionControl',
  'newVersion',
  'editLineage',
  'seeHistory',
  'folderView',
  'share',
  'requestAccess',
];

export const permissionUser = (user: Pick<User, 'id' | 'userType'>): PermissionUser => ({
  id: user.id,
  userType: user.userType,
});

/** The THEOREM flags `user` holds on the entry (per user, set by super users), if any. */
export function theoremFlagsOf(model: ModelRecord, user: Pick<User, 'id'>): TheoremFlags | undefined {
  return model.theoremAccess?.[user.id];
}

/** The entry as the permission module sees it for `user`: THEOREM flags are the caller's own. */
export function permissionModel(model: ModelRecord, user: Pick<User, 'id'>): PermissionModel {
  const flags = theoremFlagsOf(model, user);
  return {
    status: model.status,
    roles: model.roles,
    ...(model.metadata.platform ? { platform: model.metadata.platform } : {}),
    ...(flags ? { theoremFlags: flags } : {}),
  };
}

export function outcome(action: ModelAction, user: User, model: ModelRecord): Outcome {
  return modelPermission(action, permissionUser(user), permissionModel(model, user));
}

/** Value and Implementation Lead, Model Steward or a Model Owner of the entry. */
export function isModelManager(user: Pick<User, 'id'>, model: Pick<ModelRecord, 'roles'>): boolean {
  const r = model.roles;
  return r.vestLead === user.id || r.steward === user.id || r.owners.includes(user.id);
}

export function permissionsOf(user: User, model: ModelRecord): ModelPermissions {
  return Object.fromEntries(ACTIONS.map((a) => [a, outcome(a, user, model)])) as ModelPermissions;
}

export const canSee = (user: User, model: ModelRecord) =>
  outcome('view', user, model) === 'allowed' || outcome('preview', user, model) === 'allowed';

/** Reads an entry the caller may at least preview; 404 otherwise (also when `read` found nothing). */
export async function loadVisibleModel(
  uuid: string,
  user: User,
  /** The result of reading the entry already (a handler's prefetch), found or not. */
  read?: { model: ModelRecord | undefined },
): Promise<ModelRecord> {
  const model = read ? read.model : await getModel(uuid);
  if (!model || model.status === 'DELETED' || model.status === 'CREATING' || !canSee(user, model)) {
    throw new NotFoundError(MODEL_NOT_FOUND);
  }
  return model;
}

/** The message of a 'forbidden' outcome that comes from the entry's state (409), if that is the cause. */
export function stateConflict(action: ModelAction, model: ModelRecord): string | undefined {
  switch (action) {
    case 'deleteDraft':
      return model.status !== 'DRAFT' ? 'Only a draft model entry can be deleted.' : undefined;
    case 'publish':
      return model.status !== 'DRAFT' ? 'Only a draft model entry can be published.' : undefined;
    case 'retire':
      return model.status !== 'PUBLISHED' ? 'Only a published model entry can be retired.' : undefined;
    case 'share':
      return model.status !== 'PUBLISHED' ? 'Only a published model entry can be shared.' : undefined;
    case 'edit':
    case 'manageAccess':
    case 'editLineage':
      return model.status === 'RETIRED' ? 'A retired model entry cannot be changed.' : undefined;
    case 'newVersion':
      return model.status === 'RETIRED' ? 'A retired model entry cannot get a new version.' : undefined;
    default:
      return undefined;
  }
}

/** Throws unless `action` is allowed for the caller on the entry (see the module comment). */
export function requireAction(action: ModelAction, user: User, model: ModelRecord): void {
  const result = outcome(action, user, model);
  if (result === 'allowed') return;
  if (result === 'disallowed' && !canSee(user, model)) throw new NotFoundError(MODEL_NOT_FOUND);
  const conflict = result === 'forbidden' ? stateConflict(action, model) : undefined;
  if (conflict) throw new ConflictError(conflict);
  if (result === 'forbidden' && (action === 'edit' || action === 'manageAccess')) {
    throw new ForbiddenError('This model entry is read-only.');
  }
  throw new ForbiddenError('You do not have permission to do this on this model entry.');
}

/** Loads the entry and checks one action. */
export async function loadModelFor(action: ModelAction, uuid: string, user: User): Promise<ModelRecord> {
  const model = await loadVisibleModel(uuid, user);
  requireAction(action, user, model);
  return model;
}
