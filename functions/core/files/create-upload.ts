import { randomUUID } from 'node:crypto';
import { canAddModel } from '@shared/rules/model-permissions';
import type { UploadTicket } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { listModelFiles } from '../../data/model-files';
import { presignUpload, putUpload, uploadObjectKey } from '../../data/uploads';
import { ForbiddenError, PayloadTooLargeError, UnprocessableError, ValidationError } from '../../lib/errors';
import { loadModelFor } from '../models/model-access';
import { getAppSettings } from '../settings/get-app-settings';
import { extensionOf, FILE_MESSAGES, isValidFileName, publishedFileProblems } from '../uploads/file-rules';
import { languagesOf } from './file-nodes';

/** Presigned PUT URLs are valid for 15 minutes; the ticket itself for a day (the wizard may take long). */
export const UPLOAD_URL_SECONDS = 15 * 60;
export const UPLOAD_TICKET_SECONDS = 24 * 60 * 60;

export interface CreateUploadInput {
  modelUuid?: string;
  files: { name: string; size: number; contentType?: string }[];
}

/**
 * POST /v2/uploads: a ticket with one presigned PUT per file.
 * 1. Authorize: editing the given entry, or adding entries when none is given.
 * 2. Refuse bad names (400), files over settings.uploadConfig.maxFileSizeBytes (413), extensions
 *    outside settings.uploadConfig.allowedExtensions (422), and, on a published entry, files of the
 *    model's language (422).
 * 3. Store the ticket UPLOAD#<id> (caller, entry, expected files; ttl) and answer the URLs.
 */
export async function createUpload(
  caller: User,
  input: CreateUploadInput,
  now = Date.now(),
): Promise<UploadTicket> {
  let model: Awaited<ReturnType<typeof loadModelFor>> | undefined;
  if (input.modelUuid) model = await loadModelFor('edit', input.modelUuid, caller);
  else if (canAddModel(caller.userType) !== 'allowed') {
    throw new ForbiddenError('You do not have permission to add model entries.');
  }

  const bad = input.files.filter((f) => !isValidFileName(f.name));
  if (bad.length > 0) {
    throw new ValidationError(
      FILE_MESSAGES.badName(bad[0]?.name ?? ''),
      bad.map((f) => ({ path: 'body.files.name', message: FILE_MESSAGES.badName(f.name) })),
    );
  }
  const { uploadConfig } = await getAppSettings();
  const tooLarge = input.files.find((f) => f.size > uploadConfig.maxFileSizeBytes);
  if (tooLarge) {
    throw new PayloadTooLargeError(
      FILE_MESSAGES.tooLarge(tooLarge.name, tooLarge.size, uploadConfig.maxFileSizeBytes),
    );
  }
  const allowed = (uploadConfig.allowedExtensions ?? []).map((e) => e.toLowerCase().replace(/^\.?/, '.'));
  if (allowed.length > 0) {
    const refused = input.files.filter((f) => !allowed.includes(extensionOf(f.name)));
    if (refused.length > 0) {
      throw new UnprocessableError(
        FILE_MESSAGES.extensionNotAllowed(refused[0]?.name ?? ''),
        refused.map((f) => ({ path: 'body.files', message: FILE_MESSAGES.extensionNotAllowed(f.name) })),
      );
    }
  }
  if (model?.status === 'PUBLISHED') {
    const existing = await listModelFiles(model.uuid);
    const problems = publishedFileProblems({
      incoming: input.files.map((f) => ({ name: f.name, path: '' })),
      existing: [],
      languages: languagesOf(model, existing),
    });
    if (problems.length > 0) {
      throw new UnprocessableError(
        problems[0] ?? '',
        problems.map((message) => ({ path: 'body.files', message })),
      );
    }
  }

  const uploadId = randomUUID();
  const files = input.files.map((f) => {
    const uploadFileId = randomUUID();
    return { ...f, uploadFileId, key: uploadObjectKey(uploadId, uploadFileId) };
  });
  const signed = await Promise.all(
    files.map((f) => presignUpload(f.key, f.size, f.contentType, UPLOAD_URL_SECONDS)),
  );
  await putUpload(
    {
      uploadId,
      createdBy: caller.id,
      ...(input.modelUuid ? { modelUuid: input.modelUuid } : {}),
      createdOn: new Date(now).toISOString(),
      expiresAt: new Date(now + UPLOAD_TICKET_SECONDS * 1000).toISOString(),
      files: files.map((f) => ({
        uploadFileId: f.uploadFileId,
        name: f.name,
        size: f.size,
        ...(f.contentType ? { contentType: f.contentType } : {}),
        key: f.key,
      })),
    },
    Math.floor(now / 1000) + UPLOAD_TICKET_SECONDS,
  );
  return {
    uploadId,
    files: files.map((f, i) => ({
      uploadFileId: f.uploadFileId,
      name: f.name,
      url: signed[i]?.url ?? '',
      headers: signed[i]?.headers ?? {},
    })),
    expiresAt: new Date(now + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
