import { SubModelParamsSchema } from '@shared/schemas/sub-models-api';
import { listInputsOf } from '../../core/sub-models/inputs';
import { httpHandler } from '../http-handler';

/** GET /v2/models/{uuid}/sub-models/{subModelId}/inputs: input definitions, newest first. */
export const handler = httpHandler({
  params: SubModelParamsSchema,
  handle: async ({ user, params }) => listInputsOf(user, params.uuid, params.subModelId),
});
