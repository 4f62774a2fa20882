import { useState } from 'react';
import { downloadModelFile } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { LegalNoticeAcceptance } from './legal-notice';
import { usePresignedDownload } from './use-presigned-download';
import './download.css';

export interface DownloadFileDialogProps {
  modelUuid: string;
  file: { uuid: string; name: string };
  /** The entry's legal notice (metadata.legal_notice); the default one when empty. */
  legalNotice: string | undefined;
  onHide: () => void;
}

/**
 * One file from the folder view: the same legal-notice rule as the Download Model Entry modal
 * (000 §2, §4): Download waits for the tick, Cancel aborts a pending request, failures are
 * swallowed and end the busy state. Rendered only while open.
 */
export function DownloadFileDialog({ modelUuid, file, legalNotice, onHide }: DownloadFileDialogProps) {
  const [accepted, setAccepted] = useState(false);
  const download = usePresignedDownload<'file'>();
  const busy = download.busy !== undefined;

  const start = async () => {
    if (!accepted || busy) return;
    const started = await download.run('file', (signal) =>
      downloadModelFile(modelUuid, file.uuid, { signal, handleErrors: true }),
    );
    if (started) onHide();
  };

  const cancel = () => {
    download.abort();
    onHide();
  };

  return (
    <ActionDialog
      header="Download File"
      width="40rem"
      onHide={cancel}
      confirmLabel="Download"
      confirmIcon="pi pi-download"
      confirmDisabled={!accepted || busy}
      busy={busy}
      onConfirm={() => void start()}
    >
      <div className="mr-download">
        <p>
          <i className="pi pi-file" aria-hidden="true" /> <strong>{file.name}</strong>
        </p>
        <LegalNoticeAcceptance notice={legalNotice} accepted={accepted} onChange={setAccepted} />
      </div>
    </ActionDialog>
  );
}
