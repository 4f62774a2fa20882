import { RegistrationReviewBodySchema } from '@shared/schemas/registration';
import { reviewRegistrations } from '../../core/external-users/review-registrations';
import { httpHandler } from '../http-handler';

/** POST /v2/registrations/review: approve or reject self-registrations (activateUser flag). */
export const handler = httpHandler({
  body: RegistrationReviewBodySchema,
  // Fresh: approval opens the API to someone; the caller's own right is read, not remembered.
  freshCaller: true,
  handle: async ({ user, body }) => reviewRegistrations(user, body),
});
