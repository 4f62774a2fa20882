import type { Outcome, PermissionUser } from '../rules/model-permissions';
import type { ModelRoles } from '../schemas/model';
import type { InstanceStatus } from '../sub-models/instances';
import type { SubModelType } from '../sub-models/sub-model';
import { instanceRolePermission, modelRolesOf, subModelPermission } from '../sub-models/sub-model-access';
import {
  GOVERNANCE_TRANSITIONS,
  type GovernanceAction,
  hasGovernance,
  isActiveRun,
  isExecutable,
} from './execution-status';

/**
 * Who may execute, cancel and govern instances (spec 001 §4, §6), for the API and the web app's
 * sidebars. Outcomes as everywhere: 'allowed', 'disallowed' (hidden), 'forbidden' (shown disabled).
 * The spec states only the cancel rule ("instance creator or shared users"); ours for the rest
 * (docs/permissions.md, "Executions"):
 * - Seeing the instance comes first: its section must be visible to the user (display-section
 *   instances, the visualization's analyses, to those who see the display section).
 * - Execute and cancel: the instance's creator, a user it is shared with, or a super user. Execute is
 *   disabled while the instance runs and for accepted or superseded ones; cancel only while it runs.
 * - Accept, unaccept, supersede: non-scenario sub-models only; super users, the entry's owners, lead
 *   and steward, and in the calibration section its calibration modelers; each from its one status.
 */

export interface ExecutionSubject {
  type: SubModelType;
  status: InstanceStatus;
  createdBy: string;
  /** Users the instance is shared with (ACTIVE shares). */
  sharedWith: readonly string[];
}

const isSuperUser = (user: PermissionUser) => user.userType === 'SUPERUSER';

/** Whether the user sees the instances of a section. */
export function seesInstanceSection(user: PermissionUser, roles: ModelRoles, type: SubModelType): boolean {
  return type === 'display'
    ? subModelPermission('view', user, roles, type) === 'allowed'
    : instanceRolePermission('view', user, roles, type) === 'allowed';
}

/** The creator, a user it is shared with, or a super user. */
export function runsInstance(
  user: PermissionUser,
  instance: Pick<ExecutionSubject, 'createdBy' | 'sharedWith'>,
) {
  return isSuperUser(user) || instance.createdBy === user.id || instance.sharedWith.includes(user.id);
}

export function executeOutcome(user: PermissionUser, roles: ModelRoles, instance: ExecutionSubject): Outcome {
  if (!seesInstanceSection(user, roles, instance.type) || !runsInstance(user, instance)) return 'disallowed';
  return isExecutable(instance.status) ? 'allowed' : 'forbidden';
}

export function cancelOutcome(user: PermissionUser, roles: ModelRoles, instance: ExecutionSubject): Outcome {
  if (!seesInstanceSection(user, roles, instance.type) || !runsInstance(user, instance)) return 'disallowed';
  return isActiveRun(instance.status) ? 'allowed' : 'forbidden';
}

/** The role half of governance: who decides which calibration (or display) result counts. */
export function governsInstances(user: PermissionUser, roles: ModelRoles, type: SubModelType): boolean {
  if (!hasGovernance(type) || !seesInstanceSection(user, roles, type)) return false;
  if (isSuperUser(user)) return true;
  const held = modelRolesOf(user.id, roles);
  return (
    held.has('OWNER') ||
    held.has('VESTLEAD') ||
    held.has('STEWARD') ||
    (type === 'calibration' && held.has('CALIBRATORMODELER'))
  );
}

export function governanceOutcome(
  action: GovernanceAction,
  user: PermissionUser,
  roles: ModelRoles,
  instance: Pick<ExecutionSubject, 'type' | 'status'>,
): Outcome {
  if (!governsInstances(user, roles, instance.type)) return 'disallowed';
  return instance.status === GOVERNANCE_TRANSITIONS[action].from ? 'allowed' : 'forbidden';
}
