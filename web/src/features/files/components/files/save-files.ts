import { MESSAGES } from '@shared/messages';
import type { CallerFileList } from '@shared/schemas/collaboration';
import type { UploadTicket } from '@shared/schemas/model-api';
import { saveFileChanges } from '../../../../api/files';
import { createUpload, putUploadFile } from '../../../../api/model-uploads';
import { ApiError } from '../../../../lib/api-client';
import {
  buildChangeSet,
  changeCount,
  type FileChangeAction,
  type FileChanges,
  topRemovals,
} from './file-changes';

/** What the Files dialog shows while saving: 'Processing files x/y' and the current step. */
export interface SaveProgress {
  done: number;
  total: number;
  /** 'Uploading {name}', 'Deleting {name}' or undefined between steps. */
  current?: string;
}

/** A save that did not go through: the texts to list under 'Failed to update Files.'. */
export class SaveFilesError extends Error {
  readonly issues: string[];
  readonly stale: boolean;
  constructor(issues: string[], stale = false) {
    super(issues[0] ?? MESSAGES.failedToUpdateFiles);
    this.name = 'SaveFilesError';
    this.issues = issues;
    this.stale = stale;
  }
}

/** The server's reasons (e.g. the published-entry refusals), one text each. */
export function issuesOf(error: unknown): string[] {
  if (error instanceof SaveFilesError) return error.issues;
  if (error instanceof ApiError) {
    if (error.status === 409) return [MESSAGES.staleModelReload];
    const listed = (error.body?.issues ?? []).map((i) => i.message).filter(Boolean);
    if (listed.length > 0) return [...new Set(listed)];
    if (error.body?.reportId) return [MESSAGES.errorWithReportId(error.body.reportId)];
    return error.body?.message ? [error.body.message] : [];
  }
  return [];
}

/**
 * Uploads the new files under one ticket, one at a time so that 'Uploading {name}' names the file
 * on the line; each file reports its own progress through `dispatch`.
 */
async function uploadNewFiles(
  modelUuid: string,
  changes: FileChanges,
  dispatch: (action: FileChangeAction) => void,
  onProgress: (p: SaveProgress) => void,
  total: number,
  signal?: AbortSignal,
): Promise<{ uploadId: string; ids: Record<string, string> } | undefined> {
  const uploads = changes.uploads;
  if (uploads.length === 0) return undefined;
  const ticket: UploadTicket = await createUpload(
    uploads.map((u) => ({
      name: u.name,
      size: u.size,
      ...(u.file.type ? { contentType: u.file.type } : {}),
    })),
    modelUuid,
  );
  const ids: Record<string, string> = {};
  uploads.forEach((u, i) => {
    const t = ticket.files[i];
    if (t) ids[u.key] = t.uploadFileId;
  });
  dispatch({ type: 'uploadStarted', ids });
  for (const [i, u] of uploads.entries()) {
    const target = ticket.files[i];
    onProgress({ done: i, total, current: MESSAGES.uploadingFile(u.name) });
    try {
      if (!target) throw new Error('no upload URL');
      await putUploadFile(
        target,
        u.file,
        (fraction) => dispatch({ type: 'progress', key: u.key, progress: fraction * 100 }),
        signal,
      );
    } catch (error) {
      dispatch({ type: 'failed', key: u.key });
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new SaveFilesError([`Upload of ${u.name} failed. Please try again.`]);
    }
    dispatch({ type: 'uploaded', key: u.key });
  }
  return { uploadId: ticket.uploadId, ids };
}

/**
 * One save of the file manager ('Files' dialog, 000 §2).
 * 1. Upload the new files (presigned PUTs with per-file progress): 'Uploading {name}'.
 * 2. Send ONE PATCH with folders, uploads, removals, attribute changes and clones, with the
 *    entry's rev: 'Deleting {name}' names what goes.
 * 3. Answer the new file list; any failure becomes a SaveFilesError with the texts to list
 *    (a 409 says the entry changed meanwhile).
 */
export async function saveFiles(input: {
  modelUuid: string;
  rev: number | undefined;
  changes: FileChanges;
  dispatch: (action: FileChangeAction) => void;
  onProgress: (p: SaveProgress) => void;
  signal?: AbortSignal;
}): Promise<CallerFileList> {
  const { modelUuid, rev, changes, dispatch, onProgress, signal } = input;
  const total = changeCount(changes);
  onProgress({ done: 0, total });
  try {
    const uploaded = await uploadNewFiles(modelUuid, changes, dispatch, onProgress, total, signal);
    // `changes` is the snapshot the save started from: the body takes the ticket's ids from here.
    const withIds: FileChanges = {
      ...changes,
      uploads: changes.uploads.map((u) => ({ ...u, uploadFileId: uploaded?.ids[u.key] ?? u.uploadFileId })),
    };
    const removals = topRemovals(changes);
    onProgress({
      done: changes.uploads.length,
      total,
      ...(removals.length > 0
        ? { current: MESSAGES.deletingFile(removals.map((n) => n.name).join(', ')) }
        : {}),
    });
    const list = await saveFileChanges(modelUuid, buildChangeSet(withIds, rev, uploaded?.uploadId), {
      signal,
    });
    onProgress({ done: total, total });
    return list;
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    if (error instanceof SaveFilesError) throw error;
    const stale = error instanceof ApiError && error.status === 409;
    throw new SaveFilesError(issuesOf(error), stale);
  }
}
