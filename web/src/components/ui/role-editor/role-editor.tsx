import { LIMITS } from '@shared/constants';
import { MODEL_ROLE_LABELS, type ModelRoles } from '@shared/schemas/model';
import type { UserSummary } from '@shared/schemas/model-api';
import { UserChips, UserPicker } from '../user-picker/user-picker';
import './role-editor.css';
import {
  type Actor,
  leadAndStewardLock,
  missingRoles,
  pickUser,
  type RoleFormState,
  type RoleSlot,
  removalLock,
  removeUser,
  slotIds,
} from './role-state';

export const SLOT_LABELS: Record<RoleSlot, string> = {
  vestLead: MODEL_ROLE_LABELS.VESTLEAD,
  steward: MODEL_ROLE_LABELS.STEWARD,
  owners: 'Model Owners',
  viewers: 'Model Viewers',
  displayViewers: 'Display Users',
  calibrationModelers: 'Calibration Modelers',
  scenarioModelers: 'Scenario Modelers',
};

export interface RoleEditorProps {
  state: RoleFormState;
  onChange: (next: RoleFormState) => void;
  slots: readonly RoleSlot[];
  actor: Actor;
  /** The roles as stored (Model Access): who may change the lead and the steward. None in the wizard. */
  saved?: ModelRoles;
  showErrors: boolean;
  disabled?: boolean;
}

/**
 * One block per role: a user search and the chosen users. Lead and steward take one user (the newest
 * choice replaces the old one); exclusivity moves a user out of the roles the new role excludes, and
 * the lead or steward is refused in a role theirs excludes. On a saved entry the lead and steward
 * blocks are disabled, with the reason, for anyone but the lead, the steward and super users.
 */
export function RoleEditor({ state, onChange, slots, actor, saved, showErrors, disabled }: RoleEditorProps) {
  const required = showErrors ? missingRoles(state.roles) : {};
  return (
    <div className="mr-role-editor">
      {slots.map((slot) => {
        const ids = slotIds(state.roles, slot);
        const users = ids.map(
          (id): UserSummary =>
            state.users[id] ?? { id, firstName: id, lastName: '', email: '', userType: 'INTERNALUSER' },
        );
        const single = slot === 'vestLead' || slot === 'steward';
        const requiredMark = slot === 'vestLead' || slot === 'steward' || slot === 'owners' ? ' *' : '';
        const locked = leadAndStewardLock(actor, saved, slot);
        return (
          <section key={slot} className="mr-role-editor__slot" aria-label={SLOT_LABELS[slot]}>
            <UserPicker
              label={`${SLOT_LABELS[slot]}${requiredMark}`}
              limit={slot === 'steward' ? LIMITS.stewardSearchLimit : LIMITS.userSearchLimit}
              excludeIds={single ? [] : ids}
              disabled={disabled || Boolean(locked)}
              error={required[slot]}
              onPick={(user) => {
                const result = pickUser(state, slot, user);
                if (!result.ok) return result.error;
                onChange(result.state);
                return undefined;
              }}
            />
            {locked && !disabled && <small className="mr-muted">{locked}</small>}
            <UserChips
              users={users}
              lockedReason={(id) => removalLock(state.roles, slot, id, actor, saved)}
              onRemove={disabled ? undefined : (id) => onChange(removeUser(state, slot, id, actor, saved))}
            />
          </section>
        );
      })}
    </div>
  );
}
