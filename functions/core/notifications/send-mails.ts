import { AppError } from '../../lib/errors';
import { type Mail, sendMail } from '../../lib/mailer';
import { logger } from '../../lib/observability';

/**
 * The mail service (SES) failed for every message of a request whose main effect is the mail: 502,
 * so the client can tell "nothing was sent" from a refusal.
 */
export class MailDeliveryError extends AppError {
  constructor(message: string) {
    super(502, 'MAIL_FAILED', message);
  }
}

/**
 * Sends each mail on its own (one recipient's failure does not stop the others) and counts the
 * outcome; failures are logged with the subject, never the text.
 */
export async function sendEach(mails: readonly Mail[]): Promise<{ sent: number; failed: number }> {
  const results = await Promise.allSettled(mails.map((m) => sendMail(m)));
  let failed = 0;
  results.forEach((r, i) => {
    if (r.status === 'rejected') {
      failed++;
      logger.warn('Sending a mail failed', { subject: mails[i]?.subject, error: r.reason });
    }
  });
  return { sent: mails.length - failed, failed };
}
