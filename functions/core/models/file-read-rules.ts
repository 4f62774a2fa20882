import type { TheoremFlags } from '@shared/schemas/model';
import type { User } from '@shared/schemas/user';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { theoremFlagsOf } from './model-access';

/*
 * Who may read or download which file: pure rules, apart from download-files.ts so that the handlers
 * that only show or manage access (file lists, Manage File Access, history) do not load the S3 client.
 */

/** The one answer to a file the caller may not read: it tells nothing about the file. */
export const FILE_NOT_READABLE = 'You do not have access to this file.';

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
 * (THEOREM) entries and none for super users; otherwise every one of trial, database lock and country
 * whose flag is not 'true' for this caller.
 */
export function theoremMissing(user: User, model: ModelRecord): string[] {
  if (user.userType === 'SUPERUSER' || model.metadata.platform !== 'Oncology') return [];
  const flags = theoremFlagsOf(model, user);
  return THEOREM_DOWNLOAD_FLAGS.filter(([flag]) => flags?.[flag] !== 'true').map(([, name]) => name);
}

/** The file rule and, on THEOREM entries, the caller's THEOREM flags. */
export function mayDownloadFile(user: User, model: ModelRecord, file: ModelFileRecord): boolean {
  return mayReadFile(user, model, file) && theoremMissing(user, model).length === 0;
}
