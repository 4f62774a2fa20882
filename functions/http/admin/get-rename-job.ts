import { RenameJobParamsSchema } from '@shared/schemas/metadata-option';
import { getRenameJobFor } from '../../core/options/manage-options';
import { httpHandler } from '../http-handler';

/** GET /v2/admin/metadata-option-jobs/{jobId}: a rename's progress (administrators). */
export const handler = httpHandler({
  params: RenameJobParamsSchema,
  handle: async ({ user, params }) => getRenameJobFor(user, params.jobId),
});
