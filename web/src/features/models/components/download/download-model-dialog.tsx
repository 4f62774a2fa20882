import { MESSAGES } from '@shared/messages';
import type { FileNode } from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../../components/ui/spinner';
import { downloadAllModelFiles, downloadModelFile, useModel, useModelFiles } from '../../api/models-api';
import { ClassificationIcon } from '../classification/classification';
import { startDownload } from './start-download';
import { formatDate, ownerName, splitTheoremFiles } from './theorem-files';
import './download.css';

export interface DownloadModelDialogProps {
  /** The entry to download; the dialog is closed while undefined. */
  uuid: string | undefined;
  visible: boolean;
  onHide: () => void;
}

/**
 * Download Model Entry (000 §2): classification, file list, legal notice (a default when the entry
 * has none), 'I have read the legal notice', Cancel and 'Download all'. Every download button waits
 * for the tick (000 §4); Cancel aborts pending requests; failures are swallowed and end the busy state.
 */
export function DownloadModelDialog({ uuid, visible, onHide }: DownloadModelDialogProps) {
  const open = visible && Boolean(uuid);
  const model = useModel(open ? uuid : undefined);
  const files = useModelFiles(open ? uuid : undefined);
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState<string | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);

  // A new entry or a new opening starts unacknowledged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open and on a different entry
  useEffect(() => {
    setAccepted(false);
    setBusy(undefined);
  }, [uuid, visible]);
  useEffect(() => () => controller.current?.abort(), []);

  const run = async (key: string, call: (signal: AbortSignal) => Promise<{ url: string }>) => {
    if (!uuid || !accepted || busy) return;
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setBusy(key);
    try {
      const link = await call(ctrl.signal);
      if (!ctrl.signal.aborted) startDownload(link.url);
    } catch {
      // Swallowed (000 §4): a refused download shows nothing beyond the global 403 handling.
    } finally {
      if (controller.current === ctrl) {
        controller.current = undefined;
        setBusy(undefined);
      }
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = undefined;
    setBusy(undefined);
    onHide();
  };

  const downloadOne = (file: FileNode) =>
    run(file.uuid, (signal) => downloadModelFile(uuid ?? '', file.uuid, { signal, handleErrors: true }));
  const downloadAll = () =>
    run('all', (signal) => downloadAllModelFiles(uuid ?? '', { signal, handleErrors: true }));

  const detail = model.data;
  const items = (files.data?.items ?? []).filter((f) => !f.folder);
  const theorem = detail?.metadata.platform === 'Oncology' || detail?.theorem === true;
  const legalNotice = detail?.metadata.legal_notice?.trim() || MESSAGES.defaultLegalNotice;

  // Cells read `accepted` and `busy` from this closure: the tables run with cellMemo off (PrimeReact
  // memoizes body cells on their row data only).
  const action = (file: FileNode) => (
    <Button
      type="button"
      icon="pi pi-download"
      text
      rounded
      aria-label={`Download ${file.name}`}
      tooltip={file.isPrivate ? 'Private files are managed in the folder view' : undefined}
      disabled={!accepted || Boolean(busy) || file.isPrivate}
      loading={busy === file.uuid}
      onClick={() => void downloadOne(file)}
    />
  );

  const plainTable = (list: FileNode[]) => (
    <DataTable
      value={list}
      dataKey="uuid"
      size="small"
      emptyMessage="No files"
      loading={files.isPending}
      cellMemo={false}
    >
      <Column header="File Name" body={(f: FileNode) => (f.path ? `${f.path}/${f.name}` : f.name)} />
      <Column header="File type" field="fileTag" />
      <Column header="Updated on" body={(f: FileNode) => formatDate(f.updatedOn)} />
      <Column header="" body={action} style={{ width: '4rem' }} />
    </DataTable>
  );

  const theoremTable = (list: FileNode[]) => (
    <DataTable
      value={list}
      dataKey="uuid"
      size="small"
      emptyMessage="No files"
      sortField="asOfDate"
      sortOrder={1}
      removableSort={false}
      loading={files.isPending}
      cellMemo={false}
    >
      <Column header="As-of Date" field="asOfDate" sortable body={(f: FileNode) => formatDate(f.asOfDate)} />
      <Column header="File Name" field="name" />
      <Column
        header="File Uploaded On"
        field="createdOn"
        sortable
        body={(f: FileNode) => formatDate(f.createdOn)}
      />
      <Column header="File Owner" body={ownerName} />
      <Column header="Private Files" body={(f: FileNode) => (f.isPrivate ? 'Yes' : 'No')} />
      <Column header="Comments" field="comment" />
      <Column header="File type" field="fileTag" />
      <Column header="Action" body={action} style={{ width: '4rem' }} />
    </DataTable>
  );

  const split = splitTheoremFiles(items);
  const footer = (
    <div className="mr-download__footer">
      <Button type="button" label="Cancel" outlined onClick={cancel} />
      <Button
        type="button"
        label="Download all"
        icon="pi pi-download"
        disabled={!accepted || Boolean(busy) || items.length === 0}
        loading={busy === 'all'}
        onClick={() => void downloadAll()}
      />
    </div>
  );

  return (
    <Dialog
      header="Download Model Entry"
      visible={open}
      onHide={cancel}
      footer={footer}
      style={{ width: theorem ? '80rem' : '50rem', maxWidth: '95vw' }}
      modal
      draggable={false}
    >
      {model.isPending ? (
        <Spinner />
      ) : (
        <div className="mr-download">
          <div className="mr-download__head">
            <ClassificationIcon value={detail?.metadata.information_classification} />
            <strong>{detail?.name}</strong>
          </div>
          {theorem ? (
            <TabView>
              <TabPanel header="THEOREM files">{theoremTable(split.theorem)}</TabPanel>
              <TabPanel header="Supporting Documents">{plainTable(split.supporting)}</TabPanel>
            </TabView>
          ) : (
            plainTable(items)
          )}
          <section className="mr-download__notice" aria-label="Legal notice">
            <h3>Legal notice</h3>
            <p>{legalNotice}</p>
          </section>
          <div className="mr-download__accept">
            <Checkbox
              inputId="mr-download-accept"
              checked={accepted}
              onChange={(e) => setAccepted(Boolean(e.checked))}
            />
            <label htmlFor="mr-download-accept">{MESSAGES.legalNoticeRead}</label>
          </div>
        </div>
      )}
    </Dialog>
  );
}
