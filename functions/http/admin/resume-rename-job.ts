import { RenameJobParamsSchema } from '@shared/schemas/metadata-option';
import { resumeRenameJob } from '../../core/options/manage-options';
import { httpHandler, respond } from '../http-handler';

/** POST /v2/admin/metadata-option-jobs/{jobId}/resume: runs a stopped rename again (administrators). */
export const handler = httpHandler({
  params: RenameJobParamsSchema,
  handle: async ({ user, params }) => respond(202, await resumeRenameJob(user, params.jobId)),
});
