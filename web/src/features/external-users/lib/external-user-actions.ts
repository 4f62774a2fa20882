import {
  ACTION_LABELS,
  type ExternalUserAction,
  isExternalActionEnabled,
} from '@shared/rules/external-user-status';
import type { AccessReviewRow, ExternalUserSummary } from '@shared/schemas/external-user';
import type { CurrentUser } from '@shared/schemas/user';

/**
 * The sidebar rules of both external user lists (002 §4, §6) as pure functions: why an action is
 * unavailable for the selected person, or undefined when it is available.
 */
export const SELECT_FIRST = 'Select a user first.';

const FLAG: Partial<Record<ExternalUserAction, keyof CurrentUser['permissions']>> = {
  activate: 'activateUser',
  deactivate: 'deactivateUser',
  reject: 'activateUser',
};

export function actionRefusal(
  me: CurrentUser,
  action: ExternalUserAction,
  user: ExternalUserSummary | undefined,
): string | undefined {
  if (!user) return SELECT_FIRST;
  const flag = FLAG[action];
  if (flag && !me.permissions[flag]) return `You may not ${ACTION_LABELS[action].toLowerCase()}.`;
  if (!isExternalActionEnabled(action, user.status)) {
    return `${ACTION_LABELS[action]} is not available for a user in status ${user.status}.`;
  }
  return undefined;
}

export function emailRefusal(user: ExternalUserSummary | undefined): string | undefined {
  return user ? undefined : SELECT_FIRST;
}

/** Extend Access: the registering person or an administrator, for a user who is not rejected. */
export function extendRefusal(me: CurrentUser, user: ExternalUserSummary | undefined): string | undefined {
  if (!user) return SELECT_FIRST;
  if (user.registeredBy !== me.id && me.userType !== 'SUPERUSER') {
    return 'Only the person who registered this user or an administrator may extend the access.';
  }
  return undefined;
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; a value that a
 * spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const ACCESS_REVIEW_COLUMNS = [
  'Email',
  'First Name',
  'Last Name',
  'Status',
  'Registered By',
  'Active Since',
  'Access Ends On',
  'Last Reviewed',
  'Model',
  'Role',
  'Sub-models',
] as const;

/** The access review as CSV: one line per person and model (a person without models: one line). */
export function accessReviewCsv(rows: readonly AccessReviewRow[]): string {
  const lines = [ACCESS_REVIEW_COLUMNS.join(',')];
  for (const row of rows) {
    const person = [
      row.email,
      row.firstName,
      row.lastName,
      row.status,
      row.registeredByName ?? row.registeredBy,
      row.activationDate?.slice(0, 10) ?? '',
      row.accessEndsOn,
      row.lastReviewedAt?.slice(0, 10) ?? '',
    ];
    const models = row.modelAccesses.length > 0 ? row.modelAccesses : [undefined];
    for (const m of models) {
      lines.push(
        [...person, m?.modelName ?? '', m?.modelRole ?? '', String(m?.subModels ?? '')]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
