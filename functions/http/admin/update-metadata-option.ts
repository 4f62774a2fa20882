import { OptionValueParamsSchema, UpdateOptionBodySchema } from '@shared/schemas/metadata-option';
import { updateOption } from '../../core/options/manage-options';
import { httpHandler } from '../http-handler';

/** PUT /v2/admin/metadata-options/{type}/{value}: Edit (rename, assigned metadata) or Retire. */
export const handler = httpHandler({
  params: OptionValueParamsSchema,
  body: UpdateOptionBodySchema,
  handle: async ({ user, params, body }) => updateOption(user, params.type, params.value, body),
});
