import type { ModelRoles, ModelStatus, Platform, TheoremFlags } from '../schemas/model';
import type { UserType } from '../schemas/user';
import { userPermissionFlags } from './user-permissions';

/**
 * The permission module for model entries, used by the API to refuse and by the web app to show,
 * hide or disable actions. Outcomes: 'allowed'; 'disallowed' (the action is hidden: the user has no
 * business with it); 'forbidden' (the action is shown but disabled: the user could do it, but not in
 * the model's current state). These are 001 §6's words; 000 §6 uses them the other way round, and one
 * vocabulary serves the whole application (docs/permissions.md "Outcomes"). The spec's own exact
 * rules are "not shown" (000 §6); this table is our design, documented in docs/permissions.md.
 */
export type Outcome = 'allowed' | 'disallowed' | 'forbidden';

export type ModelAction =
  | 'view'
  | 'preview'
  | 'deleteDraft'
  | 'publish'
  | 'retire'
  | 'downloadAll'
  | 'edit'
  | 'manageAccess'
  | 'versionControl'
  | 'newVersion'
  | 'editLineage'
  | 'seeHistory'
  | 'folderView'
  | 'share'
  | 'requestAccess';

export interface PermissionUser {
  id: string;
  userType: UserType;
}

export interface PermissionModel {
  status: ModelStatus;
  roles: ModelRoles;
  platform?: Platform;
  /** THEOREM flags of the user asking, on this model (only on Oncology models). */
  theoremFlags?: TheoremFlags;
}

/** The strongest relation of a user to a model. */
export type Relation = 'superuser' | 'manager' | 'viewer' | 'modeler' | 'displayViewer' | 'none';

export function relationOf(user: PermissionUser, model: PermissionModel): Relation {
  if (user.userType === 'SUPERUSER') return 'superuser';
  const r = model.roles;
  if (r.vestLead === user.id || r.steward === user.id || r.owners.includes(user.id)) return 'manager';
  if (r.viewers.includes(user.id)) return 'viewer';
  if (r.calibrationModelers.includes(user.id) || r.scenarioModelers.includes(user.id)) return 'modeler';
  if (r.displayViewers.includes(user.id)) return 'displayViewer';
  return 'none';
}

const isManager = (rel: Relation) => rel === 'superuser' || rel === 'manager';
const isOwner = (user: PermissionUser, model: PermissionModel) =>
  model.roles.owners.includes(user.id) || model.roles.vestLead === user.id;
/** Roles that may see the full entry and download (000 §6: cards offer Download to these). */
const canRead = (rel: Relation) => isManager(rel) || rel === 'viewer';
const hasAnyRole = (rel: Relation) => rel !== 'none';

/** THEOREM models are read-only unless the user's model_access flag is set; super users are exempt. */
function theoremReadOnly(model: PermissionModel, rel: Relation): boolean {
  return rel !== 'superuser' && model.platform === 'Oncology' && model.theoremFlags?.model_access !== 'true';
}

export function modelPermission(action: ModelAction, user: PermissionUser, model: PermissionModel): Outcome {
  const rel = relationOf(user, model);
  const status = model.status;
  if (status === 'DELETED' || status === 'CREATING')
    return rel === 'superuser' && action === 'view' ? 'allowed' : 'disallowed';
  // Retired entries are visible to their owners only (000 §2): the lead is always an owner, the Model
  // Steward is not one (issue 21 §22), super users see everything.
  if (status === 'RETIRED' && rel !== 'superuser' && !isOwner(user, model)) return 'disallowed';
  switch (action) {
    case 'view':
      return hasAnyRole(rel) ? 'allowed' : 'disallowed';
    case 'preview':
      // Published entries can be previewed (general information) by every internal user.
      return hasAnyRole(rel) || (status === 'PUBLISHED' && user.userType === 'INTERNALUSER')
        ? 'allowed'
        : 'disallowed';
    case 'requestAccess':
      return !canRead(rel) && status === 'PUBLISHED' && user.userType !== 'EXTERNALUSER'
        ? 'allowed'
        : 'disallowed';
    case 'deleteDraft':
      if (!isManager(rel)) return 'disallowed';
      return status === 'DRAFT' ? 'allowed' : 'forbidden';
    case 'publish':
      if (!isManager(rel)) return 'disallowed';
      return status === 'DRAFT' ? 'allowed' : 'forbidden';
    case 'retire':
      if (!isManager(rel)) return 'disallowed';
      return status === 'PUBLISHED' ? 'allowed' : 'forbidden';
    case 'edit':
    case 'manageAccess':
      if (!isManager(rel)) return 'disallowed';
      if (status === 'RETIRED' || model.platform === 'Pneumococcal Vaccines' || theoremReadOnly(model, rel))
        return 'forbidden';
      return 'allowed';
    case 'downloadAll':
      if (canRead(rel)) return 'allowed';
      return hasAnyRole(rel) ? 'forbidden' : 'disallowed';
    case 'versionControl':
      return canRead(rel) ? 'allowed' : 'disallowed';
    case 'newVersion':
      // Version Tracking's 'New Model Version' (issue 18): the people who answer for the entry, when
      // they may add entries at all; the source is only read, but a read-only THEOREM or
      // PNEU-insights entry is not carried on by copying its files.
      if (!isManager(rel) || user.userType === 'EXTERNALUSER') return 'disallowed';
      if (status === 'RETIRED' || model.platform === 'Pneumococcal Vaccines' || theoremReadOnly(model, rel))
        return 'forbidden';
      return 'allowed';
    case 'editLineage':
      // 000 §6: Lineage is an editing action that also needs the version-control permission.
      if (!canRead(rel)) return 'disallowed';
      return modelPermission('edit', user, model);
    case 'seeHistory':
      // 000 §6: See History needs one permission more than Version Tracking: who changed which file
      // when is the managers' business; viewers compare versions but do not see the file history.
      if (!canRead(rel)) return 'disallowed';
      return isManager(rel) ? 'allowed' : 'disallowed';
    case 'folderView':
      if (canRead(rel)) return 'allowed';
      return hasAnyRole(rel) ? 'forbidden' : 'disallowed';
    case 'share':
      return canRead(rel) && status === 'PUBLISHED' ? 'allowed' : canRead(rel) ? 'forbidden' : 'disallowed';
  }
}

/** Adding a model entry: the createModel flag of 002 §6 (shared/rules/user-permissions.ts). */
export function canAddModel(userType: UserType): Outcome {
  return userPermissionFlags(userType, { managesEntries: false }).createModel ? 'allowed' : 'disallowed';
}

export const isAllowed = (o: Outcome) => o === 'allowed';
