import type { ExternalUser } from '@shared/schemas/external-user';
import {
  REGISTRATION_TEXTS,
  type RegistrationDecision,
  type RegistrationReviewResult,
} from '@shared/schemas/registration';
import { IsidSchema, type User } from '@shared/schemas/user';
import { getExternalUser } from '../../data/external-users';
import { createUser, getUser, putUser } from '../../data/users';
import { inviteUser } from '../../lib/cognito-users';
import { env } from '../../lib/env';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { sendMail } from '../../lib/mailer';
import { logger } from '../../lib/observability';
import { requireFlag } from '../admin/authorize';
import { approveExternalUser, rejectExternalUser } from './external-user-lifecycle';
import { approvedMail, rejectedMail } from './registration-review-mails';

export const REVIEW_MESSAGES = {
  duplicate: (email: string) => `${email} appears more than once in this review.`,
  notFound: (email: string) => `${email} has not registered.`,
  notPending: (email: string) => `${email} is not waiting for review.`,
  idTaken: (id: string) => `The user name ${id} belongs to someone else.`,
} as const;

/**
 * The user name (Cognito) and user id (users table) of an approved external person: their e-mail
 * address, lowercased, with any character an ISID may not hold replaced by '-'. Readable, and what
 * the person types to sign in.
 */
export function externalUserId(email: string): string {
  return email
    .toLowerCase()
    .replace(/[^a-z0-9._@-]/g, '-')
    .slice(0, 64);
}

/**
 * POST /v2/registrations/review (issue 20 §3; 002 §7 "an array of {email, approved}").
 * 1. The caller needs the activateUser flag (403). Every e-mail must appear once, be known and be
 *    PENDING_REVIEW, checked for all decisions before anything is written (400/404/409).
 * 2. Each decision, in order:
 *    approve: (a) the users-table record, active but still PENDING_REVIEW, so no token opens the API
 *    yet (authenticate.ts lets an external user in only when ACTIVE); (b) the Cognito user with
 *    Cognito's invitation (temporary password by e-mail, a new one at first sign-in); (c) the
 *    external-user lifecycle grants the code's model and sub-model roles and makes the person
 *    ACTIVE; (d) the users-table record becomes ACTIVE; (e) the 'Access request reviewed' mail.
 *    Each step tolerates having run before, so an approval that failed half-way is completed by
 *    approving again.
 *    reject: the lifecycle makes the person INACTIVE with the reason (nothing granted, no Cognito
 *    user), and the reason is mailed.
 * Mails are best effort: the decision stands when a mail fails (it is logged).
 */
export async function reviewRegistrations(
  caller: User,
  decisions: readonly RegistrationDecision[],
  now = new Date(),
): Promise<RegistrationReviewResult> {
  requireFlag(caller, 'activateUser');
  const people = await loadPending(decisions);
  const items: RegistrationReviewResult['items'] = [];
  for (const decision of decisions) {
    // biome-ignore lint/style/noNonNullAssertion: loadPending read every decision's person
    const person = people.get(decision.email)!;
    if (decision.approved) {
      await approve(caller, person, now);
      items.push({ email: person.email, status: 'ACTIVE' });
    } else {
      const reason = decision.reason ?? '';
      await rejectExternalUser(person.email, { actor: caller.id, reason }, now);
      await mailBestEffort(rejectedMail({ person, reason }));
      items.push({ email: person.email, status: 'INACTIVE' });
    }
  }
  return { message: REGISTRATION_TEXTS.reviewed, items };
}

async function loadPending(decisions: readonly RegistrationDecision[]): Promise<Map<string, ExternalUser>> {
  const seen = new Set<string>();
  for (const { email } of decisions) {
    if (seen.has(email)) throw new BadRequestError(REVIEW_MESSAGES.duplicate(email));
    seen.add(email);
  }
  const people = new Map<string, ExternalUser>();
  for (const person of await Promise.all(decisions.map((d) => getExternalUser(d.email)))) {
    if (person) people.set(person.email, person);
  }
  for (const { email } of decisions) {
    const person = people.get(email);
    if (!person) throw new NotFoundError(REVIEW_MESSAGES.notFound(email));
    if (person.status !== 'PENDING_REVIEW') throw new ConflictError(REVIEW_MESSAGES.notPending(email));
  }
  return people;
}

async function approve(caller: User, person: ExternalUser, now: Date): Promise<void> {
  const id = externalUserId(person.email);
  IsidSchema.parse(id);
  const record = await userRecord(id, person, now);
  await inviteUser({
    username: id,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    group: 'EXTERNALUSER',
  });
  await approveExternalUser(person.email, { actor: caller.id, userId: id }, now);
  await putUser({ ...record, active: true, status: 'ACTIVE' });
  await mailBestEffort(approvedMail({ webUrl: env.webUrl, person, username: id }));
}

/** The users-table record of the person, created PENDING_REVIEW on the first approval attempt. */
async function userRecord(id: string, person: ExternalUser, now: Date): Promise<User> {
  const existing = await getUser(id);
  if (existing) {
    if (existing.email !== person.email) throw new ConflictError(REVIEW_MESSAGES.idTaken(id));
    return existing;
  }
  const user: User = {
    id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    active: true,
    userType: 'EXTERNALUSER',
    externalUserType: person.externalUserType,
    status: 'PENDING_REVIEW',
    createdOn: now.toISOString(),
    createdBy: person.registeredBy,
  };
  await createUser(user);
  return user;
}

async function mailBestEffort(mail: Parameters<typeof sendMail>[0]): Promise<void> {
  await sendMail(mail).catch((error: unknown) =>
    logger.warn('Could not send the review mail', { error, subject: mail.subject }),
  );
}
