import type { AdminUserRow } from '@shared/schemas/admin-users';
import type { CurrentUser } from '@shared/schemas/user';

/**
 * The sidebar rules of the internal user list (002 §2, §6), as pure functions so the table of cases
 * is tested without rendering. Each answers why an action is unavailable, or undefined when it is.
 */
export const SELECT_FIRST = 'Select a user first.';

export function contactRefusal(me: CurrentUser, user: AdminUserRow | undefined): string | undefined {
  if (!user) return SELECT_FIRST;
  if (user.id === me.id) return 'This is you.';
  if (!user.email) return 'This user has no e-mail address.';
  return undefined;
}

export function activateRefusal(me: CurrentUser, user: AdminUserRow | undefined): string | undefined {
  if (!user) return SELECT_FIRST;
  if (!me.permissions.activateUser) return 'You may not activate users.';
  if (user.id === me.id) return 'You cannot activate yourself.';
  if (user.active) return 'The user is active.';
  return undefined;
}

export function deactivateRefusal(me: CurrentUser, user: AdminUserRow | undefined): string | undefined {
  if (!user) return SELECT_FIRST;
  if (!me.permissions.deactivateUser) return 'You may not deactivate users.';
  if (user.id === me.id) return 'You cannot deactivate yourself.';
  if (!user.active) return 'The user is inactive.';
  return undefined;
}

export function editRefusal(me: CurrentUser, user: AdminUserRow | undefined): string | undefined {
  if (!user) return SELECT_FIRST;
  if (!me.permissions.changeUserRole) return 'You may not change user types.';
  if (user.id === me.id) return 'You cannot change your own user type.';
  if (user.userType === 'EXTERNALUSER') return 'External users are managed in the external user list.';
  return undefined;
}

/** The chat deep link: the installation's template with the e-mail put in (AppSettings.chatUrlTemplate). */
export function chatLink(template: string, email: string): string {
  return template.replaceAll('{email}', encodeURIComponent(email));
}

export const mailLink = (email: string) => `mailto:${email}`;
