import { OptionValueParamsSchema } from '@shared/schemas/metadata-option';
import { deleteOption } from '../../core/options/manage-options';
import { httpHandler, respond } from '../http-handler';

/** DELETE /v2/admin/metadata-options/{type}/{value}: an unused, unretired option (administrators). */
export const handler = httpHandler({
  params: OptionValueParamsSchema,
  handle: async ({ user, params }) => {
    await deleteOption(user, params.type, params.value);
    return respond(204);
  },
});
