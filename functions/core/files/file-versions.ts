import type { FileHistorySchema } from '@shared/schemas/collaboration';
import type * as z from 'zod/mini';
import { type FileVersionItem, listFileVersions } from '../../data/file-versions';
import { type FileVersionRecord, getModelFile, type ModelFileRecord } from '../../data/model-files';

type FileHistory = z.infer<typeof FileHistorySchema>;

/**
 * The bodies of a file (docs/versions.md "File history"). Each body is an item of its own
 * (data/file-versions.ts); a file carried into a new version of its entry continues the chain of the
 * body it was copied from (`origin`), so its history is the earlier version's entries up to that body
 * and then its own. Items written before versions were items hold them in a list (`versions`); items
 * written before versions were recorded at all have had one body, their current one.
 */

/** Number of the file's current body. */
export function currentVersionOf(file: ModelFileRecord): number {
  return file.currentVersion ?? file.versions?.at(-1)?.versionNumber ?? 1;
}

/**
 * The bodies recorded inside the file item itself (the legacy list, or the one body of an item written
 * before versions were recorded), without reading the version items. Enough where only the current
 * body matters; the whole history is `fileHistoryChain`, and a file carried into a new version names
 * the body it came from in `origin` (pairing files across versions follows it).
 */
export function versionsOf(file: ModelFileRecord): FileVersionRecord[] {
  return ownVersions(file, []).map(({ modelUuid: _m, fileUuid: _f, ...v }) => v);
}

/** Earlier bodies kept (0 when the file was never replaced). */
export const versionCountOf = (file: ModelFileRecord) => currentVersionOf(file) - 1;

/** The version item of a body written now: the next number after `before`'s (1 for a new file). */
export function nextVersion(
  target: { modelUuid: string; fileUuid: string },
  before: ModelFileRecord | undefined,
  action: FileVersionRecord['action'],
  body: { isid: string; timestamp: string; size?: number; s3Key: string },
): FileVersionItem {
  const versionNumber = before ? currentVersionOf(before) + 1 : 1;
  return { ...target, versionNumber, action, ...body };
}

/**
 * The file's own bodies, oldest first: its items, the legacy list (items win on a number both hold)
 * and, for a file that never recorded its first body and was not carried from another, that body.
 */
export function ownVersions(file: ModelFileRecord, items: readonly FileVersionItem[]): FileVersionItem[] {
  const byNumber = new Map<number, FileVersionItem>();
  for (const v of file.versions ?? []) {
    byNumber.set(v.versionNumber, { ...v, modelUuid: file.modelUuid, fileUuid: file.uuid });
  }
  for (const v of items) byNumber.set(v.versionNumber, v);
  if (!file.origin && !byNumber.has(1) && !file.folder) {
    byNumber.set(1, {
      modelUuid: file.modelUuid,
      fileUuid: file.uuid,
      versionNumber: 1,
      action: 'UPLOADED',
      isid: file.owner.id,
      timestamp: file.createdOn,
      ...(file.size !== undefined ? { size: file.size } : {}),
      s3Key: file.s3Key,
    });
  }
  return [...byNumber.values()].sort((a, b) => a.versionNumber - b.versionNumber);
}

/** How many earlier versions of an entry a history walks through at most (a guard against bad data). */
export const MAX_CHAIN_DEPTH = 100;

export interface FileHistoryReader {
  listFileVersions: (modelUuid: string, fileUuid: string) => Promise<FileVersionItem[]>;
  getModelFile: (modelUuid: string, fileUuid: string) => Promise<ModelFileRecord | undefined>;
}
const DATA: FileHistoryReader = { listFileVersions, getModelFile };

/**
 * Every body of the file through its chain, oldest first. An origin whose entry was deleted (a draft)
 * ends the chain there: the history starts at the first body still on record.
 */
export async function fileHistoryChain(
  file: ModelFileRecord,
  read: FileHistoryReader = DATA,
): Promise<FileVersionItem[]> {
  const segments: FileVersionItem[][] = [];
  let current: ModelFileRecord | undefined = file;
  let upTo = Number.POSITIVE_INFINITY;
  const seen = new Set<string>();
  for (let depth = 0; current && depth < MAX_CHAIN_DEPTH; depth++) {
    const key = `${current.modelUuid}/${current.uuid}`;
    if (seen.has(key)) break;
    seen.add(key);
    const limit = upTo;
    const own = ownVersions(current, await read.listFileVersions(current.modelUuid, current.uuid));
    segments.unshift(own.filter((v) => v.versionNumber <= limit));
    const origin: ModelFileRecord['origin'] = current.origin;
    if (!origin) break;
    upTo = origin.versionNumber;
    current = await read.getModelFile(origin.modelUuid, origin.fileUuid);
  }
  return segments.flat();
}

/** History of a file, newest first (000 §9: history by timestamp descending). */
export function toFileHistory(file: ModelFileRecord, chain: readonly FileVersionItem[]): FileHistory {
  const current = currentVersionOf(file);
  return {
    fileUuid: file.uuid,
    items: chain
      .map((v) => ({
        versionNumber: v.versionNumber,
        action: v.action,
        isid: v.isid,
        timestamp: v.timestamp,
        ...(v.size !== undefined ? { size: v.size } : {}),
        current: v.modelUuid === file.modelUuid && v.fileUuid === file.uuid && v.versionNumber === current,
      }))
      .reverse(),
  };
}
