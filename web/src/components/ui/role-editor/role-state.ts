import {
  assignmentProblem,
  assignRole,
  mayChangeLeadAndSteward,
  ROLE_MESSAGES,
  type RoleSlot,
} from '@shared/rules/model-roles';
import type { ModelRoles } from '@shared/schemas/model';
import type { UserSummary } from '@shared/schemas/model-api';
import type { UserType } from '@shared/schemas/user';

/**
 * Editing a role set in a form (the wizard's access step and the Model Access modal). Exclusivity
 * and the refusals come from shared/rules/model-roles.ts, the rules the API applies, so what the form
 * shows is what is saved; this module adds what the form needs on top: the user directory for
 * display and which chips may be removed.
 */
export type { RoleSlot };

export interface RoleFormState {
  roles: ModelRoles;
  /** Every user named in `roles`, for display. */
  users: Record<string, UserSummary>;
}

export interface Actor {
  id: string;
  userType: UserType;
}

export type PickResult = { ok: true; state: RoleFormState } | { ok: false; error: string };

/**
 * Adds a user to a role. Refused: external users as lead or steward (000 §5), HTA users as owners or
 * viewers (000 §5: HTA users take only the modeler and display roles), and the lead or the
 * steward in a role their own excludes (a modeler, viewer or display role): exclusivity cannot move
 * them out of a single role, and the API refuses such a role set.
 */
export function pickUser(state: RoleFormState, slot: RoleSlot, user: UserSummary): PickResult {
  if (user.userType === 'EXTERNALUSER' && slot === 'vestLead')
    return { ok: false, error: ROLE_MESSAGES.externalLead };
  if (user.userType === 'EXTERNALUSER' && slot === 'steward')
    return { ok: false, error: ROLE_MESSAGES.externalSteward };
  // The API refuses such a role set (model-roles.ts); saying so at the pick, as for the lead and the
  // steward, spares a save that fails with a message far from the field (issue 21 §17).
  if (user.externalUserType === 'HTA' && (slot === 'owners' || slot === 'viewers'))
    return { ok: false, error: ROLE_MESSAGES.htaViewerOrOwner };
  const exclusive = assignmentProblem(
    state.roles,
    slot,
    user.id,
    `${user.firstName} ${user.lastName}`.trim(),
  );
  if (exclusive) return { ok: false, error: exclusive };
  return {
    ok: true,
    state: { roles: assignRole(state.roles, slot, user.id), users: { ...state.users, [user.id]: user } },
  };
}

/**
 * Why the lead and steward slots cannot be changed by this actor, or undefined: on a saved entry only
 * its lead, its steward and super users change them (`saved`: the roles as stored; none in the wizard).
 */
export function leadAndStewardLock(actor: Actor, saved: ModelRoles | undefined, slot: RoleSlot) {
  if (slot !== 'vestLead' && slot !== 'steward') return undefined;
  if (mayChangeLeadAndSteward(actor, saved)) return undefined;
  // Not set yet: anyone who manages the entry may fill it in.
  if (!saved?.[slot]) return undefined;
  return slot === 'vestLead' ? ROLE_MESSAGES.changeLead : ROLE_MESSAGES.changeSteward;
}

/**
 * Why a user cannot be taken out of a role, or undefined. Owners cannot remove themselves or the
 * lead from the owner list (000 §4); a super user may remove themselves. The lead and the steward
 * are changed only by those leadAndStewardLock allows.
 */
export function removalLock(
  roles: ModelRoles,
  slot: RoleSlot,
  userId: string,
  actor: Actor,
  saved?: ModelRoles,
): string | undefined {
  const single = leadAndStewardLock(actor, saved, slot);
  if (single) return single;
  if (slot !== 'owners') return undefined;
  if (userId === roles.vestLead) return ROLE_MESSAGES.cannotRemoveLead;
  if (userId === actor.id && actor.userType !== 'SUPERUSER') return ROLE_MESSAGES.cannotRemoveSelf;
  return undefined;
}

export function removeUser(
  state: RoleFormState,
  slot: RoleSlot,
  userId: string,
  actor: Actor,
  saved?: ModelRoles,
): RoleFormState {
  if (removalLock(state.roles, slot, userId, actor, saved)) return state;
  const roles: ModelRoles = { ...state.roles };
  if (slot === 'vestLead') {
    if (roles.vestLead === userId) delete roles.vestLead;
  } else if (slot === 'steward') {
    if (roles.steward === userId) delete roles.steward;
  } else {
    roles[slot] = roles[slot].filter((id) => id !== userId);
  }
  return { ...state, roles };
}

export const slotIds = (roles: ModelRoles, slot: RoleSlot): string[] => {
  if (slot === 'vestLead') return roles.vestLead ? [roles.vestLead] : [];
  if (slot === 'steward') return roles.steward ? [roles.steward] : [];
  return roles[slot];
};

/** Problems that keep the role set from being saved: owners, lead and steward are required. */
export function missingRoles(roles: ModelRoles): Partial<Record<RoleSlot, string>> {
  const out: Partial<Record<RoleSlot, string>> = {};
  if (!roles.vestLead) out.vestLead = ROLE_MESSAGES.leadRequired;
  if (!roles.steward) out.steward = ROLE_MESSAGES.stewardRequired;
  if (roles.owners.length === 0) out.owners = ROLE_MESSAGES.ownersRequired;
  return out;
}

/** The steward's metadata fields follow the chosen steward (they are required metadata, 000 §5). */
export function stewardMetadata(state: RoleFormState) {
  const steward = state.roles.steward ? state.users[state.roles.steward] : undefined;
  return steward
    ? {
        isid_of_model_steward: steward.id,
        email_for_model_steward: steward.email,
        name_of_model_steward: `${steward.firstName} ${steward.lastName}`.trim(),
      }
    : {
        isid_of_model_steward: undefined,
        email_for_model_steward: undefined,
        name_of_model_steward: undefined,
      };
}
