import { randomUUID } from 'node:crypto';
import type { CallerFileList, FileChangeSetBody } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import { auditPut } from '../../data/audit';
import { copyObject } from '../../data/file-objects';
import { listModelFiles, modelFileDelete, modelFilePut, modelFileUpdate } from '../../data/model-files';
import { MAX_TRANSACTION_ITEMS, type ModelRecord, modelPut, runModelTransaction } from '../../data/models';
import { throwIfIssues } from '../models/entry-rules';
import { loadModelFor } from '../models/model-access';
import { catalogChange, checkRev, nextRevision } from '../models/model-writes';
import { getAppSettings } from '../settings/get-app-settings';
import { discardCopies, takeUploadedFiles } from '../uploads/take-uploaded-files';
import { callerFileList } from './caller-access';
import {
  applyChangeSet,
  type ChangeSetContext,
  changeSetIssues,
  planChangeSet,
  plannedWrites,
} from './change-set';
import { FILE_MANAGER_MESSAGES } from './file-messages';

/** The model item, its catalogue change and the audit record share each save's transaction. */
const FIXED_WRITES = 3;

/**
 * One file manager save (PATCH /v2/models/{uuid}/files; also POST .../files, the wizard's attach),
 * all or nothing.
 * 1. Authorize 'edit'; the sent `rev` must be current (409).
 * 2. Check the whole save against the entry's files (change-set.ts): names and folder paths, allowed
 *    extensions, known targets, the published-entry rules, clones of readable spreadsheets only;
 *    every problem at once as 422, and at most one transaction of writes.
 * 3. Copy the bodies: uploads (ticket, sizes: 413) and clones, each under a fresh key.
 * 4. One TransactWrite: the model (rev, fileCount; conditional on rev), created / changed (conditional
 *    on their own rev) / deleted file items, the catalogue change and the audit record FILES_UPDATED.
 *    If it fails, the copied bodies are removed; earlier bodies of replaced or removed files are kept.
 * 5. Answer the entry's new file list for the caller.
 */
export async function updateFiles(
  caller: User,
  uuid: string,
  body: FileChangeSetBody,
  now = new Date(),
): Promise<CallerFileList> {
  const model = await loadModelFor('edit', uuid, caller);
  checkRev(model, body.rev);
  const [existing, { uploadConfig }] = await Promise.all([listModelFiles(uuid), getAppSettings()]);
  const ctx: ChangeSetContext = {
    model,
    existing,
    caller,
    allowedExtensions: (uploadConfig.allowedExtensions ?? []).map((e) =>
      e.toLowerCase().replace(/^\.?/, '.'),
    ),
  };
  throwIfIssues(changeSetIssues(ctx, body));
  const iso = now.toISOString();
  const plan = planChangeSet(ctx, body, iso, randomUUID);
  const room = MAX_TRANSACTION_ITEMS - FIXED_WRITES;
  if (plannedWrites(plan, body) > room) {
    throwIfIssues([{ path: 'body', message: FILE_MANAGER_MESSAGES.tooManyChanges(room) }]);
  }

  const { records, copiedKeys } = await takeUploadedFiles({
    caller,
    modelUuid: uuid,
    ticketModelUuid: uuid,
    uploadId: body.uploadId,
    files: body.add,
    now: iso,
  });
  try {
    await Promise.all(
      plan.clones.map(async ({ record, fromKey }) => {
        await copyObject(fromKey, record.s3Key);
        copiedKeys.push(record.s3Key);
      }),
    );
    const writes = applyChangeSet(ctx, body, plan, records, iso);
    const next: ModelRecord = {
      ...nextRevision(model, caller.id, now),
      fileCount: writes.after.filter((f) => !f.folder).length,
    };
    await runModelTransaction([
      modelPut(next, model.rev),
      ...writes.removed.map((f) => modelFileDelete(uuid, f.uuid)),
      ...writes.changed.map(({ file, expectedRev }) => modelFileUpdate(file, expectedRev)),
      ...writes.created.map(modelFilePut),
      catalogChange(next),
      auditPut(
        { modelUuid: uuid, action: 'FILES_UPDATED', actor: caller.id, detail: writes.detail },
        now.getTime(),
      ),
    ]);
    return callerFileList(caller, next, writes.after);
  } catch (error) {
    await discardCopies(copiedKeys);
    throw error;
  }
}
