import { DirectorySearchQuerySchema } from '@shared/schemas/admin-users';
import { searchDirectoryPeople } from '../../core/admin/manage-users';
import { httpHandler } from '../http-handler';

/** GET /v2/directory/search: 'Find user' over the corporate directory (enrollUser flag). */
export const handler = httpHandler({
  query: DirectorySearchQuerySchema,
  handle: async ({ user, query }) => searchDirectoryPeople(user, query),
});
