import { SheetDiffParamsSchema, SheetDiffQuerySchema } from '@shared/schemas/compare';
import { getSheetDiff } from '../../core/compare/file-diff';
import { httpHandler } from '../http-handler';
import { diffAnswer } from './pending-answer';

/** GET …/diff/{otherUuid}/{otherFileUuid}/sheets/{sheet}?page=N: one page of a sheet's diff. */
export const handler = httpHandler({
  params: SheetDiffParamsSchema,
  query: SheetDiffQuerySchema,
  handle: async ({ user, params, query }) =>
    diffAnswer(await getSheetDiff(user, { ...params, page: query.page })),
});
