import { LIMITS } from '@shared/constants';
import { isWholeEmail } from '@shared/rules/user-search';
import type { UserSummary } from '@shared/schemas/model-api';
import type { CurrentUser } from '@shared/schemas/user';
import { USER_TYPE_LABELS } from '@shared/schemas/user';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { currentUserQueryKey } from '../../../lib/current-user';
import { SearchCombobox } from '../search-combobox';
import { userLabel, useUserSearch } from './search-users';

/** What an external user is told: they may look up an internal user by a whole e-mail address only. */
export const EXTERNAL_PICKER_TEXTS = {
  placeholder: "An internal user's full e-mail address",
  typeWholeEmail: 'Type the whole e-mail address of an internal user.',
  nobody: 'No internal user has this e-mail address.',
} as const;

export interface UserPickerProps {
  label: string;
  /** 10 in pick lists, 20 for the steward check (000 §9). */
  limit?: number;
  /** Ids that are already chosen: not offered again. */
  excludeIds?: readonly string[];
  /** Returns a refusal text (e.g. external users as steward) or undefined to accept the user. */
  onPick: (user: UserSummary) => string | undefined;
  disabled?: boolean;
  /** A problem of the field (e.g. required) shown next to it. */
  error?: string;
  placeholder?: string;
}

/**
 * A user search box (a WAI-ARIA combobox): the search waits 1000 ms after typing, strips angle
 * brackets and offers at most `limit` users; arrows move, Enter picks, Escape closes.
 */
export function UserPicker({
  label,
  limit = LIMITS.userSearchLimit,
  excludeIds = [],
  onPick,
  disabled,
  error,
  placeholder = 'Search by name or e-mail',
}: UserPickerProps) {
  // External users may add entries (000 §2) but not browse the directory: a whole e-mail address only.
  // Read from the cache the signed-in layout filled, never fetched here.
  const me = useQueryClient().getQueryData<CurrentUser>(currentUserQueryKey);
  const external = me?.userType === 'EXTERNALUSER';
  const search = useUserSearch(limit, external);
  const [refusal, setRefusal] = useState<string | undefined>();
  const offered = search.results.filter((u) => !excludeIds.includes(u.id));

  const pick = (user: UserSummary) => {
    const refused = onPick(user);
    setRefusal(refused);
    if (!refused) search.clear();
  };

  return (
    <SearchCombobox
      label={label}
      text={search.text}
      onTextChange={(text) => {
        search.setText(text);
        setRefusal(undefined);
      }}
      placeholder={external ? EXTERNAL_PICKER_TEXTS.placeholder : placeholder}
      disabled={disabled}
      loading={search.loading}
      items={offered}
      searched={!search.loading}
      emptyText={
        !external
          ? 'No users found'
          : isWholeEmail(search.text)
            ? EXTERNAL_PICKER_TEXTS.nobody
            : EXTERNAL_PICKER_TEXTS.typeWholeEmail
      }
      itemKey={(u) => u.id}
      renderItem={(u) => (
        <>
          <span>{userLabel(u)}</span>
          <small className="mr-muted">
            {u.email} · {USER_TYPE_LABELS[u.userType]}
          </small>
        </>
      )}
      onPick={pick}
      problem={refusal ?? error}
    />
  );
}

export interface UserChipsProps {
  users: readonly UserSummary[];
  /** Why a user cannot be removed, or undefined when removal is allowed. */
  lockedReason?: (userId: string) => string | undefined;
  onRemove?: (userId: string) => void;
  emptyText?: string;
}

/** The chosen users of one role, each with a remove button (disabled with its reason when locked). */
export function UserChips({ users, lockedReason, onRemove, emptyText = 'Nobody yet' }: UserChipsProps) {
  if (users.length === 0) return <p className="mr-muted mr-user-chips__empty">{emptyText}</p>;
  return (
    <ul className="mr-user-chips">
      {users.map((u) => {
        const locked = lockedReason?.(u.id);
        return (
          <li key={u.id} className="mr-user-chips__chip">
            <span>{userLabel(u)}</span>
            {onRemove && (
              <button
                type="button"
                className="mr-user-chips__remove"
                aria-label={`Remove ${userLabel(u)}`}
                title={locked ?? `Remove ${userLabel(u)}`}
                disabled={Boolean(locked)}
                onClick={() => onRemove(u.id)}
              >
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
