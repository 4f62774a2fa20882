import { OutdateAfterFileChangeBodySchema } from '@shared/executions/outdate-after-file-change';
import { ModelParamsSchema } from '@shared/schemas/model-api';
import { outdateAfterFileChange } from '../../core/files/outdate-instances';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/files/outdate-instances: after a file change, outdate the executed instances. */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: OutdateAfterFileChangeBodySchema,
  handle: async ({ user, params, body }) => outdateAfterFileChange(user, params.uuid, body),
});
