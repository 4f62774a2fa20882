import { useEffect, useSyncExternalStore } from 'react';
import {
  type ArchiveDownload,
  forgetArchive,
  getArchiveDownloads,
  subscribeArchiveDownloads,
  watchArchive,
} from './archive-downloads';

/**
 * The "Download all" archive of an entry (archive-downloads.ts), for the dialog that shows it. While
 * the dialog is open its outcome shows there rather than in the message stack; opening it again after
 * an archive finished starts afresh, while one still being prepared shows its progress.
 */
export function useArchiveDownload(uuid: string | undefined, open: boolean): ArchiveDownload | undefined {
  const downloads = useSyncExternalStore(subscribeArchiveDownloads, getArchiveDownloads);
  useEffect(() => {
    if (!open || !uuid) return;
    forgetArchive(uuid);
    return watchArchive(uuid);
  }, [uuid, open]);
  return uuid ? downloads.get(uuid) : undefined;
}
