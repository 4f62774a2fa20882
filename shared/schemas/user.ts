import * as z from 'zod/mini';

/** User types. The DynamoDB user record is authoritative; Cognito groups mirror it. */
export const UserTypeSchema = z.enum(['SUPERUSER', 'INTERNALUSER', 'EXTERNALUSER']);
export type UserType = z.infer<typeof UserTypeSchema>;

export const USER_TYPE_LABELS: Record<UserType, string> = {
  SUPERUSER: 'Super User',
  INTERNALUSER: 'Internal User',
  EXTERNALUSER: 'External User',
};

export const ExternalUserTypeSchema = z.enum(['VENDOR', 'HTA', 'OTHER']);
export type ExternalUserType = z.infer<typeof ExternalUserTypeSchema>;

export const EXTERNAL_USER_TYPE_LABELS: Record<ExternalUserType, string> = {
  VENDOR: 'Vendor',
  HTA: 'Health Technology Assessment Representative (HTA)',
  OTHER: 'Other',
};

export const ExternalUserStatusSchema = z.enum([
  'ACTIVE',
  'INACTIVE',
  'PENDING_REGISTRATION',
  'PENDING_REVIEW',
]);
export type ExternalUserStatus = z.infer<typeof ExternalUserStatusSchema>;

/** A user id is the ISID: the company-wide short user name. */
export const IsidSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9._@-]+$/, 'A user id may contain letters, digits and . _ @ - only'),
  );

export const UserSchema = z.object({
  id: IsidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  active: z.boolean(),
  userType: UserTypeSchema,
  country: z.optional(z.string()),
  department: z.optional(z.string()),
  divisionName: z.optional(z.string()),
  externalUserType: z.optional(ExternalUserTypeSchema),
  status: z.optional(ExternalUserStatusSchema),
  /** Non-personal (service) account: excluded from some user searches. */
  npa: z.optional(z.boolean()),
  createdOn: z.string(),
  createdBy: z.optional(z.string()),
});
export type User = z.infer<typeof UserSchema>;

/** How a person is named in lists, mails and stamps ('Updated By', 'Created By'): first and last name. */
export const fullName = (user: Pick<User, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

export const UserPermissionFlagsSchema = z.object({
  createModel: z.boolean(),
  externalizationTabEnabled: z.boolean(),
  activateUser: z.boolean(),
  deactivateUser: z.boolean(),
  enrollUser: z.boolean(),
  changeUserRole: z.boolean(),
});
export type UserPermissionFlags = z.infer<typeof UserPermissionFlagsSchema>;

/** Answer of GET /v2/users/me. */
export const CurrentUserSchema = z.object({
  id: IsidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: UserTypeSchema,
  externalUserType: z.optional(ExternalUserTypeSchema),
  permissions: UserPermissionFlagsSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
