import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { type ArchiveDownload, downloadArchiveAgain } from './archive-downloads';

/** Percent done: by bytes read when the files have any, else by files. */
export function archivePercent(
  download: Pick<ArchiveDownload, 'filesDone' | 'filesTotal' | 'bytesDone' | 'bytesTotal'>,
): number {
  const [done, total] =
    download.bytesTotal > 0
      ? [download.bytesDone, download.bytesTotal]
      : [download.filesDone, download.filesTotal];
  return total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 0;
}

const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** Where "Download all" stands, under the file list of the download dialog. */
export function ArchiveProgress({ download }: { download: ArchiveDownload }) {
  switch (download.phase) {
    case 'starting':
      return (
        <div className="mr-download__archive" role="status">
          <ProgressBar mode="indeterminate" aria-label="Archive progress" style={{ height: '0.5rem' }} />
          <p>Starting the archive…</p>
        </div>
      );
    case 'building': {
      const percent = archivePercent(download);
      return (
        <div className="mr-download__archive">
          <ProgressBar value={percent} aria-label="Archive progress" />
          <p role="status">
            Preparing the archive: {download.filesDone} of {files(download.filesTotal)} ({percent}%).
          </p>
          <p className="mr-muted">
            You can close this window: the archive continues to be prepared, and its download starts by itself
            when it is ready.
          </p>
        </div>
      );
    }
    case 'ready':
      return (
        <div className="mr-download__archive" role="status">
          <p>
            The archive {download.fileName ? <strong>{download.fileName}</strong> : null} is ready: its
            download has started.
          </p>
          <Button
            type="button"
            label="Download the archive again"
            link
            className="mr-download__again"
            onClick={() => void downloadArchiveAgain(download.uuid)}
          />
        </div>
      );
    case 'failed':
      return (
        <p className="mr-error-text mr-download__archive" role="alert">
          {download.error}
        </p>
      );
  }
}
