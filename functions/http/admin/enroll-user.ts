import { EnrollUserBodySchema } from '@shared/schemas/admin-users';
import { enrollUser } from '../../core/admin/manage-users';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/admin/users: enroll a person of the directory (enrollUser flag; 409 when listed already). */
export const handler = httpHandler({
  body: EnrollUserBodySchema,
  handle: async ({ user, body }) => respond(201, await enrollUser(user, body)),
});
