import type { Outcome } from '@shared/rules/model-permissions';
import { type InstancePermissions, INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import {
  canCloneInstance,
  canDeleteInstance,
  canEditInstance,
  instanceActionPermission,
} from '@shared/sub-models/instances';
import type { SubModelType } from '@shared/sub-models/sub-model';
import {
  changesInstance,
  instanceRolePermission,
  subModelPermission,
} from '@shared/sub-models/sub-model-access';
import { getInstance, type InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { permissionUser } from '../models/model-access';

/**
 * Authorization of the `instances` area (docs/permissions.md, "Instances"), after the entry check of
 * the sub-models area (visible entry, else 404; WebModel 2.0 only, else 400: loadSubModelEntry):
 * - seeing an instance: the caller sees its section (§6; display-section instances, the analyses of
 *   the visualization, for those who see the display section). A hidden analysis (a draft of the flow,
 *   not saved under a name yet) is seen only by those who may change it: its creator, the users it is
 *   shared with, the entry's owners, lead and steward, and super users (seesInstance). Otherwise 404,
 *   nothing revealed: an id alone must not open someone else's draft.
 * - the action's role rule of shared/sub-models: changing an instance (values, name, label, hidden,
 *   parameter files) belongs to its creator, the users it is shared with, the entry's owners, lead and
 *   steward, and super users (changesInstance; others who see it get it read-only); cloning it needs
 *   the role that may add instances to the section, sharing the share role, deleting only to see the
 *   section; not allowed → 403;
 * - then its state rule (shared/sub-models/instances.ts: edit only DRAFT/FAILED/CANCELLED, clone only
 *   non-outdated, delete own DRAFT/FAILED/CANCELLED/COMPLETED): not allowed → 409 with the reason,
 *   except "not the creator" for delete, which is the caller's relation, not the state: 403;
 * - a retired entry's instances are kept as they are: every write answers 409.
 */

export type InstanceAction = 'edit' | 'clone' | 'delete' | 'share' | 'label';

/** Whether the caller sees the instances of a section. */
export function seesInstancesOf(user: User, model: ModelRecord, type: SubModelType): boolean {
  const who = permissionUser(user);
  return type === 'display'
    ? subModelPermission('view', who, model.roles, type) === 'allowed'
    : instanceRolePermission('view', who, model.roles, type) === 'allowed';
}

export function visibleTypes(user: User, model: ModelRecord): Set<SubModelType> {
  return new Set(
    (['scenario', 'calibration', 'display'] as const).filter((t) => seesInstancesOf(user, model, t)),
  );
}

/**
 * Whether a hidden analysis is the caller's to see: a draft is private to those who may change it
 * (changesInstance, the rule of Save Analysis), not to everyone who sees the display section.
 */
export function seesAnalysisDraft(
  user: Pick<User, 'id' | 'userType'>,
  model: Pick<ModelRecord, 'roles'>,
  record: Pick<InstanceRecord, 'createdBy' | 'sharedWith'>,
): boolean {
  return changesInstance(permissionUser(user), model.roles, record);
}

/** Whether the caller sees this instance: its section, and for a hidden analysis seesAnalysisDraft. */
export function seesInstance(
  user: User,
  model: ModelRecord,
  record: Pick<InstanceRecord, 'type' | 'hidden' | 'createdBy' | 'sharedWith'>,
): boolean {
  if (!seesInstancesOf(user, model, record.type)) return false;
  return !(record.type === 'display' && record.hidden) || seesAnalysisDraft(user, model, record);
}

/** The instance if it exists and the caller sees it; 404 otherwise. */
export async function loadInstance(
  user: User,
  model: ModelRecord,
  instanceId: string,
): Promise<InstanceRecord> {
  const record = await getInstance(model.uuid, instanceId);
  if (!record || !seesInstance(user, model, record)) throw new NotFoundError(MSG.notFound);
  return record;
}

/**
 * The role half of an action. Display-section instances (analyses) are shared and deleted by those who
 * see the section; changing one (its name, display scenarios, values, hidden) is Save Analysis's rule:
 * who may change it (changesInstance), read-only for the others who see it.
 */
function roleOutcome(
  action: InstanceAction,
  user: User,
  model: ModelRecord,
  record: InstanceRecord,
): Outcome {
  if (record.type === 'display') {
    if (!seesInstancesOf(user, model, 'display')) return 'disallowed';
    if (action === 'edit' || action === 'label')
      return changesInstance(permissionUser(user), model.roles, record) ? 'allowed' : 'forbidden';
    return 'allowed';
  }
  const who = permissionUser(user);
  if (action === 'edit' || action === 'label') {
    // Changing it: who sees it, and among them its creator, those it is shared with, the owner tier.
    const sees = instanceRolePermission('view', who, model.roles, record.type, record);
    if (sees !== 'allowed') return sees;
    return changesInstance(who, model.roles, record) ? 'allowed' : 'forbidden';
  }
  const roleAction = action === 'share' ? 'share' : action === 'delete' ? 'view' : 'add';
  return instanceRolePermission(roleAction, who, model.roles, record.type, record);
}

/** The state half: undefined when the instance's state allows the action, else why not. */
function stateProblem(action: InstanceAction, user: User, record: InstanceRecord): string | undefined {
  switch (action) {
    case 'edit':
      return canEditInstance(record.status) ? undefined : MSG.editState;
    case 'clone':
      return canCloneInstance(record) ? undefined : MSG.cloneOutdated;
    case 'delete':
      return canDeleteInstance(record, user.id) ? undefined : MSG.deleteState;
    default:
      return undefined;
  }
}

/**
 * The action's outcome as the web app shows it (forbidden = shown disabled): the shared rule
 * (instanceActionPermission) for scenario and calibration instances, the section for display ones.
 */
export function instanceOutcome(
  action: InstanceAction,
  user: User,
  model: ModelRecord,
  record: InstanceRecord,
): Outcome {
  let outcome: Outcome;
  if (record.type === 'display' || action === 'label') {
    outcome = roleOutcome(action, user, model, record);
    if (outcome === 'allowed' && action === 'delete' && record.createdBy !== user.id) outcome = 'disallowed';
    if (outcome === 'allowed' && stateProblem(action, user, record)) outcome = 'forbidden';
  } else {
    outcome = instanceActionPermission(action, {
      user: permissionUser(user),
      roles: model.roles,
      type: record.type,
      instance: record,
    });
  }
  return outcome === 'allowed' && model.status === 'RETIRED' ? 'forbidden' : outcome;
}

export function instancePermissions(
  user: User,
  model: ModelRecord,
  record: InstanceRecord,
): InstancePermissions {
  return {
    edit: instanceOutcome('edit', user, model, record),
    clone: instanceOutcome('clone', user, model, record),
    delete: instanceOutcome('delete', user, model, record),
    share: instanceOutcome('share', user, model, record),
  };
}

const DENIED: Record<InstanceAction, string> = {
  edit: MSG.actionDenied,
  label: MSG.actionDenied,
  clone: MSG.addDenied,
  delete: MSG.actionDenied,
  share: MSG.shareDenied,
};

/** Throws unless the caller may do `action` with the instance now (see the module comment). */
export function requireInstanceAction(
  action: InstanceAction,
  user: User,
  model: ModelRecord,
  record: InstanceRecord,
): void {
  if (roleOutcome(action, user, model, record) !== 'allowed') throw new ForbiddenError(DENIED[action]);
  if (action === 'delete' && record.createdBy !== user.id) throw new ForbiddenError(MSG.deleteOwn);
  if (model.status === 'RETIRED') throw new ConflictError(SUB_MODEL_API_MESSAGES.retired);
  const problem = stateProblem(action, user, record);
  if (problem) throw new ConflictError(problem);
}
