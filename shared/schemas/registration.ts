import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { ExternalEmailSchema, ExternalModelRoleSchema } from './external-user';
import { freeText } from './input';
import { ExternalUserStatusSchema, ExternalUserTypeSchema } from './user';

/**
 * Self-registration of an external user and its review (issue 20 §3; 002 §2 "Registration page",
 * "Registration review", §3 "Self-registration", §7).
 *
 *   POST /v2/registrations          SelfRegistrationBody → SelfRegistrationResult (public, rate-limited)
 *   GET  /v2/registrations/pending                       → PendingRegistrationList (administrators)
 *   POST /v2/registrations/review   RegistrationReviewBody → RegistrationReviewResult (administrators)
 */

/** Texts of the screens and answers (002 §2, §8). */
export const REGISTRATION_TEXTS = {
  submit: 'Request Access to Model Repository',
  submitted: 'Request Submitted Successfully!',
  submittedDetail:
    'Your request has been sent to the administrators. Please wait for an email confirmation before you sign in.',
  reviewTitle: 'Incoming user requests',
  reviewed: 'Access request reviewed',
  noRequests: 'No records were found',
  tooManyAttempts:
    'Too many registration attempts. Please wait an hour before trying again, or ask the person who registered you for help.',
  rejectionReasonRequired: 'A reason is required to reject a request.',
} as const;

/** A code is 43 base64url characters; the bound only keeps junk out of the hash. */
export const REGISTRATION_CODE_MAX = 200;

/** The registration page's form and request (002 §3 "Self-registration": firstName, lastName, email, registrationCode). */
export const SelfRegistrationBodySchema = z.object({
  firstName: freeText({ max: 100, min: 1, minMessage: MESSAGES.fieldRequired }),
  lastName: freeText({ max: 100, min: 1, minMessage: MESSAGES.fieldRequired }),
  email: ExternalEmailSchema,
  registrationCode: z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.fieldRequired : undefined) })
    .check(z.trim(), z.minLength(1, MESSAGES.fieldRequired), z.maxLength(REGISTRATION_CODE_MAX)),
});
export type SelfRegistrationBody = z.infer<typeof SelfRegistrationBodySchema>;

export const SelfRegistrationResultSchema = z.object({
  status: ExternalUserStatusSchema,
  message: z.string(),
});
export type SelfRegistrationResult = z.infer<typeof SelfRegistrationResultSchema>;

/** One person waiting for review (002 §3 "Pending request"), with what their code would grant. */
export const PendingRegistrationSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  externalUserType: ExternalUserTypeSchema,
  /** They ticked the agreement on confidential materials (the page refuses to send otherwise). */
  consent: z.boolean(),
  submittedAt: z.optional(z.string()),
  registeredBy: z.string(),
  registeredByName: z.optional(z.string()),
  accessEndsOn: z.string(),
  modelAccesses: z.array(
    z.object({
      modelUuid: z.string(),
      modelName: z.string(),
      modelRole: ExternalModelRoleSchema,
      subModels: z.int(),
    }),
  ),
});
export type PendingRegistration = z.infer<typeof PendingRegistrationSchema>;

export const PendingRegistrationListSchema = z.object({
  items: z.array(PendingRegistrationSchema),
  total: z.int(),
});
export type PendingRegistrationList = z.infer<typeof PendingRegistrationListSchema>;

/** One decision (002 §7: `{ email, approved }`); a rejection carries its reason, which is mailed. */
export const RegistrationDecisionSchema = z
  .object({
    email: ExternalEmailSchema,
    approved: z.boolean(),
    reason: z.optional(freeText({ max: 1000, multiline: true })),
  })
  .check(
    z.refine((d) => d.approved || (d.reason ?? '').length > 0, {
      message: REGISTRATION_TEXTS.rejectionReasonRequired,
      path: ['reason'],
    }),
  );
export type RegistrationDecision = z.infer<typeof RegistrationDecisionSchema>;

/** The review request: an array of decisions, as the spec's call sends it. */
export const RegistrationReviewBodySchema = z
  .array(RegistrationDecisionSchema)
  .check(z.minLength(1), z.maxLength(50));
export type RegistrationReviewBody = z.infer<typeof RegistrationReviewBodySchema>;

export const RegistrationReviewResultSchema = z.object({
  message: z.string(),
  items: z.array(z.object({ email: z.string(), status: ExternalUserStatusSchema })),
});
export type RegistrationReviewResult = z.infer<typeof RegistrationReviewResultSchema>;
