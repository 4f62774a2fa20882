import { ModelParamsSchema } from '@shared/schemas/model-api';
import { NewVersionBodySchema } from '@shared/schemas/versions-api';
import { createVersion } from '../../core/versions/create-version';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/models/{uuid}/versions: a new version of the entry, all or nothing (201 with its uuid). */
export const handler = httpHandler({
  params: ModelParamsSchema,
  body: NewVersionBodySchema,
  handle: async ({ user, params, body }) => respond(201, await createVersion(user, params.uuid, body)),
});
