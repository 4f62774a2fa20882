import { DynamicSearchBodySchema } from '@shared/schemas/model-api';
import { searchModels } from '../../core/catalog/search-models';
import { httpHandler } from '../../lib/http';

export const handler = httpHandler({
  body: DynamicSearchBodySchema,
  handle: ({ body, user }) => searchModels({ id: user.id, userType: user.userType }, body.filters),
});
