import { LIMITS } from '@shared/constants';
import { apiClient, type RequestOptions } from '../lib/api-client';

/**
 * GET /users/search: at most `limit` users by name or e-mail (angle brackets stripped, 000 §5).
 * `includeNpa` and `includeUnenrolled` widen the search for the pickers that may offer them.
 */
export const searchUsers = (
  q: string,
  limit: number = LIMITS.userSearchLimit,
  flags: { includeNpa?: boolean; includeUnenrolled?: boolean } = {},
  opts: Pick<RequestOptions, 'signal' | 'handleErrors'> = {},
) =>
  apiClient.call('searchUsers', {
    ...opts,
    query: {
      q: q.replace(/[<>]/g, '').trim(),
      limit,
      includeNpa: flags.includeNpa === undefined ? undefined : String(flags.includeNpa),
      includeUnenrolled: flags.includeUnenrolled === undefined ? undefined : String(flags.includeUnenrolled),
    },
  });
