import { canAddModel } from '@shared/rules/model-permissions';
import { NameCheckBodySchema } from '@shared/schemas/model-api';
import { checkModelName } from '../../core/models/check-model-name';
import { ForbiddenError } from '../../lib/errors';
import { httpHandler } from '../http-handler';

/** POST /v2/models/name-check: the generated name of some metadata and whether it is free. */
export const handler = httpHandler({
  body: NameCheckBodySchema,
  handle: async ({ user, body }) => {
    if (canAddModel(user.userType) !== 'allowed') throw new ForbiddenError();
    return checkModelName(body.metadata, body.uuid);
  },
});
