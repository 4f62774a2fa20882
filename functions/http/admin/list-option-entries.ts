import { OptionValueParamsSchema } from '@shared/schemas/metadata-option';
import { affectedEntries } from '../../core/options/manage-options';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/metadata-options/{type}/{value}/entries: the entries an option change affects. */
export const handler = httpHandler({
  params: OptionValueParamsSchema,
  handle: async ({ user, params }) => affectedEntries(user, params.type, params.value),
});
