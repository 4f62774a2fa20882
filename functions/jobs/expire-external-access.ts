import { expireExternalAccess } from '../core/external-users/expire-external-access';

/** Scheduled job `expire-external-access` (shared/api/routes.ts SCHEDULED_JOBS). */
export const handler = async () => expireExternalAccess();
