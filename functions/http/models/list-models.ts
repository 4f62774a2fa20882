import { ListModelsQuerySchema } from '@shared/schemas/model-api';
import { listModels } from '../../core/catalogue/list-models';
import { httpHandler } from '../http-handler';

export const handler = httpHandler({
  query: ListModelsQuerySchema,
  handle: ({ query, user }) => listModels({ id: user.id, userType: user.userType }, query),
});
