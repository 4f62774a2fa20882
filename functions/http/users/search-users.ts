import { UserSearchQuerySchema } from '@shared/schemas/model-api';
import { searchUsers } from '../../core/users/search-users';
import { httpHandler } from '../http-handler';

/** GET /v2/users/search?q=&limit=&includeNpa=: user pick lists (key Query, no Scan). */
export const handler = httpHandler({
  query: UserSearchQuerySchema,
  handle: async ({ user, query }) =>
    searchUsers(user, { q: query.q, limit: query.limit, includeNpa: query.includeNpa === 'true' }),
});
