import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect, useRef, useState } from 'react';
import { downloadModelFile } from '../../api/models-api';
import { LegalNoticeAcceptance } from './legal-notice';
import { startDownload } from './start-download';
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
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const download = async () => {
    if (!accepted || busy) return;
    const ctrl = new AbortController();
    controller.current = ctrl;
    setBusy(true);
    try {
      const link = await downloadModelFile(modelUuid, file.uuid, { signal: ctrl.signal, handleErrors: true });
      if (!ctrl.signal.aborted) {
        startDownload(link.url);
        onHide();
      }
    } catch {
      // Swallowed (000 §4): the busy state ends, the dialog stays for another try or Cancel.
    } finally {
      if (controller.current === ctrl) {
        controller.current = undefined;
        setBusy(false);
      }
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = undefined;
    onHide();
  };

  return (
    <Dialog
      header="Download File"
      visible
      onHide={cancel}
      style={{ width: '40rem', maxWidth: '95vw' }}
      modal
      draggable={false}
      footer={
        <div className="mr-download__footer">
          <Button type="button" label="Cancel" outlined onClick={cancel} />
          <Button
            type="button"
            label="Download"
            icon="pi pi-download"
            disabled={!accepted || busy}
            loading={busy}
            onClick={() => void download()}
          />
        </div>
      }
    >
      <div className="mr-download">
        <p>
          <i className="pi pi-file" aria-hidden="true" /> <strong>{file.name}</strong>
        </p>
        <LegalNoticeAcceptance notice={legalNotice} accepted={accepted} onChange={setAccepted} />
      </div>
    </Dialog>
  );
}
