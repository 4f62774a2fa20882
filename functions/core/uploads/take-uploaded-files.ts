import { randomUUID } from 'node:crypto';
import type { User } from '@shared/schemas/user';
import { copyObject, deleteObjects, objectSize } from '../../data/file-objects';
import { type ModelFileRecord, modelFileObjectKey, updateStamp } from '../../data/model-files';
import { getUpload } from '../../data/uploads';
import { PayloadTooLargeError, UnprocessableError } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { getAppSettings } from '../settings/get-app-settings';
import { FILE_MESSAGES, isValidFileName, isValidFolderPath } from './file-rules';

export interface UploadedFileRef {
  uploadFileId: string;
  name: string;
  path: string;
  fileTag?: string;
  mainFile: boolean;
}

const refuse = (message: string, path = 'body.files') => new UnprocessableError(message, [{ path, message }]);

/**
 * Turns uploaded files into file nodes of an entry. Runs BEFORE the entry's transaction:
 * 1. The ticket must exist, belong to the caller and to this entry (none for a new entry), and name
 *    every referenced file; names and folder paths must be valid and distinct.
 * 2. Each body must be in S3 and within the size limit.
 * 3. Copy each body to models/<uuid>/files/<fileUuid>.
 * Returns the file records (not yet written) and the copied keys, which the caller removes with
 * `discardCopies` when its transaction fails, so a failure leaves nothing behind.
 */
export async function takeUploadedFiles(input: {
  caller: User;
  modelUuid: string;
  /** The entry the ticket must have been made for (undefined while creating). */
  ticketModelUuid: string | undefined;
  uploadId: string | undefined;
  files: readonly UploadedFileRef[];
  now: string;
}): Promise<{ records: ModelFileRecord[]; copiedKeys: string[] }> {
  if (input.files.length === 0) return { records: [], copiedKeys: [] };
  if (!input.uploadId) throw refuse('Files need the uploadId of their upload ticket.', 'body.uploadId');
  const ticket = await getUpload(input.uploadId);
  if (
    !ticket ||
    ticket.createdBy !== input.caller.id ||
    Date.parse(ticket.expiresAt) < Date.parse(input.now) ||
    (ticket.modelUuid ?? undefined) !== input.ticketModelUuid
  ) {
    throw refuse('The upload was not found or has expired. Upload the files again.', 'body.uploadId');
  }
  const byId = new Map(ticket.files.map((f) => [f.uploadFileId, f]));
  const seen = new Set<string>();
  const seenIds = new Set<string>();
  for (const ref of input.files) {
    if (!byId.has(ref.uploadFileId) || seenIds.has(ref.uploadFileId)) {
      throw refuse(`${ref.name} is not part of this upload.`);
    }
    seenIds.add(ref.uploadFileId);
    if (!isValidFileName(ref.name)) throw refuse(FILE_MESSAGES.badName(ref.name));
    if (!isValidFolderPath(ref.path)) throw refuse(FILE_MESSAGES.badPath(ref.path));
    const at = `${ref.path}/${ref.name}`;
    if (seen.has(at)) throw refuse(`${ref.name} appears twice in the same folder.`);
    seen.add(at);
  }
  const { uploadConfig } = await getAppSettings();
  const sizes = await Promise.all(
    input.files.map((ref) => objectSize(byId.get(ref.uploadFileId)?.key ?? '')),
  );
  input.files.forEach((ref, i) => {
    const size = sizes[i];
    if (size === undefined) throw refuse(`${ref.name} was not uploaded.`);
    if (size > uploadConfig.maxFileSizeBytes) {
      throw new PayloadTooLargeError(FILE_MESSAGES.tooLarge(ref.name, size, uploadConfig.maxFileSizeBytes));
    }
  });

  const records: ModelFileRecord[] = input.files.map((ref, i) => {
    const uuid = randomUUID();
    return {
      uuid,
      modelUuid: input.modelUuid,
      name: ref.name,
      path: ref.path,
      folder: false,
      size: sizes[i] ?? 0,
      ...(ref.fileTag ? { fileTag: ref.fileTag } : {}),
      mainFile: ref.mainFile,
      owner: { id: input.caller.id, firstName: input.caller.firstName, lastName: input.caller.lastName },
      isPrivate: false,
      cdd: 'No',
      createdOn: input.now,
      ...updateStamp(input.caller, input.now),
      s3Key: modelFileObjectKey(input.modelUuid, uuid),
      userAccess: [],
    };
  });
  const copiedKeys: string[] = [];
  try {
    await Promise.all(
      records.map(async (r, i) => {
        await copyObject(byId.get(input.files[i]?.uploadFileId ?? '')?.key ?? '', r.s3Key);
        copiedKeys.push(r.s3Key);
      }),
    );
  } catch (error) {
    await discardCopies(copiedKeys);
    throw error;
  }
  return { records, copiedKeys };
}

/** Best effort: removes copies whose transaction failed (an orphan object is harmless, never served). */
export async function discardCopies(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await deleteObjects(keys);
  } catch (error) {
    logger.warn('Could not remove copied files of a failed write', { keys, error });
  }
}
