import { ImportDefinitionBodySchema, SubModelParamsSchema } from '@shared/schemas/sub-models-api';
import { importDefinition } from '../../core/sub-models/import-definition';
import { httpHandler } from '../http-handler';

/** POST /v2/models/{uuid}/sub-models/{subModelId}/inputs/import: a definition from a .json or .xml file. */
export const handler = httpHandler({
  params: SubModelParamsSchema,
  body: ImportDefinitionBodySchema,
  handle: async ({ user, params, body }) => importDefinition(user, params.uuid, params.subModelId, body),
});
