import type { ModelRoles } from '../schemas/model';
import type { ExternalUserType, UserType } from '../schemas/user';

/**
 * Role exclusivity (000 §4): a user holds one kind of access on a model. The tiers are
 * owner (owners, the Value and Implementation Lead, the Model Steward), modeler (calibration and/or
 * scenario modeler: one person may be both), viewer and display viewer. Adding a user to one tier
 * removes them from the roles of the other tiers.
 */
export type AssignableRole =
  | 'owners'
  | 'viewers'
  | 'displayViewers'
  | 'calibrationModelers'
  | 'scenarioModelers';
type ListRole = AssignableRole;

const LIST_ROLES: readonly ListRole[] = [
  'owners',
  'viewers',
  'displayViewers',
  'calibrationModelers',
  'scenarioModelers',
];

/** The list roles a user must leave when added to `role` (the single roles lead/steward count as owners). */
export const EXCLUDED_BY: Record<ListRole | 'vestLead' | 'steward', readonly ListRole[]> = {
  owners: ['viewers', 'displayViewers', 'calibrationModelers', 'scenarioModelers'],
  vestLead: ['viewers', 'displayViewers', 'calibrationModelers', 'scenarioModelers'],
  steward: ['viewers', 'displayViewers', 'calibrationModelers', 'scenarioModelers'],
  calibrationModelers: ['owners', 'viewers', 'displayViewers'],
  scenarioModelers: ['owners', 'viewers', 'displayViewers'],
  viewers: ['owners', 'displayViewers', 'calibrationModelers', 'scenarioModelers'],
  displayViewers: ['owners', 'viewers', 'calibrationModelers', 'scenarioModelers'],
};

const without = (list: readonly string[], id: string) => list.filter((x) => x !== id);
const withUser = (list: readonly string[], id: string) => (list.includes(id) ? [...list] : [...list, id]);

/** Adds a user to a role, removing them from the roles that role excludes. Lead and steward replace. */
export function assignRole(
  roles: ModelRoles,
  role: ListRole | 'vestLead' | 'steward',
  userId: string,
): ModelRoles {
  const next: ModelRoles = { ...roles };
  for (const excluded of EXCLUDED_BY[role]) next[excluded] = without(next[excluded], userId);
  if (role === 'vestLead') {
    next.vestLead = userId;
    // The lead is always an owner: owners cannot remove the lead from the owner list.
    next.owners = withUser(next.owners, userId);
  } else if (role === 'steward') {
    next.steward = userId;
  } else {
    next[role] = withUser(next[role], userId);
  }
  return next;
}

/**
 * Brings a whole role set (as sent by a client) into the exclusive form, deterministically: the owner
 * tier wins over modelers, modelers over viewers, viewers over display viewers. Duplicates are removed.
 */
export function normalizeRoles(roles: ModelRoles): ModelRoles {
  const owners = new Set(roles.owners);
  if (roles.vestLead) owners.add(roles.vestLead);
  const ownerTier = new Set([...owners, ...(roles.steward ? [roles.steward] : [])]);
  const calibration = unique(roles.calibrationModelers).filter((id) => !ownerTier.has(id));
  const scenario = unique(roles.scenarioModelers).filter((id) => !ownerTier.has(id));
  const modelers = new Set([...calibration, ...scenario]);
  const viewers = unique(roles.viewers).filter((id) => !ownerTier.has(id) && !modelers.has(id));
  const viewerSet = new Set(viewers);
  const displayViewers = unique(roles.displayViewers).filter(
    (id) => !ownerTier.has(id) && !modelers.has(id) && !viewerSet.has(id),
  );
  return {
    ...(roles.vestLead ? { vestLead: roles.vestLead } : {}),
    ...(roles.steward ? { steward: roles.steward } : {}),
    owners: [...owners],
    viewers,
    displayViewers,
    calibrationModelers: calibration,
    scenarioModelers: scenario,
  };
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)];
}

export const ROLE_MESSAGES = {
  externalLead: 'External user cannot be added as the Value and Implementation Lead.',
  externalSteward: 'External user cannot be added as the Model Steward.',
  ownersRequired: 'At least one Model Owner is required.',
  leadRequired: 'The Value and Implementation Lead is required.',
  stewardRequired: 'The Model Steward is required.',
  cannotRemoveSelf: 'You cannot remove yourself from the owners of this model.',
  cannotRemoveLead: 'The Value and Implementation Lead cannot be removed from the owners.',
  htaViewerOrOwner: 'An HTA external user cannot be assigned as viewer or owner of a model.',
  externalSensitive: (what: 'sensitive model' | 'Theorem model') =>
    `External user access cannot be added as this is a ${what}.`,
} as const;

export interface RoleUser {
  id: string;
  userType: UserType;
  externalUserType?: ExternalUserType;
}

export interface RoleChangeInput {
  before: ModelRoles | undefined;
  after: ModelRoles;
  actor: RoleUser;
  /** Users named in `after`, by id; an id missing here is an unknown user. */
  users: ReadonlyMap<string, RoleUser>;
  model: { theorem: boolean; topSensitivity: boolean };
}

/**
 * Checks a new role set against the rules of 000 §5-6 and 002 §5. Returns the problems (empty when
 * the change is allowed). `after` must already be normalized.
 */
export function roleChangeProblems(input: RoleChangeInput): string[] {
  const { after, before, actor, users, model } = input;
  const problems: string[] = [];
  const all = allMembers(after);
  for (const id of all) if (!users.has(id)) problems.push(`User ${id} was not found.`);
  if (!after.vestLead) problems.push(ROLE_MESSAGES.leadRequired);
  if (!after.steward) problems.push(ROLE_MESSAGES.stewardRequired);
  if (after.owners.length === 0) problems.push(ROLE_MESSAGES.ownersRequired);
  const lead = after.vestLead ? users.get(after.vestLead) : undefined;
  if (lead?.userType === 'EXTERNALUSER') problems.push(ROLE_MESSAGES.externalLead);
  const steward = after.steward ? users.get(after.steward) : undefined;
  if (steward?.userType === 'EXTERNALUSER') problems.push(ROLE_MESSAGES.externalSteward);
  if (
    before &&
    actor.userType !== 'SUPERUSER' &&
    before.owners.includes(actor.id) &&
    !after.owners.includes(actor.id)
  ) {
    problems.push(ROLE_MESSAGES.cannotRemoveSelf);
  }
  if (before?.vestLead && before.vestLead === after.vestLead && !after.owners.includes(after.vestLead)) {
    problems.push(ROLE_MESSAGES.cannotRemoveLead);
  }
  const externals = [...all].map((id) => users.get(id)).filter((u) => u?.userType === 'EXTERNALUSER');
  const newExternals = externals.filter((u) => u && !(before && allMembers(before).has(u.id)));
  if (newExternals.length > 0 && (model.theorem || model.topSensitivity)) {
    problems.push(ROLE_MESSAGES.externalSensitive(model.theorem ? 'Theorem model' : 'sensitive model'));
  }
  for (const u of externals) {
    if (u?.externalUserType === 'HTA' && (after.owners.includes(u.id) || after.viewers.includes(u.id))) {
      problems.push(ROLE_MESSAGES.htaViewerOrOwner);
      break;
    }
  }
  return problems;
}

export function allMembers(roles: ModelRoles): Set<string> {
  return new Set([
    ...(roles.vestLead ? [roles.vestLead] : []),
    ...(roles.steward ? [roles.steward] : []),
    ...LIST_ROLES.flatMap((r) => roles[r]),
  ]);
}
