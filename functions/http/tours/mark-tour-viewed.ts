import { NoBodySchema } from '@shared/schemas/input';
import { TourParamsSchema } from '@shared/schemas/tour';
import { markTourViewed } from '../../core/tours/mark-tour-viewed';
import { httpHandler } from '../http-handler';

/** PUT /v2/tours/{type}/{code}/viewed (no body, or {}) → 204. */
export const handler = httpHandler({
  body: NoBodySchema,
  params: TourParamsSchema,
  handle: async ({ user, params }) => {
    await markTourViewed(user.id, params);
  },
});
