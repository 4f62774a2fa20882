import { MODEL_ROLE_LABELS, type ModelRoles } from '../schemas/model';
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
/** Every role of a model: the list roles and the two single roles. */
export type RoleSlot = ListRole | 'vestLead' | 'steward';

const LIST_ROLES: readonly ListRole[] = [
  'owners',
  'viewers',
  'displayViewers',
  'calibrationModelers',
  'scenarioModelers',
];

/** Each role's name in messages (000 §6 labels, one person). */
export const ROLE_LABELS: Record<RoleSlot, string> = {
  vestLead: MODEL_ROLE_LABELS.VESTLEAD,
  steward: MODEL_ROLE_LABELS.STEWARD,
  owners: MODEL_ROLE_LABELS.OWNER,
  viewers: MODEL_ROLE_LABELS.VIEWER,
  displayViewers: MODEL_ROLE_LABELS.DISPLAYVIEWER,
  calibrationModelers: MODEL_ROLE_LABELS.CALIBRATORMODELER,
  scenarioModelers: MODEL_ROLE_LABELS.SCENARIOMODELER,
};

/** The exclusive tiers, strongest first; roles of one tier may be held together. */
const TIER_OF: Record<RoleSlot, number> = {
  vestLead: 0,
  steward: 0,
  owners: 0,
  calibrationModelers: 1,
  scenarioModelers: 1,
  viewers: 2,
  displayViewers: 3,
};
const SLOT_ORDER: readonly RoleSlot[] = [
  'vestLead',
  'steward',
  'owners',
  'calibrationModelers',
  'scenarioModelers',
  'viewers',
  'displayViewers',
];

/** Modeler and display roles exist on WebModel 2.0 entries only (000 §6). */
export const WEBMODEL_PLATFORM = 'WebModel 2.0';
export const WEBMODEL_ONLY_ROLES: readonly ListRole[] = [
  'calibrationModelers',
  'scenarioModelers',
  'displayViewers',
];

/** Whether the entry's platform has the role at all. */
export const roleExistsOn = (role: RoleSlot, platform: string | undefined): boolean =>
  platform === WEBMODEL_PLATFORM || !(WEBMODEL_ONLY_ROLES as readonly string[]).includes(role);

