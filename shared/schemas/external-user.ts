import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { freeText, isoDate } from './input';
import { InformationClassificationSchema, PlatformSchema } from './model';
import { ExternalUserStatusSchema, ExternalUserTypeSchema, IsidSchema } from './user';

/**
 * External users and their registration codes (issue 20 §2 and §9; 002 §2–§5).
 *
 * An external user is known by e-mail (lowercased and trimmed) from the moment someone registers
 * them: the record carries who they are, what kind of external user they are, the model and
 * sub-model accesses their registration code grants, when those grants end, and where they are in
 * PENDING_REGISTRATION → PENDING_REVIEW → ACTIVE | INACTIVE (002 §4). The accesses are a promise
 * until an administrator approves the self-registration: nothing is granted on any model before.
 *
 *   GET    /v2/external-users                               → ExternalUserList
 *   POST   /v2/external-users  CreateExternalUserBody        → ExternalUserCreated (201; the code is mailed)
 *   GET    /v2/external-users/{email}/overview               → ExternalUserOverview
 *   POST   /v2/external-users/{email}/activate|deactivate    → ExternalUserSummary
 *   POST   /v2/external-users/{email}/reject  RejectBody      → ExternalUserSummary
 *
 * Regenerate Code has no route of its own: it opens the wizard again with the person's names filled in
 * (002 §2), and the wizard's POST /v2/external-users replaces the code and the accesses of a known,
 * not yet active person (the old code is void).
 */

/** Business constants of external access (002 §9; issue 20 §9 for the end date and its reminder). */
export const EXTERNAL_ACCESS = {
  /** A registration code is valid for one week after it is issued (002 §4, §9). */
  registrationCodeValidityMs: 7 * 24 * 60 * 60 * 1000,
  /** Random bytes of a code: 32 bytes = 256 bits, written as 43 base64url characters. */
  registrationCodeBytes: 32,
  /** Default end of an external user's grants, in months after registration. */
  defaultAccessMonths: 12,
  /** Longest grant one registration or extension may give, in months. */
  maxAccessMonths: 24,
  /** The registering person is mailed this many days before the grants end. */
  endReminderDays: 14,
  /** Role text maximum (002 §5, §9). */
  roleTextMax: 25,
} as const;

/** An e-mail address, trimmed and lowercased (002 §5), as the key of an external user. */
export const ExternalEmailSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.fieldRequired : undefined) })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, MESSAGES.fieldRequired),
    z.maxLength(254),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address.'),
  );

/** A required person name: trimmed (002 §5), at most 100 characters. */
const personName = () => freeText({ max: 100, min: 1, minMessage: MESSAGES.fieldRequired });

/** The roles an external user can be given on a model (002 §3). */
export const ExternalModelRoleSchema = z.enum([
  'OWNER',
  'VIEWER',
  'CALIBRATORMODELER',
  'SCENARIOMODELER',
  'DISPLAYVIEWER',
]);
export type ExternalModelRole = z.infer<typeof ExternalModelRoleSchema>;

/** One model an external user's code grants, with the sub-models of a WebModel 2.0 entry. */
export const ExternalModelAccessSchema = z.object({
  modelUuid: z.string().check(z.minLength(1), z.maxLength(64)),
  modelName: z.string(),
  modelRole: ExternalModelRoleSchema,
  platform: z.optional(PlatformSchema),
  /** WebModel 2.0 only; a Model Owner gets every sub-model of the entry, listed here when granted. */
  subModelIds: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(500)),
});
export type ExternalModelAccess = z.infer<typeof ExternalModelAccessSchema>;

/**
 * The stored registration code: only its SHA-256 hash, never the code. A code is used once; a new
 * code replaces the hash, so the old one stops matching at once.
 */
export const RegistrationCodeRecordSchema = z.object({
  hash: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  issuedAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.optional(z.string()),
});
export type RegistrationCodeRecord = z.infer<typeof RegistrationCodeRecordSchema>;

