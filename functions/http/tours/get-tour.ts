import { TourParamsSchema } from '@shared/schemas/tour';
import { getTour } from '../../core/tours/get-tour';
import { httpHandler } from '../http-handler';

/** GET /v2/tours/{type}/{code}. */
export const handler = httpHandler({
  params: TourParamsSchema,
  handle: async ({ user, params }) => getTour(user.id, params),
});
