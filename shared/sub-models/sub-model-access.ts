import type { Outcome, PermissionUser } from '../rules/model-permissions';
import type { ModelRole, ModelRoles } from '../schemas/model';
import { SUB_MODEL_MESSAGES } from './messages';
import type { SubModelType } from './sub-model';

/**
 * Who may do what with sub-models and instances (spec 001 §6), from the user's roles on the entry.
 * Outcomes as in shared/rules/model-permissions.ts: 'allowed', 'disallowed' (hidden), 'forbidden'
 * (shown disabled). Super users may do everything a role could.
 *
 * Our reading of §6 where it is terse (docs/permissions.md should get this table):
 * - Sections: scenario and display for every role; calibration for owners, the lead, the steward,
 *   viewers and calibration modelers.
 * - Adding a sub-model: those who may edit sub-models (super users, owners, the lead, the steward), and
 *   the modelers in their own section: calibration modelers in the calibration section, scenario
 *   modelers in the scenario section. A viewer or display viewer adds none: they could not edit or
 *   delete what they added (issue 21 §2).
 * - Editing and deleting a sub-model: super users, owners (the lead is an owner) and the steward, and
 *   "not for the display type": display sub-models offer no edit or delete.
 * - A scenario modeler (who is not also a calibration modeler) may not act on calibration sub-models:
 *   the section is hidden and any action on one is forbidden.
 * - Instances are hidden in the display section. Adding one: owners, steward, viewers, super users and
 *   the modelers of the section (calibration modelers in both sections, scenario modelers in the
 *   scenario section); the spec's list names only the first four, but a modeler who cannot create
 *   instances could not do the job the role is for.
 */

export type SubModelAction = 'view' | 'add' | 'edit' | 'delete';
export type InstanceRoleAction = 'view' | 'add' | 'share';

/** The roles `user` holds on an entry (VESTLEAD, STEWARD and OWNER may overlap). */
export function modelRolesOf(userId: string, roles: ModelRoles): Set<ModelRole> {
  const held = new Set<ModelRole>();
  if (roles.vestLead === userId) held.add('VESTLEAD');
  if (roles.steward === userId) held.add('STEWARD');
  if (roles.owners.includes(userId)) held.add('OWNER');
  if (roles.viewers.includes(userId)) held.add('VIEWER');
  if (roles.displayViewers.includes(userId)) held.add('DISPLAYVIEWER');
  if (roles.calibrationModelers.includes(userId)) held.add('CALIBRATORMODELER');
  if (roles.scenarioModelers.includes(userId)) held.add('SCENARIOMODELER');
  return held;
}

const OWNER_TIER: readonly ModelRole[] = ['OWNER', 'VESTLEAD', 'STEWARD'];

/** §6 "Sub-model list access": the roles that see each section. */
export const SECTION_ROLES: Record<SubModelType, readonly ModelRole[]> = {
  scenario: [
    'OWNER',
    'STEWARD',
    'VIEWER',
    'VESTLEAD',
    'CALIBRATORMODELER',
    'SCENARIOMODELER',
    'DISPLAYVIEWER',
  ],
  calibration: ['OWNER', 'VIEWER', 'CALIBRATORMODELER', 'STEWARD', 'VESTLEAD'],
  display: [
    'OWNER',
    'VIEWER',
    'CALIBRATORMODELER',
    'STEWARD',
    'VESTLEAD',
    'SCENARIOMODELER',
    'DISPLAYVIEWER',
  ],
};

const holdsAny = (held: ReadonlySet<ModelRole>, roles: readonly ModelRole[]) =>
  roles.some((r) => held.has(r));
const isSuperUser = (user: PermissionUser) => user.userType === 'SUPERUSER';

/** Whether roles `held` see the section of `type` (super users see all). */
export function seesSection(held: ReadonlySet<ModelRole>, type: SubModelType, superUser = false): boolean {
  return superUser || holdsAny(held, SECTION_ROLES[type]);
}

/** The sections a user sees on an entry, in the order scenario, calibration, display. */
export function visibleSections(user: PermissionUser, roles: ModelRoles): SubModelType[] {
  const held = modelRolesOf(user.id, roles);
  return (['scenario', 'calibration', 'display'] as const).filter((t) =>
    seesSection(held, t, isSuperUser(user)),
  );
}