/** The list roles a user must leave when added to `role` (the single roles lead/steward count as owners). */
export const EXCLUDED_BY: Record<RoleSlot, readonly ListRole[]> = {
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

/**
 * Why `userId` cannot be added to `role` as it is, or undefined. The lead and the steward are single
 * roles: exclusivity cannot move them out (the entry would lose its lead or steward), so a lead or
 * steward is refused as a modeler, viewer or display user instead of being silently kept out of
 * that role (the form shows the refusal; the API refuses such a role set, roleConflicts).
 */
export function assignmentProblem(
  roles: ModelRoles,
  role: RoleSlot,
  userId: string,
  who: string = userId,
): string | undefined {
  if (TIER_OF[role] === 0) return undefined;
  if (roles.vestLead === userId) return ROLE_MESSAGES.oneRole(who, ROLE_LABELS.vestLead, ROLE_LABELS[role]);
  if (roles.steward === userId) return ROLE_MESSAGES.oneRole(who, ROLE_LABELS.steward, ROLE_LABELS[role]);
  return undefined;
}

/** Adds a user to a role, removing them from the roles that role excludes. Lead and steward replace. */
export function assignRole(roles: ModelRoles, role: RoleSlot, userId: string): ModelRoles {
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

/** The roles `userId` holds in a role set, in the order of SLOT_ORDER. */
export function slotsOf(roles: ModelRoles, userId: string): RoleSlot[] {
  return SLOT_ORDER.filter((slot) =>
    slot === 'vestLead' || slot === 'steward' ? roles[slot] === userId : roles[slot].includes(userId),
  );
}

/**
 * Users a role set (as sent by a client) names in roles that exclude each other, with the first two
 * such roles. The API refuses these instead of dropping one role silently (what is saved is what the
 * form showed); holding roles of one tier (lead and owner, both modeler roles) is no conflict.
 */
export function roleConflicts(roles: ModelRoles): { userId: string; roles: [RoleSlot, RoleSlot] }[] {
  const out: { userId: string; roles: [RoleSlot, RoleSlot] }[] = [];
  for (const userId of allMembers(roles)) {
    const held = slotsOf(roles, userId);
    const first = held[0];
    const other = held.find((slot) => first && TIER_OF[slot] !== TIER_OF[first]);
    if (first && other) out.push({ userId, roles: [first, other] });
  }
  return out;
}

/**
 * Brings a whole role set into the exclusive form, deterministically: the lead joins the owners,
 * duplicates go, and (for role sets that did not pass roleConflicts, such as generated seed data) the
 * owner tier wins over modelers, modelers over viewers, viewers over display viewers.
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
  changeLead:
    'Only the Value and Implementation Lead, the Model Steward or a super user can change the Value and Implementation Lead.',
  changeSteward:
    'Only the Value and Implementation Lead, the Model Steward or a super user can change the Model Steward.',
  userNotFound: (id: string) => `User ${id} was not found.`,
  userInactive: (id: string) => `User ${id} is not active: only active users can be given a role.`,
  webModelOnly: (label: string) => `${label} access exists on '${WEBMODEL_PLATFORM}' model entries only.`,
  oneRole: (who: string, held: string, other: string) =>
    `${who} cannot be both ${held} and ${other}: a user holds one role on a model entry.`,
} as const;

export interface RoleUser {
  id: string;
  userType: UserType;
  externalUserType?: ExternalUserType;
  /** False for a deactivated user; absent counts as active. */
  active?: boolean;
  /** Full name for messages (the id otherwise). */
  name?: string;
}

export interface RoleActor {
  id: string;
  userType: UserType;
}

/**
 * Who may change the Value and Implementation Lead and the Model Steward of an existing entry: the
 * current lead, the current steward and super users (docs/permissions.md). The steward goes with the
 * lead: were owners free to name the steward, an owner could name themself steward and then change
 * the lead. A lead or steward that is not set yet may be set by anyone who manages the entry.
 */
export function mayChangeLeadAndSteward(actor: RoleActor, before: ModelRoles | undefined): boolean {
  return (
    !before || actor.userType === 'SUPERUSER' || before.vestLead === actor.id || before.steward === actor.id
  );
}

/**
 * A change of the role set the actor is not allowed to make (403), or undefined: replacing or removing
 * the lead or the steward (mayChangeLeadAndSteward).
 */
export function roleChangeRefusal(input: {
  before: ModelRoles | undefined;
  after: ModelRoles;
  actor: RoleActor;
}): string | undefined {
  const { before, after, actor } = input;
  if (!before || mayChangeLeadAndSteward(actor, before)) return undefined;
  if (before.vestLead && before.vestLead !== after.vestLead) return ROLE_MESSAGES.changeLead;
  if (before.steward && before.steward !== after.steward) return ROLE_MESSAGES.changeSteward;
  return undefined;
}

export interface RoleChangeInput {
  before: ModelRoles | undefined;
  after: ModelRoles;
  /** The role set as sent, before normalizeRoles (for roleConflicts); `after` when absent. */
  requested?: ModelRoles;
  actor: RoleActor;
  /** Users named in `after`, by id; an id missing here is an unknown user. */
  users: ReadonlyMap<string, RoleUser>;
  model: { theorem: boolean; topSensitivity: boolean; platform?: string | undefined };
  /**
   * A new entry only (`before` undefined): holders of its platform roles who keep them although the
   * platform lacks them (New Model Version: the source's holders, carried over).
   */
  carried?: ModelRoles;
}

/**
 * Checks a new role set against the rules of 000 §4-6 and 002 §5. Returns the problems (empty when
 * the change is allowed). `after` must already be normalized. Used by 'Update Permissions', by
 * creation and by the model grant link, so that each refuses the same things with the same words.
 */
export function roleChangeProblems(input: RoleChangeInput): string[] {
  const { after, before, actor, users, model } = input;
  const problems: string[] = [];
  const all = allMembers(after);
  const earlier = before ? allMembers(before) : new Set<string>();
  const name = (id: string) => users.get(id)?.name ?? id;
  // Users who keep a role may since have been deactivated; new ones must be active.
  for (const id of all) {
    const user = users.get(id);
    if (!user) problems.push(ROLE_MESSAGES.userNotFound(id));
    else if (user.active === false && !earlier.has(id)) problems.push(ROLE_MESSAGES.userInactive(id));
  }
  for (const c of roleConflicts(input.requested ?? after)) {
    problems.push(ROLE_MESSAGES.oneRole(name(c.userId), ROLE_LABELS[c.roles[0]], ROLE_LABELS[c.roles[1]]));
  }
  // Only users added are checked against the platform, so that an entry which holds such roles from
  // before stays editable, and a new version keeps the holders it carries over.
  const kept = before ?? input.carried;
  for (const role of WEBMODEL_ONLY_ROLES) {
    if (roleExistsOn(role, model.platform)) continue;
    if (after[role].some((id) => !kept?.[role].includes(id))) {
      problems.push(ROLE_MESSAGES.webModelOnly(ROLE_LABELS[role]));
    }
  }
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
  const newExternals = externals.filter((u) => u && !earlier.has(u.id));
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
