import type { UploadTicket } from '@shared/schemas/model-api';
import { createUpload, putUploadFile } from '../../../../api/model-uploads';
import type { FileAction, WizardFile } from './file-list';

export const requestUploadTicket = (files: readonly WizardFile[]) =>
  createUpload(
    files.map((f) => ({ name: f.name, size: f.size, ...(f.file.type ? { contentType: f.file.type } : {}) })),
  );

/**
 * Uploads every file under one new ticket (the entry is created with a single upload id). Returns the
 * ticket's upload id, or undefined when the ticket could not be had. Per-file failures are reported
 * through `dispatch` and do not stop the other files.
 */
export async function uploadAll(
  files: readonly WizardFile[],
  dispatch: (action: FileAction) => void,
  signal?: AbortSignal,
): Promise<{ uploadId: string; uploaded: Record<string, string>; failed: number } | undefined> {
  let ticket: UploadTicket;
  try {
    ticket = await requestUploadTicket(files);
  } catch {
    for (const f of files) dispatch({ type: 'failed', key: f.key });
    return undefined;
  }
  const ids: Record<string, string> = {};
  files.forEach((f, i) => {
    const t = ticket.files[i];
    if (t) ids[f.key] = t.uploadFileId;
  });
  dispatch({ type: 'uploadStarted', ids });
  let failed = 0;
  const uploaded: Record<string, string> = {};
  // Two at a time: enough to keep the line busy without starving the progress of each file.
  const queue = files.map((f, i) => ({ f, t: ticket.files[i] }));
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { f, t } = item;
      if (!t) {
        failed++;
        dispatch({ type: 'failed', key: f.key });
        continue;
      }
      try {
        await putUploadFile(
          t,
          f.file,
          (fraction) => dispatch({ type: 'progress', key: f.key, progress: Math.round(fraction * 100) }),
          signal,
        );
        uploaded[f.key] = t.uploadFileId;
        dispatch({ type: 'uploaded', key: f.key });
      } catch {
        failed++;
        dispatch({ type: 'failed', key: f.key });
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return { uploadId: ticket.uploadId, uploaded, failed };
}
