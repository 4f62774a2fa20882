import { getAccessReview } from '../../core/external-users/manage-external-users';
import { httpHandler } from '../http-handler';

/** GET /v2/external-users/access-review: the quarterly access review (administrators). */
export const handler = httpHandler({
  freshCaller: true,
  handle: async ({ user }) => getAccessReview(user),
});
