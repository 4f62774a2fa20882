import type { UploadTicket } from '@shared/schemas/model-api';
import { apiClient } from '../lib/api-client';
import { putPresigned } from './presigned-upload';

/**
 * An entry's file uploads, which both the wizard (a new entry) and the file manager (an entry's new
 * files and replacements) make: ask for a ticket of presigned URLs, then PUT each file to its URL.
 */
export const createUpload = (
  files: { name: string; size: number; contentType?: string }[],
  modelUuid?: string,
) => apiClient.call('createUpload', { body: { files, ...(modelUuid ? { modelUuid } : {}) } });

/** PUT one file of an upload ticket to its presigned URL (web/src/api/presigned-upload.ts). */
export const putUploadFile = (
  target: UploadTicket['files'][number],
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> =>
  putPresigned(target, file, { onProgress, signal, failureMessage: `Upload of ${target.name} failed` });
