import { randomUUID } from 'node:crypto';
import type { CallerFileList, FileChangeSetBody } from '@shared/schemas/collaboration';
import type { User } from '@shared/schemas/user';
import { auditPut } from '../../data/audit';
import { copyObject, objectSize } from '../../data/file-objects';
import { fileVersionPut } from '../../data/file-versions';
import {
  fileTypesOf,
  listModelFiles,
  type ModelFileRecord,
  modelFileDelete,
  modelFilePut,
  modelFileUpdate,
} from '../../data/model-files';
import { type ModelRecord, modelPut } from '../../data/models';
import { MAX_TRANSACTION_ITEMS, runTransaction } from '../../data/transactions';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { throwIfIssues } from '../models/entry-rules';
import { loadModelFor } from '../models/model-access';
import { catalogueChange, checkRev, nextRevision } from '../models/model-writes';
import { getAppSettings } from '../settings/get-app-settings';
import { discardCopies, takeUploadedFiles } from '../uploads/take-uploaded-files';
import { callerFileList } from './caller-access';
import {
  applyChangeSet,
  type ChangeSetContext,
  type ChangeSetPlan,
  changeSetIssues,
  ownerOnlyRefusal,
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
 * 2. Only the file owner or a super user changes a file's cdd or private flag: a save that would
 *    change them on someone else's file is refused as a whole (403 naming the files).
 * 3. Check the whole save against the entry's files (change-set.ts): names and folder paths, allowed
 *    extensions, known targets, the published-entry rules, clones of readable spreadsheets only;
 *    every problem at once as 422, and at most one transaction of writes.
 * 4. Every clone's source body must exist: a missing one is a data fault, logged as such, and a 409
 *    naming the file (before anything is copied).
 * 5. Copy the bodies: uploads (ticket, sizes: 413) and clones, each under a fresh key.
 * 6. One TransactWrite: the model (rev, fileCount; conditional on rev), created / changed (conditional
 *    on their own rev) / deleted file items, the catalogue change and the audit record FILES_UPDATED.
 *    If it fails, the copied bodies are removed; earlier bodies of replaced or removed files are kept.
 * 7. Answer the entry's new file list for the caller.
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
  const refusal = ownerOnlyRefusal(ctx, body);
  if (refusal) throw new ForbiddenError(refusal);
  throwIfIssues(changeSetIssues(ctx, body));
  const iso = now.toISOString();
  const plan = planChangeSet(ctx, body, iso, randomUUID);
  const room = MAX_TRANSACTION_ITEMS - FIXED_WRITES;
  if (plannedWrites(plan, body) > room) {
    throwIfIssues([{ path: 'body', message: FILE_MANAGER_MESSAGES.tooManyChanges(room) }]);
  }
  await requireCloneSources(uuid, existing, body, plan);

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
      fileTypes: fileTypesOf(writes.after),
    };
    await runTransaction([
      modelPut(next, model.rev),
      ...writes.removed.map((f) => modelFileDelete(uuid, f.uuid)),
      ...writes.changed.map(({ file, expectedRev }) => modelFileUpdate(file, expectedRev)),
      ...writes.created.map(modelFilePut),
      ...writes.versions.map(fileVersionPut),
      catalogueChange(next),
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

/**
 * Every clone's source body is in the bucket (HEAD). A file item whose body is gone is a data fault
 * (nothing the user can fix): logged as such, as "Download all" does, and answered 409 naming the
 * files instead of failing the copy with a 500.
 */
async function requireCloneSources(
  uuid: string,
  existing: readonly ModelFileRecord[],
  body: FileChangeSetBody,
  plan: ChangeSetPlan,
): Promise<void> {
  if (plan.clones.length === 0) return;
  const byUuid = new Map(existing.map((f) => [f.uuid, f]));
  const sources = [...new Set(body.clone.map((c) => c.fromUuid))].flatMap((id) => {
    const f = byUuid.get(id);
    return f ? [f] : [];
  });
  const missing: ModelFileRecord[] = [];
  await Promise.all(
    sources.map(async (f) => {
      if (!f.s3Key || (await objectSize(f.s3Key)) === undefined) missing.push(f);
    }),
  );
  if (missing.length === 0) return;
  logger.error('Data fault: file bodies are missing from the files bucket', {
    dataFault: 'missing-file-body',
    modelUuid: uuid,
    files: missing.map((f) => ({ fileUuid: f.uuid, name: f.name, path: f.path, s3Key: f.s3Key })),
  });
  throw new ConflictError(
    FILE_MANAGER_MESSAGES.cloneSourceMissing(missing.map((f) => (f.path ? `${f.path}/${f.name}` : f.name))),
  );
}
