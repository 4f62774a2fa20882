import { SelfRegistrationBodySchema } from '@shared/schemas/registration';
import { submitRegistration } from '../../core/registration/submit-registration';
import { httpHandler, respond } from '../http-handler';

/**
 * POST /v2/registrations. Public: the person has no account yet. The source address for the rate
 * limit is the one API Gateway saw (the local gateway sets it the same way), never a header the
 * client could write.
 */
export const handler = httpHandler({
  auth: 'public',
  body: SelfRegistrationBodySchema,
  handle: async ({ body, event }) =>
    respond(202, await submitRegistration(body, event.requestContext.http.sourceIp)),
});
