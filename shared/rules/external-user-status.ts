import type { ExternalUserStatus } from '../schemas/user';

/**
 * The external user's status machine (002 §4):
 *   PENDING_REGISTRATION (code issued) → PENDING_REVIEW (self-registered) → ACTIVE (approved)
 *                                                                        → INACTIVE (rejected)
 *   ACTIVE → INACTIVE (deactivated, or the access end date passed); INACTIVE → ACTIVE (activated)
 *   any status but ACTIVE → PENDING_REGISTRATION (a new code; the old one is void)
 *
 * Which sidebar action is enabled in which status is the same table on the screens and the server.
 */
export type ExternalUserAction = 'activate' | 'deactivate' | 'reject' | 'regenerateCode';

/** The statuses in which each action is enabled (002 §4 lists where each is disabled). */
export const EXTERNAL_ACTION_STATUSES: Record<ExternalUserAction, readonly ExternalUserStatus[]> = {
  // Disabled for ACTIVE and PENDING_REGISTRATION.
  activate: ['INACTIVE', 'PENDING_REVIEW'],
  // Disabled for INACTIVE, PENDING_REGISTRATION and PENDING_REVIEW.
  deactivate: ['ACTIVE'],
  // Disabled for INACTIVE, ACTIVE and PENDING_REGISTRATION.
  reject: ['PENDING_REVIEW'],
  // Disabled for ACTIVE.
  regenerateCode: ['INACTIVE', 'PENDING_REGISTRATION', 'PENDING_REVIEW'],
};

/** The status each action leads to. */
export const EXTERNAL_ACTION_RESULT: Record<ExternalUserAction, ExternalUserStatus> = {
  activate: 'ACTIVE',
  deactivate: 'INACTIVE',
  reject: 'INACTIVE',
  regenerateCode: 'PENDING_REGISTRATION',
};

export function isExternalActionEnabled(action: ExternalUserAction, status: ExternalUserStatus): boolean {
  return EXTERNAL_ACTION_STATUSES[action].includes(status);
}

/** The next status, or undefined when the action is not allowed in `status`. */
export function nextExternalStatus(
  action: ExternalUserAction,
  status: ExternalUserStatus,
): ExternalUserStatus | undefined {
  return isExternalActionEnabled(action, status) ? EXTERNAL_ACTION_RESULT[action] : undefined;
}

/** Texts of the external user screens (002 §8), used verbatim by the API and the web app. */
export const EXTERNAL_USER_MESSAGES = {
  codeEmailed: 'Registration code has been emailed to the external user successfully',
  activated: 'External user has been activated successfully',
  deactivated: 'External user has now been deactivated successfully',
  rejected: 'External User access request has been rejected.',
  failedToActivate: 'Failed to activate external user',
  failedToDeactivate: 'Failed to deactivate external user',
  failedToReject: 'Failed to reject request of external user',
  notFound: 'External user not found',
  mayNotGrant: (model: string) => `You may not give external users access to ${model}.`,
  extended: (day: string) => `Access has been extended until ${day}.`,
  notAllowed: (action: ExternalUserAction, status: ExternalUserStatus) =>
    `${ACTION_LABELS[action]} is not possible for a user in status ${status}.`,
  adminHeader: 'Activate and deactivate users',
  registerNewUser: 'Register New User',
  regenerateCode: 'Regenerate Code',
  notAvailable: 'N/A',
} as const;

export const ACTION_LABELS: Record<ExternalUserAction, string> = {
  activate: 'Activate User',
  deactivate: 'Deactivate User',
  reject: 'Reject Request',
  regenerateCode: 'Regenerate Code',
};
