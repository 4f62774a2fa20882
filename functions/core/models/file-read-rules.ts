import { MESSAGES } from '@shared/messages';
import type { TheoremFlags } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { isModelManager, outcome, theoremFlagsOf } from './model-access';

/*
 * Who may read or download which file: pure rules, apart from download-files.ts so that the handlers
 * that only show or manage access (file lists, Manage File Access, history) do not load the S3 client.
 */

/** The one answer to a file the caller may not read: it tells nothing about the file. */
export const FILE_NOT_READABLE = 'You do not have access to this file.';
/** A private file the caller does not own (000 §6: "managed elsewhere and their buttons are disabled"). */
export const FILE_PRIVATE = 'Private files are managed by their owner.';

/** A caller who may see the entry but not its files (preview only, modelers, display viewers). */
export const ENTRY_FILES_NOT_READABLE =
  'You do not have access to the files of this model entry. Request access to the model entry first.';

/**
 * The file rule of 000 §6: a file may be downloaded by everyone who may read the entry when the entry
 * is global or the file's cdd is 'No'; with cdd 'Yes' only by users with file access (when the file is
 * not private) and by the file's owner. Super users manage file access and may always download.
 */
export function mayReadFile(user: User, model: ModelRecord, file: ModelFileRecord): boolean {
  if (user.userType === 'SUPERUSER' || file.owner.id === user.id) return true;
  if (model.metadata.global === 'true' || file.cdd === 'No') return true;
  return file.userAccess.includes(user.id) && !file.isPrivate;
}

/**
 * The THEOREM flags a download needs, with the names the spec's message uses (000 §8: "You don't have
 * {Trail, Database Lock, Country} access in THEOREM..."; 'Trail' is the spec's spelling).
 */
export const THEOREM_DOWNLOAD_FLAGS = [
  ['allow_access', 'Trail'],
  ['data_cut_access', 'Database Lock'],
  ['country_access', 'Country'],
] as const satisfies readonly (readonly [keyof TheoremFlags, string])[];

/**
 * The THEOREM accesses the caller lacks for downloading files of the entry: none outside Oncology
 * (THEOREM) entries, none for super users and none for the entry's managers (lead, steward, owners:
 * the people the entry belongs to are not locked out of its files, issue 9 §11); otherwise every one
 * of trial, database lock and country whose flag is not 'true' for this caller.
 */
export function theoremMissing(user: User, model: ModelRecord): string[] {
  if (user.userType === 'SUPERUSER' || model.metadata.platform !== 'Oncology') return [];
  if (isModelManager(user, model)) return [];
  const flags = theoremFlagsOf(model, user);
  return THEOREM_DOWNLOAD_FLAGS.filter(([flag]) => flags?.[flag] !== 'true').map(([, name]) => name);
}

/**
 * Why a download is refused, which also tells what would help:
 * - 'entry': the caller may not open the entry's files at all: only model access helps;
 * - 'theorem': THEOREM flags are missing: only a super user can set them;
 * - 'file': the file rule refuses: the file owner (or a super user) can share the file ('Request Access');
 * - 'private': the file is private (000 §6): it is managed elsewhere, so nothing is offered, not even
 *   'Request Access' (issue 21 §21).
 */
export type FileRefusal = 'entry' | 'theorem' | 'file' | 'private';

export type FileDownloadDecision =
  | { allowed: true }
  | { allowed: false; refusal: FileRefusal; message: string };

/** Step 1 of fileDownloadDecision on its own: may the caller open the entry's files at all? */
export function entryFilesDecision(user: User, model: ModelRecord): FileDownloadDecision {
  return outcome('folderView', user, model) === 'allowed'
    ? { allowed: true }
    : { allowed: false, refusal: 'entry', message: ENTRY_FILES_NOT_READABLE };
}

/**
 * THE download decision for one file (issue 9 §6): the download route, the file list's `callerAccess`
 * and 'Request Access' all ask this one function, so what the caller is told matches what a download
 * does. In order:
 * 1. The entry's folder view (managers, viewers, super users); otherwise 'entry'.
 * 2. On THEOREM entries the caller's trial, database lock and country flags (theoremMissing); the
 *    owner of a file always reads it (issue 9 §11); otherwise 'theorem'. Checked before the file rule
 *    because sharing the file would not help.
 * 3. The file rule (mayReadFile); otherwise 'private' for a private file, else 'file'.
 */
export function fileDownloadDecision(
  user: User,
  model: ModelRecord,
  file: ModelFileRecord,
): FileDownloadDecision {
  const entry = entryFilesDecision(user, model);
  if (!entry.allowed) return entry;
  const missing = file.owner.id === user.id ? [] : theoremMissing(user, model);
  if (missing.length > 0) {
    return { allowed: false, refusal: 'theorem', message: MESSAGES.theoremMissingAccess(missing) };
  }
  if (!mayReadFile(user, model, file))
    return file.isPrivate
      ? { allowed: false, refusal: 'private', message: FILE_PRIVATE }
      : { allowed: false, refusal: 'file', message: FILE_NOT_READABLE };
  return { allowed: true };
}

/** Whether the caller may download the file (fileDownloadDecision). */
export function mayDownloadFile(user: User, model: ModelRecord, file: ModelFileRecord): boolean {
  return fileDownloadDecision(user, model, file).allowed;
}
