import { ModelParamsSchema } from '@shared/schemas/model-api';
import { listHelpFiles } from '../../core/sub-models/help-files';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/help-files: the entry's help files the caller may read. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  handle: async ({ user, params }) => listHelpFiles(user, params.uuid),
});
