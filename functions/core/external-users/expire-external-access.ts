import { addDays, endReminderDue, utcDay } from '@shared/rules/external-registration';
import { EXTERNAL_ACCESS } from '@shared/schemas/external-user';
import {
  listExternalUsersEndedBefore,
  listExternalUsersEndingBetween,
  updateExternalUser,
} from '../../data/external-users';
import { getUser } from '../../data/users';
import { env } from '../../lib/env';
import { logger } from '../../lib/observability';
import { sendEach } from '../notifications/send-mails';
import { endExternalAccess } from './external-user-lifecycle';
import { accessEndingMail } from './external-user-mails';

/** The actor recorded for what the scheduled job does. */
export const EXPIRY_ACTOR = 'system:external-access-expiry';

/**
 * Scheduled job `expire-external-access` (issue 20 §9), hourly:
 * 1. Every external user whose last day of access is before today (UTC) and who is not INACTIVE yet
 *    loses the code's grants and their account (endExternalAccess); a code never used dies with it.
 * 2. Every person whose access ends within 14 days and whose registering person has not been mailed
 *    for this end date gets that mail; the date it was sent for is recorded, so it goes once (and
 *    again after an extension). A failed mail is tried again at the next run.
 * Both are range queries on the end-date index; each user is its own conditional write, so one
 * failure (logged) does not stop the others, and a user changed meanwhile is picked up next hour.
 */
export async function expireExternalAccess(now = new Date()): Promise<{ ended: number; reminded: number }> {
  const today = utcDay(now);
  let ended = 0;
  for (const user of await listExternalUsersEndedBefore(today)) {
    if (user.status === 'INACTIVE') continue;
    try {
      await endExternalAccess(user, { actor: EXPIRY_ACTOR, reason: 'expired' }, now);
      ended++;
    } catch (error) {
      logger.error('Could not end an external access', { email: user.email, error });
    }
  }
  let reminded = 0;
  const due = (
    await listExternalUsersEndingBetween(today, addDays(today, EXTERNAL_ACCESS.endReminderDays))
  ).filter((u) => u.status !== 'INACTIVE' && endReminderDue(u, today));
  for (const user of due) {
    const registrar = await getUser(user.registeredBy);
    if (!registrar?.email) continue;
    const { failed } = await sendEach([accessEndingMail({ webUrl: env.webUrl, to: registrar.email, user })]);
    if (failed > 0) continue;
    try {
      await updateExternalUser({ ...user, endReminderSentFor: user.accessEndsOn }, user.version, {
        actor: EXPIRY_ACTOR,
        action: 'END_REMINDER_SENT',
        detail: registrar.email,
      });
      reminded++;
    } catch (error) {
      logger.warn('Could not record an end-of-access reminder', { email: user.email, error });
    }
  }
  return { ended, reminded };
}
