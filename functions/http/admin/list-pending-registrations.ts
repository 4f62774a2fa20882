import { listPendingRegistrations } from '../../core/registration/list-pending-registrations';
import { httpHandler } from '../http-handler';

/** GET /v2/registrations/pending: self-registrations waiting for review (activateUser flag). */
export const handler = httpHandler({
  // Fresh: a just-deactivated administrator must not see who asks for access.
  freshCaller: true,
  handle: async ({ user }) => listPendingRegistrations(user),
});
