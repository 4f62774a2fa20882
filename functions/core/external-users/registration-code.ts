import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  EXTERNAL_ACCESS,
  type ExternalModelAccess,
  type ExternalUser,
  type RegistrationCodeRecord,
} from '@shared/schemas/external-user';
import { getExternalUser, updateExternalUser } from '../../data/external-users';
import type { LabeledTxItem } from '../../data/transactions';

/**
 * Registration codes of external users (issue 20 §2; 002 §4 "Registration code: expires after 1
 * week").
 *
 * - A code is 32 random bytes from the OS CSPRNG (256 bits), written as 43 base64url characters: no
 *   one guesses it, so the per-e-mail and per-address rate limits of the public route only have to
 *   stop noise.
 * - Only its SHA-256 hash is stored (on the external user's record). A plain hash is enough: the
 *   input is 256 random bits, so there is no dictionary to try; a slow or keyed hash adds nothing.
 * - It is used once: the self-registration that presents it marks it used in the same conditional
 *   write that moves the person to PENDING_REVIEW.
 * - Regenerating replaces the stored hash, so the old code stops matching at once.
 *
 * ## The interface for the self-registration and review routes (POST /v2/registrations, /review)
 *
 * 1. `POST /v2/registrations` (public): after its rate limits, call
 *    `submitSelfRegistration({ email, firstName, lastName, registrationCode }, now)`. It answers
 *    `{ ok: true, user }` (the person is PENDING_REVIEW, the code is spent, an audit record written)
 *    or `{ ok: false, reason }` with `reason` one of `REGISTRATION_CODE_FAILURES` and the user-facing
 *    text in `REGISTRATION_CODE_MESSAGES[reason]`; nothing is written on a failure. (To check without
 *    writing, `verifyRegistrationCode(email, code, now)` answers the same.)
 * 2. `GET /v2/registrations/pending`: `listExternalUsersByStatus('PENDING_REVIEW')` from
 *    functions/data/external-users.ts.
 * 3. Approval: create the Cognito/users-table user, then call
 *    `approveExternalUser(email, { actor, userId }, now)` from ./external-user-lifecycle.ts: it grants
 *    `grantsToApply(user)` (the model roles and the WebModel 2.0 sub-models the code carries) on the
 *    models and moves the person to ACTIVE with the activation date, in one transaction per model
 *    conditional on the person still being PENDING_REVIEW. Rejection:
 *    `rejectExternalUser(email, { actor, reason }, now)` (INACTIVE with the reason; nothing granted).
 */

export const REGISTRATION_CODE_FAILURES = ['wrong', 'used', 'expired'] as const;
export type RegistrationCodeFailure = (typeof REGISTRATION_CODE_FAILURES)[number];

/**
 * What a person who presents a bad code is told. An unknown e-mail and a wrong code read the same,
 * so the public route does not reveal who is registered.
 */
export const REGISTRATION_CODE_MESSAGES: Record<RegistrationCodeFailure, string> = {
  wrong: 'The registration code or e-mail address is not valid.',
  used: 'This registration code has already been used.',
  expired: 'This registration code has expired. Ask the person who registered you for a new one.',
};

export type RegistrationCodeCheck =
  | { ok: true; user: ExternalUser }
  | { ok: false; reason: RegistrationCodeFailure };

/** SHA-256 of the code, hex: what is stored and compared. */
export function hashRegistrationCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** A new code and the record that stores it (the code itself is returned once, to be mailed). */
export function newRegistrationCode(now: Date): { code: string; record: RegistrationCodeRecord } {
  const code = randomBytes(EXTERNAL_ACCESS.registrationCodeBytes).toString('base64url');
  return {
    code,
    record: {
      hash: hashRegistrationCode(code),
      issuedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + EXTERNAL_ACCESS.registrationCodeValidityMs).toISOString(),
    },
  };
}

/** Compares hex hashes in constant time (the lengths are public: always 64). */
function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether `code` opens `user`'s registration now. Order matters: a wrong code says nothing about the
 * stored code's state (used, expired), so only the holder of the right code learns it.
 */
export function checkRegistrationCode(
  user: ExternalUser | undefined,
  code: string,
  now: Date,
): RegistrationCodeCheck {
  const stored = user?.registrationCode;
  // Hash even when there is nothing to compare with, so an unknown e-mail takes the same time.
  const presented = hashRegistrationCode(code);
  if (!user || !stored || !sameHash(presented, stored.hash)) return { ok: false, reason: 'wrong' };
  if (stored.usedAt || user.status !== 'PENDING_REGISTRATION') return { ok: false, reason: 'used' };
  if (now.getTime() >= Date.parse(stored.expiresAt)) return { ok: false, reason: 'expired' };
  return { ok: true, user };
}

/** Reads the person by e-mail (trimmed and lowercased by the caller's schema) and checks the code. */
export async function verifyRegistrationCode(
  email: string,
  code: string,
  now = new Date(),
): Promise<RegistrationCodeCheck> {
  return checkRegistrationCode(await getExternalUser(email), code, now);
}

export interface SelfRegistration {
  email: string;
  firstName: string;
  lastName: string;
  registrationCode: string;
}

/**
 * The public registration: checks the code and, in one write conditional on the version read (so two
 * submissions of one code cannot both pass), spends it and moves the person to PENDING_REVIEW with
 * the names they typed. `extra` items (a rate-limit record, a mail outbox entry) join the write.
 */
export async function submitSelfRegistration(
  input: SelfRegistration,
  now = new Date(),
  extra: readonly LabeledTxItem[] = [],
): Promise<RegistrationCodeCheck> {
  const check = await verifyRegistrationCode(input.email, input.registrationCode, now);
  if (!check.ok) return check;
  const { user } = check;
  const at = now.toISOString();
  const next = await updateExternalUser(
    {
      ...user,
      firstName: input.firstName,
      lastName: input.lastName,
      status: 'PENDING_REVIEW',
      // biome-ignore lint/style/noNonNullAssertion: checkRegistrationCode passed, so the code exists
      registrationCode: { ...user.registrationCode!, usedAt: at },
      submittedAt: at,
      modifiedOn: at,
    },
    user.version,
    { actor: user.email, action: 'SELF_REGISTERED', before: user.status, after: 'PENDING_REVIEW' },
    extra,
    REGISTRATION_CODE_MESSAGES.used,
  );
  return { ok: true, user: next };
}

/**
 * The grants a person's code carries, applied at approval and not before: each model with its role
 * and, on a WebModel 2.0 entry, its sub-models (all of them for a Model Owner, resolved at approval).
 */
export function grantsToApply(user: ExternalUser): readonly ExternalModelAccess[] {
  return user.modelAccesses;
}
