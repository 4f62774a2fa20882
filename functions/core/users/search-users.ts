import type { UserSearchResultSchema } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import type * as z from 'zod/mini';
import { normalizeSearchText, searchUserEntries, USER_SEARCH_PREFIX_LENGTH } from '../../data/users';
import { ForbiddenError } from '../../lib/errors';

type Result = z.infer<typeof UserSearchResultSchema>;

/**
 * User pick lists (lead, steward, owners, viewers; 000 §5): users whose first name, last name, full
 * name, e-mail or ISID starts with the text.
 * 1. External users may not browse the directory (403).
 * 2. Normalize the text (angle brackets are already stripped by the schema); fewer than two
 *    characters find nothing.
 * 3. One Query on the USERSEARCH#<first two characters> partition (data/users.ts); inactive users are
 *    left out, non-personal accounts too unless `includeNpa`. At most `limit` users.
 */
export async function searchUsers(
  caller: User,
  input: { q: string; limit: number; includeNpa: boolean },
): Promise<Result> {
  if (caller.userType === 'EXTERNALUSER') throw new ForbiddenError('External users cannot search users.');
  const text = normalizeSearchText(input.q);
  if (text.length < USER_SEARCH_PREFIX_LENGTH) return { items: [] };
  const entries = await searchUserEntries(text, input.limit * 6 + 10);
  const items = entries
    .filter((e) => e.active && (input.includeNpa || !e.npa))
    .slice(0, input.limit)
    .map(({ id, firstName, lastName, email, userType, externalUserType }) => ({
      id,
      firstName,
      lastName,
      email,
      userType,
      ...(externalUserType ? { externalUserType } : {}),
    }));
  return { items };
}
