import { isWholeEmail } from '@shared/rules/user-search';
import type { UserSearchResultSchema } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import type * as z from 'zod/mini';
import { normalizeSearchText, searchUserEntries, USER_SEARCH_PREFIX_LENGTH } from '../../data/users';
import { ForbiddenError } from '../../lib/errors';

type Result = z.infer<typeof UserSearchResultSchema>;

/** External users look people up by a whole e-mail address only (they may add entries: 000 §2). */
export const EXTERNAL_SEARCH_MESSAGE = 'External users find people by their full e-mail address.';

/**
 * User pick lists (lead, steward, owners, viewers; 000 §5): users whose first name, last name, full
 * name, e-mail or ISID starts with the text.
 * 1. External users may not browse the directory: since they may add entries (000 §2, issue 21 §25),
 *    which need an internal lead and steward, they may look up an internal user by that user's whole
 *    e-mail address, which they must already know, and get that one user or nobody. Any other text
 *    is refused (403), so the directory cannot be enumerated by prefixes.
 * 2. Normalize the text (angle brackets are already stripped by the schema); fewer than two
 *    characters find nothing.
 * 3. One Query on the USERSEARCH#<first two characters> partition (data/users.ts); inactive users are
 *    left out, non-personal accounts too unless `includeNpa`. At most `limit` users.
 */
export async function searchUsers(
  caller: User,
  input: { q: string; limit: number; includeNpa: boolean },
): Promise<Result> {
  const external = caller.userType === 'EXTERNALUSER';
  const wholeEmail = input.q.trim().toLowerCase();
  if (external && !isWholeEmail(wholeEmail)) throw new ForbiddenError(EXTERNAL_SEARCH_MESSAGE);
  const text = normalizeSearchText(input.q);
  if (text.length < USER_SEARCH_PREFIX_LENGTH) return { items: [] };
  const entries = await searchUserEntries(text, input.limit * 6 + 10);
  const items = entries
    .filter((e) => e.active && (input.includeNpa || !e.npa))
    .filter((e) => !external || (e.email.toLowerCase() === wholeEmail && e.userType !== 'EXTERNALUSER'))
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
