import { canAddModel } from '@shared/rules/model-permissions';
import { ExistsByMetadataBodySchema } from '@shared/schemas/model-api';
import { existsByMetadata } from '../../core/models/exists-by-metadata';
import { ForbiddenError } from '../../lib/errors';
import { httpHandler } from '../http-handler';

/** POST /v2/models/exists-by-metadata: is there an entry with the same identifying metadata? */
export const handler = httpHandler({
  body: ExistsByMetadataBodySchema,
  handle: async ({ user, body }) => {
    if (canAddModel(user.userType) !== 'allowed') throw new ForbiddenError();
    return { exists: await existsByMetadata(body.metadata) };
  },
});
