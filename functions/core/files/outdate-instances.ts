import {
  EXECUTED_STATUSES,
  FILE_CHANGE_SUB_MODEL_TYPES,
  OUTDATE_AFTER_FILE_CHANGE_MESSAGES as MSG,
  type OutdateAfterFileChangeBody,
  type OutdateAfterFileChangeResult,
} from '@shared/executions/outdate-after-file-change';
import type { User } from '@shared/schemas/user';
import { outdateInstances } from '../../data/instances-outdate';
import { listSubModels } from '../../data/sub-models';
import { ConflictError } from '../../lib/errors';
import { throwIfIssues } from '../models/entry-rules';
import { loadModelFor } from '../models/model-access';

/**
 * Outdated after a file change (001 §4; the Files dialog's step 2, 000 §2):
 * POST /v2/models/{uuid}/files/outdate-instances.
 * 1. The caller may change the entry's files ('edit', as the file manager's save): 404 when the entry
 *    is not visible, 403 when the caller may not edit it, 409 when it is retired.
 * 2. Only an unpublished (DRAFT) entry: a published entry's instances keep their state (409). Its
 *    files change under the published-entry rules, and its runs stay as they were reviewed.
 * 3. Every named sub-model must be a calibration or scenario sub-model of the entry: otherwise 422
 *    listing each problem, before anything is written.
 * 4. Per sub-model, its executed instances (shared EXECUTED_STATUSES) not outdated yet get
 *    `outdated: true`; DRAFT and running instances stay as they are. Answer the counts.
 */
export async function outdateAfterFileChange(
  caller: User,
  uuid: string,
  body: OutdateAfterFileChangeBody,
  now = new Date(),
): Promise<OutdateAfterFileChangeResult> {
  // 1.
  const model = await loadModelFor('edit', uuid, caller);
  // 2.
  if (model.status !== 'DRAFT') throw new ConflictError(MSG.onlyUnpublished);
  // 3. A non-WebModel entry has no sub-models: every id is unknown.
  const subModels = new Map((await listSubModels(uuid)).map((s) => [s.id, s]));
  throwIfIssues(
    body.subModelIds.flatMap((id, index) => {
      const path = `body.subModelIds.${index}`;
      const subModel = subModels.get(id);
      if (!subModel) return [{ path, message: MSG.unknownSubModel(id) }];
      if (!(FILE_CHANGE_SUB_MODEL_TYPES as readonly string[]).includes(subModel.type))
        return [{ path, message: MSG.notCalibrationOrScenario(subModel.name) }];
      return [];
    }),
  );
  // 4. One sub-model after the other: each one's instances are already written 16 at a time.
  const counts: OutdateAfterFileChangeResult['subModels'] = [];
  for (const id of body.subModelIds) {
    counts.push({ id, outdated: await outdateInstances(uuid, id, now, EXECUTED_STATUSES) });
  }
  return { outdated: counts.reduce((sum, c) => sum + c.outdated, 0), subModels: counts };
}
