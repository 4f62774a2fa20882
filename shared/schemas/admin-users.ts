import * as z from 'zod/mini';
import { freeText } from './input';
import { IsidSchema, UserTypeSchema } from './user';

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

/** One row of the internal user list: the columns ISID, First Name, Last Name, Email, Active, User Type. */
export const AdminUserRowSchema = z.object({
  id: IsidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  active: z.boolean(),
  userType: UserTypeSchema,
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

export const AdminUserListSchema = z.object({
  items: z.array(AdminUserRowSchema),
  total: z.int().check(z.gte(0)),
});
export type AdminUserList = z.infer<typeof AdminUserListSchema>;
