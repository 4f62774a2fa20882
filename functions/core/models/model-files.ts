import type { FileNode } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import {
  deleteObjects,
  listModelFiles,
  type ModelFileRecord,
  modelFileDelete,
  modelFilePut,
} from '../../data/model-files';
import { MAX_TRANSACTION_ITEMS, type ModelRecord, modelPut, runModelTransaction } from '../../data/models';
import { logger } from '../../lib/logger';
import { modelLanguages, publishedFileProblems } from '../uploads/file-rules';
import { discardCopies, takeUploadedFiles, type UploadedFileRef } from '../uploads/take-uploaded-files';
import { throwIfIssues } from './entry-rules';
import { loadModelFor } from './model-access';
import { catalogChange, checkRev, nextRevision } from './model-writes';

export function toFileNode(f: ModelFileRecord): FileNode {
  const { modelUuid: _m, s3Key: _k, userAccess: _u, retired: _r, ...node } = f;
  return node;
}

const byPathAndName = (a: ModelFileRecord, b: ModelFileRecord) =>
  `${a.path}/${a.name}`.localeCompare(`${b.path}/${b.name}`, 'en');

/** The file list of an entry (callers with folder view). */
export async function listFiles(caller: User, uuid: string): Promise<{ items: FileNode[] }> {
  await loadModelFor('folderView', uuid, caller);
  const files = await listModelFiles(uuid);
  return { items: files.sort(byPathAndName).map(toFileNode) };
}

/**
 * Attaches uploaded files to an existing entry ('Files' editing).
 * 1. Authorize 'edit'; check `rev` when sent.
 * 2. On a published entry: no new or replaced main file, no file of the model's language (422).
 * 3. Copy the uploads (take-uploaded-files); a file with the path and name of an existing one
 *    replaces it.
 * 4. One TransactWrite: the model (fileCount, rev), new file items, replaced items deleted, the
 *    catalogue change. Afterwards the replaced bodies are removed; on failure the copies are.
 */
export async function attachFiles(
  caller: User,
  uuid: string,
  input: { uploadId: string; files: UploadedFileRef[]; rev?: number },
  now = new Date(),
): Promise<{ items: FileNode[] }> {
  const model = await loadModelFor('edit', uuid, caller);
  checkRev(model, input.rev);
  const existing = await listModelFiles(uuid);
  if (model.status === 'PUBLISHED') {
    const problems = publishedFileProblems({
      incoming: input.files,
      existing,
      languages: languagesOf(model, existing),
    });
    throwIfIssues(problems.map((message) => ({ path: 'body.files', message })));
  }
  const at = (f: { path: string; name: string }) => `${f.path}/${f.name}`;
  const incoming = new Set(input.files.map(at));
  const replaced = existing.filter((f) => incoming.has(at(f)));
  const count = 2 + input.files.length + replaced.length;
  if (count > MAX_TRANSACTION_ITEMS) {
    throwIfIssues([
      {
        path: 'body.files',
        message: `Too many files for one change: attach at most ${MAX_TRANSACTION_ITEMS - 2} at once.`,
      },
    ]);
  }
  const { records, copiedKeys } = await takeUploadedFiles({
    caller,
    modelUuid: uuid,
    ticketModelUuid: uuid,
    uploadId: input.uploadId,
    files: input.files,
    now: now.toISOString(),
  });
  const next: ModelRecord = {
    ...nextRevision(model, caller.id, now),
    fileCount: existing.length - replaced.length + records.length,
  };
  try {
    await runModelTransaction([
      modelPut(next, model.rev),
      ...replaced.map((f) => modelFileDelete(uuid, f.uuid)),
      ...records.map(modelFilePut),
      catalogChange(next),
    ]);
  } catch (error) {
    await discardCopies(copiedKeys);
    throw error;
  }
  if (replaced.length > 0) {
    await deleteObjects(replaced.map((f) => f.s3Key)).catch((error: unknown) =>
      logger.warn('Could not remove replaced file bodies', { uuid, error }),
    );
  }
  const replacedIds = new Set(replaced.map((f) => f.uuid));
  const all = [...existing.filter((f) => !replacedIds.has(f.uuid)), ...records];
  return { items: all.sort(byPathAndName).map(toFileNode) };
}

export function languagesOf(model: ModelRecord, files: readonly ModelFileRecord[]): Set<string> {
  return modelLanguages({
    mainFileNames: files.filter((f) => f.mainFile && !f.folder).map((f) => f.name),
    ...(model.metadata.python_environment ? { pythonEnvironment: model.metadata.python_environment } : {}),
    ...(model.metadata.mathematica_environment
      ? { mathematicaEnvironment: model.metadata.mathematica_environment }
      : {}),
  });
}
