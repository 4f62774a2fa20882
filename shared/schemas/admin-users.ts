import * as z from 'zod/mini';
import { freeText } from './input';
import { IsidSchema, UserSchema, UserTypeSchema } from './user';

/** Page sizes of the admin grids (002 §9). */
export const ADMIN_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The sortable columns of the internal user list (002 §2); the default sort is last name ascending. */
export const AdminUserSortSchema = z.enum(['id', 'firstName', 'lastName', 'email', 'active', 'userType']);
export type AdminUserSort = z.infer<typeof AdminUserSortSchema>;

/** GET /v2/admin/users: search, sort and one page of the internal users. */
export const AdminUserListQuerySchema = z.object({
  q: z._default(freeText({ max: 100 }), ''),
  sort: z._default(AdminUserSortSchema, 'lastName'),
  order: z._default(z.enum(['asc', 'desc']), 'asc'),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

/**
 * One row of the internal user list: the columns ISID, First Name, Last Name, Email, Active, User Type,
 * picked from the user record so the two cannot drift apart.
 */
export const AdminUserRowSchema = z.pick(UserSchema, {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  active: true,
  userType: true,
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

export const AdminUserListSchema = z.object({
  items: z.array(AdminUserRowSchema),
  total: z.int().check(z.gte(0)),
});
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** The first two user types of the enumeration: the only ones the edit form offers (002 §2). */
export const EDITABLE_USER_TYPES = ['SUPERUSER', 'INTERNALUSER'] as const;

export const AdminUserParamsSchema = z.object({ id: IsidSchema });

/** POST /v2/admin/users: enroll a person of the directory (002 §7 'Enroll user': id, userType). */
export const EnrollUserBodySchema = z.object({ id: IsidSchema, userType: UserTypeSchema });
export type EnrollUserBody = z.infer<typeof EnrollUserBodySchema>;

/** PATCH /v2/admin/users/{id}: 'Set user type' and 'Set user active', one or both. */
export const UpdateAdminUserBodySchema = z
  .object({
    userType: z.optional(z.enum(EDITABLE_USER_TYPES)),
    active: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => b.userType !== undefined || b.active !== undefined, {
      message: 'Send userType, active or both.',
    }),
  );
export type UpdateAdminUserBody = z.infer<typeof UpdateAdminUserBodySchema>;

/** GET /v2/admin/users/{id}: the user record an administrator sees. */
export const AdminUserDetailSchema = z.pick(UserSchema, {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  active: true,
  userType: true,
  country: true,
  department: true,
  divisionName: true,
  createdOn: true,
  createdBy: true,
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** The 'Find user' limit (002 §9). */
export const DIRECTORY_SEARCH_LIMIT = 10;

/** GET /v2/directory/search: 'Find user' (002 §7: name, limit 10, includeNpa false, includeUnenrolled true). */
export const DirectorySearchQuerySchema = z.object({
  name: z.pipe(
    freeText({ max: 100 }),
    z.transform((s: string) => s.replace(/[<>"\\]/g, '').trim()),
  ),
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(DIRECTORY_SEARCH_LIMIT)),
    DIRECTORY_SEARCH_LIMIT,
  ),
  includeNpa: z._default(z.enum(['true', 'false']), 'false'),
  includeUnenrolled: z._default(z.enum(['true', 'false']), 'true'),
});
export type DirectorySearchQuery = z.infer<typeof DirectorySearchQuerySchema>;

/** A person of the corporate directory; `enrolled` when Model Repository already lists them. */
export const DirectoryPersonSchema = z.object({
  id: IsidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  enrolled: z.boolean(),
});
export type DirectoryPerson = z.infer<typeof DirectoryPersonSchema>;

export const DirectorySearchResultSchema = z.object({
  items: z.array(DirectoryPersonSchema),
  total: z.int().check(z.gte(0)),
});
export type DirectorySearchResult = z.infer<typeof DirectorySearchResultSchema>;