/** The stored external user (functions/data/external-users.ts). */
export const ExternalUserSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  externalUserType: ExternalUserTypeSchema,
  /** Vendor only: the purchase order number (digits). */
  purchaseOrderId: z.optional(z.string()),
  /** Other only: what the person needs. */
  requestInfo: z.optional(z.string()),
  status: ExternalUserStatusSchema,
  modelAccesses: z.array(ExternalModelAccessSchema),
  /** The last day (yyyy-mm-dd, UTC) the grants hold; the next day the expiry job removes them. */
  accessEndsOn: z.string(),
  /** ISID and name of the person who registered the user (and is reminded before the end date). */
  registeredBy: IsidSchema,
  registeredByName: z.optional(z.string()),
  registrationCode: z.optional(RegistrationCodeRecordSchema),
  /** When the person submitted the self-registration (PENDING_REVIEW). */
  submittedAt: z.optional(z.string()),
  /** The ISID of the user record created at approval (the registration engineer's part). */
  userId: z.optional(IsidSchema),
  /** When the grants were applied on the models (approval or re-activation). */
  activationDate: z.optional(z.string()),
  deactivationDate: z.optional(z.string()),
  /** Why the request was rejected (PENDING_REVIEW → INACTIVE). */
  rejectionReason: z.optional(z.string()),
  /** Why the account became INACTIVE without a rejection ('deactivated', 'expired'). */
  inactiveReason: z.optional(z.enum(['rejected', 'deactivated', 'expired', 'revoked'])),
  /** When the end-date reminder was mailed for the current `accessEndsOn` (so it goes once). */
  endReminderSentFor: z.optional(z.string()),
  /** Last quarterly access review that confirmed this user, and by whom. */
  lastReviewedAt: z.optional(z.string()),
  lastReviewedBy: z.optional(z.string()),
  createdOn: z.string(),
  modifiedOn: z.string(),
  /** Optimistic version: every write is conditional on the version it read. */
  version: z.int().check(z.nonnegative()),
});
export type ExternalUser = z.infer<typeof ExternalUserSchema>;

// ---------- API shapes ----------

/** One row of either list variant. */
export const ExternalUserSummarySchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  externalUserType: ExternalUserTypeSchema,
  status: ExternalUserStatusSchema,
  registeredBy: z.string(),
  registeredByName: z.optional(z.string()),
  accessEndsOn: z.string(),
  createdOn: z.string(),
  /** Whether a code is waiting to be used, and until when (for 'Regenerate Code' hints). */
  codeExpiresAt: z.optional(z.string()),
});
export type ExternalUserSummary = z.infer<typeof ExternalUserSummarySchema>;

export const ExternalUserListSchema = z.object({
  items: z.array(ExternalUserSummarySchema),
  total: z.int(),
});
export type ExternalUserList = z.infer<typeof ExternalUserListSchema>;

export const ExternalUserListQuerySchema = z.object({
  status: z.optional(ExternalUserStatusSchema),
});

/**
 * The e-mail in a path: API Gateway and the local gateway may hand it over still percent-encoded
 * ('%40' for '@'), so it is decoded once before the e-mail rule runs.
 */
export const ExternalUserParamsSchema = z.object({
  email: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value) => {
        try {
          return decodeURIComponent(value);
        } catch {
          return value;
        }
      }),
    ),
    ExternalEmailSchema,
  ),
});

/** A model access as the wizard sends it: the server fills name and platform from the entry. */
export const RequestedModelAccessSchema = z.object({
  modelUuid: z.string().check(z.minLength(1), z.maxLength(64)),
  modelRole: ExternalModelRoleSchema,
  subModelIds: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(500))),
});
export type RequestedModelAccess = z.infer<typeof RequestedModelAccessSchema>;

/**
 * The wizard's form (step 0) and its request (002 §3 "External registration request"). The
 * cross-field rules (purchase order for Vendor, request information for Other, company domains)
 * live in shared/rules/external-registration.ts and run in the form and on the server.
 */
export const ExternalUserInfoSchema = z.object({
  firstName: personName(),
  lastName: personName(),
  email: ExternalEmailSchema,
  externalUserType: ExternalUserTypeSchema,
  purchaseOrderId: z.optional(z.string().check(z.trim(), z.maxLength(50))),
  requestInfo: z.optional(freeText({ max: 1000, multiline: true })),
});
export type ExternalUserInfo = z.infer<typeof ExternalUserInfoSchema>;

