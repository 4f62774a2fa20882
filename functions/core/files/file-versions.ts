import type { FileHistorySchema } from '@shared/schemas/collaboration';
import type * as z from 'zod/mini';
import type { FileVersionRecord, ModelFileRecord } from '../../data/model-files';

type FileHistory = z.infer<typeof FileHistorySchema>;

/**
 * Every body a file has had, oldest first; the last is the current one. Items written before versions
 * were recorded have had one body: their current one, uploaded by the owner when the file was created.
 */
export function versionsOf(file: ModelFileRecord): FileVersionRecord[] {
  if (file.versions && file.versions.length > 0) return file.versions;
  return [
    {
      versionNumber: 1,
      action: 'UPLOADED',
      isid: file.owner.id,
      timestamp: file.createdOn,
      ...(file.size !== undefined ? { size: file.size } : {}),
      s3Key: file.s3Key,
    },
  ];
}

/** Earlier bodies kept (0 when the file was never replaced). */
export const versionCountOf = (file: ModelFileRecord) => versionsOf(file).length - 1;

/** The version entry of a body written now. */
export function newVersion(
  before: readonly FileVersionRecord[],
  action: FileVersionRecord['action'],
  body: { isid: string; timestamp: string; size?: number; s3Key: string },
): FileVersionRecord {
  const last = before[before.length - 1];
  return { versionNumber: (last?.versionNumber ?? 0) + 1, action, ...body };
}

/** History of a file, newest first (000 §9: history by timestamp descending). */
export function toFileHistory(file: ModelFileRecord): FileHistory {
  const versions = versionsOf(file);
  return {
    fileUuid: file.uuid,
    items: versions
      .map((v, i) => ({
        versionNumber: v.versionNumber,
        action: v.action,
        isid: v.isid,
        timestamp: v.timestamp,
        ...(v.size !== undefined ? { size: v.size } : {}),
        current: i === versions.length - 1,
      }))
      .reverse(),
  };
}
