import { AddOptionBodySchema, OptionTypeParamsSchema } from '@shared/schemas/metadata-option';
import { addOption } from '../../core/options/manage-options';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/admin/metadata-options/{type}: Add Option (administrators). */
export const handler = httpHandler({
  params: OptionTypeParamsSchema,
  body: AddOptionBodySchema,
  handle: async ({ user, params, body }) => respond(201, await addOption(user, params.type, body)),
});