export const CreateExternalUserBodySchema = z.extend(ExternalUserInfoSchema, {
  modelAccesses: z.array(RequestedModelAccessSchema).check(z.minLength(1), z.maxLength(100)),
  /** Last day of access; default 12 months from today (issue 20 §9). */
  accessEndsOn: z.optional(isoDate()),
});
export type CreateExternalUserBody = z.infer<typeof CreateExternalUserBodySchema>;

/** Answer of register and regenerate: the code itself never leaves the server except by mail. */
export const ExternalUserCreatedSchema = z.object({
  user: ExternalUserSummarySchema,
  message: z.string(),
});
export type ExternalUserCreated = z.infer<typeof ExternalUserCreatedSchema>;

export const RejectExternalUserBodySchema = z.object({
  reason: freeText({ max: 1000, min: 1, minMessage: MESSAGES.fieldRequired, multiline: true }),
});
export type RejectExternalUserBody = z.infer<typeof RejectExternalUserBodySchema>;

/** The User Overview modal (002 §2, §3 "External user overview"). */
export const ExternalUserOverviewSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: ExternalUserStatusSchema,
  registeredBy: z.string(),
  registeredByName: z.optional(z.string()),
  activationDate: z.optional(z.string()),
  deactivationDate: z.optional(z.string()),
  accessEndsOn: z.string(),
  modelAccesses: z.array(
    z.object({ modelUuid: z.string(), modelName: z.string(), modelRole: ExternalModelRoleSchema }),
  ),
  subModelAccessRequests: z.array(
    z.object({
      modelUuid: z.string(),
      subModelId: z.string(),
      submodelType: z.string(),
      name: z.string(),
      createdBy: z.string(),
      modifiedOn: z.optional(z.string()),
    }),
  ),
});
export type ExternalUserOverview = z.infer<typeof ExternalUserOverviewSchema>;

/** The wizard's step 1: the entries the caller may share, with what the rules and step 3 need. */
export const EligibleModelSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  platform: z.optional(PlatformSchema),
  classification: z.optional(InformationClassificationSchema),
  theorem: z.boolean(),
  /** Why no external user may get this entry ('External user access cannot be added as this is a …'). */
  refusal: z.optional(z.string()),
  subModels: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      createdBy: z.string(),
      modifiedOn: z.optional(z.string()),
    }),
  ),
});
export type EligibleModel = z.infer<typeof EligibleModelSchema>;
export const EligibleModelListSchema = z.object({ items: z.array(EligibleModelSchema), total: z.int() });
export type EligibleModelList = z.infer<typeof EligibleModelListSchema>;

/** POST /v2/external-users/{email}/extend: a new last day of access (issue 20 §9). */
export const ExtendExternalAccessBodySchema = z.object({ accessEndsOn: isoDate() });
export type ExtendExternalAccessBody = z.infer<typeof ExtendExternalAccessBodySchema>;

/** The quarterly access review (issue 20 §9): every external user, what they reach, since when. */
export const AccessReviewRowSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: ExternalUserStatusSchema,
  registeredBy: z.string(),
  registeredByName: z.optional(z.string()),
  activationDate: z.optional(z.string()),
  accessEndsOn: z.string(),
  lastReviewedAt: z.optional(z.string()),
  modelAccesses: z.array(
    z.object({
      modelUuid: z.string(),
      modelName: z.string(),
      modelRole: ExternalModelRoleSchema,
      subModels: z.int(),
    }),
  ),
});
export type AccessReviewRow = z.infer<typeof AccessReviewRowSchema>;

export const AccessReviewSchema = z.object({ items: z.array(AccessReviewRowSchema), total: z.int() });
export type AccessReview = z.infer<typeof AccessReviewSchema>;

/** Confirm keeps access (and records the review); revoke ends it at once. */
export const AccessReviewDecisionBodySchema = z.object({
  decisions: z
    .array(z.object({ email: ExternalEmailSchema, decision: z.enum(['confirm', 'revoke']) }))
    .check(z.minLength(1), z.maxLength(500)),
});
export type AccessReviewDecisionBody = z.infer<typeof AccessReviewDecisionBodySchema>;

export const AccessReviewDecisionResultSchema = z.object({ confirmed: z.int(), revoked: z.int() });
