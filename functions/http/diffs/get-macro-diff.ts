import { MacroDiffParamsSchema } from '@shared/schemas/compare';
import { getMacroDiff } from '../../core/compare/file-diff';
import { httpHandler } from '../http-handler';
import { diffAnswer } from './pending-answer';

/** GET …/diff/{otherUuid}/{otherFileUuid}/macros/{module}: one VBA module's text diff. */
export const handler = httpHandler({
  params: MacroDiffParamsSchema,
  handle: async ({ user, params }) => diffAnswer(await getMacroDiff(user, params)),
});