/** A scenario modeler who is not a calibration modeler may not act on calibration sub-models. */
function scenarioModelerOnCalibration(held: ReadonlySet<ModelRole>, type: SubModelType): boolean {
  return (
    type === 'calibration' &&
    held.has('SCENARIOMODELER') &&
    !held.has('CALIBRATORMODELER') &&
    !holdsAny(held, OWNER_TIER) &&
    !held.has('VIEWER')
  );
}

export function subModelPermission(
  action: SubModelAction,
  user: PermissionUser,
  roles: ModelRoles,
  type: SubModelType,
): Outcome {
  const held = modelRolesOf(user.id, roles);
  const superUser = isSuperUser(user);
  if (!superUser && action !== 'view' && scenarioModelerOnCalibration(held, type)) return 'forbidden';
  if (!seesSection(held, type, superUser)) return 'disallowed';
  switch (action) {
    case 'view':
      return 'allowed';
    case 'add': {
      const ownModeler =
        (type === 'calibration' && held.has('CALIBRATORMODELER')) ||
        (type === 'scenario' && held.has('SCENARIOMODELER'));
      return superUser || holdsAny(held, OWNER_TIER) || ownModeler ? 'allowed' : 'disallowed';
    }
    case 'edit':
    case 'delete':
      if (type === 'display') return 'disallowed';
      return superUser || holdsAny(held, OWNER_TIER) ? 'allowed' : 'disallowed';
  }
}

/**
 * Whether `user` may change an instance (its values, name, label, parameter files), given that they see
 * its section: its creator, the users it is shared with, the entry's owners, lead and steward, and super
 * users. Anyone else who sees it sees it read-only (issue 21 §2: a viewer could edit another user's
 * unshared draft).
 */
export function changesInstance(
  user: PermissionUser,
  roles: ModelRoles,
  instance: { createdBy: string; sharedWith?: readonly string[] },
): boolean {
  return (
    isSuperUser(user) ||
    holdsAny(modelRolesOf(user.id, roles), OWNER_TIER) ||
    instance.createdBy === user.id ||
    (instance.sharedWith ?? []).includes(user.id)
  );
}

/** Role-based instance permissions; state rules (status, creator) are in instances.ts. */
export function instanceRolePermission(
  action: InstanceRoleAction,
  user: PermissionUser,
  roles: ModelRoles,
  type: SubModelType,
  instance?: { createdBy: string },
): Outcome {
  const held = modelRolesOf(user.id, roles);
  const superUser = isSuperUser(user);
  if (type === 'display') return 'disallowed';
  if (!superUser && scenarioModelerOnCalibration(held, type))
    return action === 'view' ? 'disallowed' : 'forbidden';
  if (!seesSection(held, type, superUser)) return 'disallowed';
  const creator = instance !== undefined && instance.createdBy === user.id;
  switch (action) {
    case 'view':
      return 'allowed';
    case 'add': {
      const modeler = held.has('CALIBRATORMODELER') || (type === 'scenario' && held.has('SCENARIOMODELER'));
      return superUser || holdsAny(held, OWNER_TIER) || held.has('VIEWER') || modeler
        ? 'allowed'
        : 'disallowed';
    }
    case 'share':
      // §6: owner, calibration modeler, or a user with scenario ownership (the instance's creator).
      return superUser || holdsAny(held, OWNER_TIER) || held.has('CALIBRATORMODELER') || creator
        ? 'allowed'
        : 'disallowed';
  }
}

/**
 * §6: a user lacking access to a sub-model cannot be assigned it (User Settings) or have one of its
 * instances shared with them. `held` are that user's roles on the entry.
 */
export function subModelAccessProblem(
  held: ReadonlySet<ModelRole>,
  type: SubModelType,
  superUser = false,
): string | undefined {
  if (superUser) return undefined;
  if (!seesSection(held, type) || scenarioModelerOnCalibration(held, type))
    return SUB_MODEL_MESSAGES.subModelAccessDenied;
  return undefined;
}
