import { AccessReviewDecisionBodySchema } from '@shared/schemas/external-user';
import { decideAccessReview } from '../../core/external-users/manage-external-users';
import { httpHandler } from '../http-handler';

/** POST /v2/external-users/access-review: confirm or revoke external users in bulk (administrators). */
export const handler = httpHandler({
  body: AccessReviewDecisionBodySchema,
  freshCaller: true,
  handle: async ({ user, body }) => decideAccessReview(user, body),
});
