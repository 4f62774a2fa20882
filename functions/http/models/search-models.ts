import { DynamicSearchBodySchema } from '@shared/schemas/model-api';
import { searchModels } from '../../core/catalogue/search-models';
import { httpHandler } from '../http-handler';

export const handler = httpHandler({
  body: DynamicSearchBodySchema,
  handle: ({ body, user }) => searchModels({ id: user.id, userType: user.userType }, body.filters),
});
