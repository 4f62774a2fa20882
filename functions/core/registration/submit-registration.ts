import {
  REGISTRATION_TEXTS,
  type SelfRegistrationBody,
  type SelfRegistrationResult,
} from '@shared/schemas/registration';
import { countAttempt } from '../../data/rate-limits';
import { BadRequestError, ConflictError, TooManyRequestsError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { REGISTRATION_CODE_MESSAGES, submitSelfRegistration } from '../external-users/registration-code';

/**
 * How many registration attempts one e-mail address and one source address may make per hour. A code
 * is 256 random bits (registration-code.ts), so these limits do not protect the code itself: they
 * keep anyone from hammering the public route, and they stop a person who mistypes from trying
 * forever. An office behind one NAT address gets the larger per-address allowance.
 */
export const REGISTRATION_LIMITS = {
  windowSeconds: 60 * 60,
  perEmail: 5,
  perSourceAddress: 20,
} as const;

/**
 * POST /v2/registrations (public), issue 20 §3:
 * 1. Count the attempt for the e-mail and for the source address (one conditional counter each,
 *    rate-limits.ts); over either limit: 429 and nothing else happens. Every attempt counts, good or
 *    bad, so that a guesser cannot learn which attempts were "free".
 * 2. Check the code and, in one conditional write, spend it and move the person to PENDING_REVIEW
 *    with the names typed (registration-code.ts, submitSelfRegistration).
 * 3. A wrong or expired code answers 400, a used one 409 (002 §7: the page shows the server's
 *    message); nothing is written then.
 * The person can sign in only after an administrator approves the request: no Cognito user exists
 * before that.
 */
export async function submitRegistration(
  input: SelfRegistrationBody,
  sourceAddress: string,
  now = new Date(),
): Promise<SelfRegistrationResult> {
  const window = { windowSeconds: REGISTRATION_LIMITS.windowSeconds };
  const [byEmail, byAddress] = await Promise.all([
    countAttempt(
      { scope: 'REGISTRATION-EMAIL', subject: input.email, max: REGISTRATION_LIMITS.perEmail, ...window },
      now.getTime(),
    ),
    countAttempt(
      {
        scope: 'REGISTRATION-ADDRESS',
        subject: sourceAddress,
        max: REGISTRATION_LIMITS.perSourceAddress,
        ...window,
      },
      now.getTime(),
    ),
  ]);
  if (!byEmail || !byAddress) {
    logger.warn('Registration attempts over the limit', { byEmail, byAddress });
    throw new TooManyRequestsError(REGISTRATION_TEXTS.tooManyAttempts);
  }

  const check = await submitSelfRegistration(input, now);
  if (!check.ok) {
    const message = REGISTRATION_CODE_MESSAGES[check.reason];
    if (check.reason === 'used') throw new ConflictError(message);
    throw new BadRequestError(message);
  }
  return { status: check.user.status, message: REGISTRATION_TEXTS.submitted };
}
