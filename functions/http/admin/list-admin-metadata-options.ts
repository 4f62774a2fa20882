import { OptionTypeParamsSchema } from '@shared/schemas/metadata-option';
import { listAdminOptions } from '../../core/options/manage-options';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/metadata-options/{type}: one property's options with usage counts (administrators). */
export const handler = httpHandler({
  params: OptionTypeParamsSchema,
  handle: async ({ user, params }) => listAdminOptions(user, params.type),
});
