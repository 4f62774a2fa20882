import { MESSAGES } from '@shared/messages';
import type { CallerFileNode } from '@shared/schemas/collaboration';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useState } from 'react';
import { fileRequestKey, markAccessRequested, useAccessRequests } from '../../../../api/access-requested';
import { useCallerFiles } from '../../../../api/files';
import { downloadModelFile, useModel } from '../../../../api/models';
import { ClassificationIcon } from '../../../../components/ui/classification/classification';
import { DialogFooter } from '../../../../components/ui/dialog-footer';
import { RequestAccessDialog } from '../../../../components/ui/request-access-dialog/request-access-dialog';
import { Spinner } from '../../../../components/ui/spinner';
import { formatDate } from '../../../../lib/format';
import { isActive, startArchiveDownload } from './archive-downloads';
import { ArchiveProgress } from './archive-progress';
import { LegalNoticeAcceptance } from './legal-notice';
import { ownerName, splitTheoremFiles } from './theorem-files';
import { useArchiveDownload } from './use-archive-download';
import { usePresignedDownload } from './use-presigned-download';
import './download.css';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { TheoremAccessNote } from '../files/theorem-access-note';

const REQUEST_SENT = 'Your request has been sent';

/**
 * Why 'Download all' is disabled when no file may be downloaded: the server's reason when every file
 * gives the same one (e.g. the missing THEOREM accesses), else what the caller can still do.
 */
export function whyNothing(items: readonly CallerFileNode[]): string {
  const reasons = new Set(items.map((f) => f.callerAccess?.reason));
  const [only] = reasons;
  if (reasons.size === 1 && only) return `Download all is not possible: ${only}`;
  return items.some((f) => f.callerAccess?.requestAccess)
    ? 'Download all is not possible: you do not have access to any file of this model entry. Request access to the files you need.'
    : 'Download all is not possible: you do not have access to any file of this model entry.';
}

export interface DownloadModelDialogProps {
  /** The entry to download; the dialog is closed while undefined. */
  uuid: string | undefined;
  visible: boolean;
  onHide: () => void;
}

/** Why 'Download all' waits (our words; the spec names the tick box, not this hint). */
export const DOWNLOAD_ALL_NEEDS_NOTICE = 'Read the legal notice and tick the box above to download.';
/** At 1280 × 800 the table, the legal notice (up to 12rem) and its tick box fit the dialog together. */
const TABLE_HEIGHT = 'min(30vh, 22rem)';

/**
 * Download Model Entry (000 §2): classification, file list, legal notice (a default when the entry
 * has none), 'I have read the legal notice', Cancel and 'Download all'. Every download button waits
 * for the tick (000 §4). A single file: Cancel aborts its pending request; a failure ends the busy
 * state. 'Download all' starts an archive the server prepares (archive-downloads.ts): the dialog shows
 * its progress, the download starts when it is ready, and a refusal or failure is shown in words.
 * Closing the dialog does not stop the archive (there is nothing to cancel on the server): while it is
 * prepared, Cancel reads 'Continue in background' and the dialog says that the download will start by
 * itself; it does, wherever the user is in the app, and reopening the dialog shows the progress again.
 */
export function DownloadModelDialog({ uuid, visible, onHide }: DownloadModelDialogProps) {
  const open = visible && Boolean(uuid);
  const model = useModel(open ? uuid : undefined);
  const files = useCallerFiles(open ? uuid : undefined);
  const [accepted, setAccepted] = useState(false);
  const [requestFor, setRequestFor] = useState<CallerFileNode | undefined>();
  // Files whose access request went out in this session, reloads included: their 'Request Access'
  // stays disabled (000 §4), as the model's does.
  const requested = useAccessRequests();
  const { busy, run: runDownload, abort } = usePresignedDownload();
  const archive = useArchiveDownload(uuid, open);
  const preparing = isActive(archive);

  // A new entry or a new opening starts unacknowledged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open and on a different entry
  useEffect(() => {
    setAccepted(false);
    abort();
  }, [uuid, visible]);

  const run = (key: string, call: (signal: AbortSignal) => Promise<{ url: string }>) => {
    if (uuid && accepted && !busy) void runDownload(key, call);
  };

  const cancel = () => {
    abort();
    onHide();
  };

  const downloadOne = (file: CallerFileNode) =>
    run(file.uuid, (signal) => downloadModelFile(uuid ?? '', file.uuid, { signal, handleErrors: true }));
  const downloadAll = () => {
    if (uuid && accepted && !busy) void startArchiveDownload(uuid);
  };

  const detail = model.data;
  const items = (files.data?.items ?? []).filter((f) => !f.folder);
  const theorem = detail?.metadata.platform === 'Oncology' || detail?.theorem === true;
  const nothingToDownload = items.length > 0 && items.every((f) => f.callerAccess?.download === false);
  const cannotDownloadAll = nothingToDownload ? whyNothing(items) : undefined;

  // Cells read `accepted`, `busy` and `requested` from this closure: the tables run with cellMemo off
  // (PrimeReact memoizes body cells on their row data only).
  const action = (file: CallerFileNode) => {
    // The server tells what the caller may do with each file (000 §6 file rule); without that
    // answer, private files stay disabled as before.
    const access = file.callerAccess;
    if (access && !access.download) {
      if (!access.requestAccess) {
        // The server's reason (missing THEOREM accesses, the file rule), as the download would answer.
        return (
          <span className="mr-muted" title={access.reason}>
            No access
            {access.reason && <span className="mr-visually-hidden">: {access.reason}</span>}
          </span>
        );
      }
      const sent = requested.includes(fileRequestKey(uuid ?? '', file.uuid));
      return (
        <Button
          type="button"
          label={MESSAGES.requestAccess}
          size="small"
          text
          aria-label={`Request Access to ${file.name}`}
          disabled={sent}
          tooltip={sent ? REQUEST_SENT : undefined}
          tooltipOptions={{ showOnDisabled: true }}
          onClick={() => setRequestFor(file)}
        />
      );
    }
    const blocked = !access && file.isPrivate;
    return (
      <Button
        type="button"
        icon="pi pi-download"
        text
        rounded
        aria-label={`Download ${file.name}`}
        tooltip={blocked ? 'Private files are managed in the folder view' : undefined}
        disabled={!accepted || Boolean(busy) || blocked}
        loading={busy === file.uuid}
        onClick={() => downloadOne(file)}
      />
    );
  };

  const plainTable = (list: CallerFileNode[]) => (
    <DataTable
      value={list}
      dataKey="uuid"
      size="small"
      // Long lists scroll inside the table: the legal notice and its tick box stay in view (issue 21 §18).
      scrollable
      scrollHeight={TABLE_HEIGHT}
      emptyMessage="No files"
      loading={files.isPending}
      cellMemo={false}
    >
      <Column header="File Name" body={(f: CallerFileNode) => (f.path ? `${f.path}/${f.name}` : f.name)} />
      <Column header="File type" field="fileTag" />
      <Column header="Updated on" body={(f: CallerFileNode) => formatDate(f.updatedOn)} />
      <Column header="" body={action} style={{ width: '4rem' }} />
    </DataTable>
  );

  const theoremTable = (list: CallerFileNode[]) => (
    <DataTable
      value={list}
      dataKey="uuid"
      size="small"
      // Long lists scroll inside the table: the legal notice and its tick box stay in view (issue 21 §18).
      scrollable
      scrollHeight={TABLE_HEIGHT}
      emptyMessage="No files"
      sortField="asOfDate"
      sortOrder={1}
      removableSort={false}
      loading={files.isPending}
      cellMemo={false}
    >
      <Column
        header="As-of Date"
        field="asOfDate"
        sortable
        body={(f: CallerFileNode) => formatDate(f.asOfDate)}
      />
      <Column header="File Name" field="name" />
      <Column
        header="File Uploaded On"
        field="createdOn"
        sortable
        body={(f: CallerFileNode) => formatDate(f.createdOn)}
      />
      <Column header="File Owner" body={ownerName} />
      <Column header="Private Files" body={(f: CallerFileNode) => (f.isPrivate ? 'Yes' : 'No')} />
      <Column header="Comments" field="comment" />
      <Column header="File type" field="fileTag" />
      <Column header="Action" body={action} style={{ width: '4rem' }} />
    </DataTable>
  );

  const split = splitTheoremFiles(items);
  const footer = (
    <DialogFooter
      onCancel={cancel}
      cancelLabel={preparing ? 'Continue in background' : 'Cancel'}
      confirmLabel="Download all"
      confirmIcon="pi pi-download"
      confirmDisabled={!accepted || Boolean(busy) || items.length === 0 || nothingToDownload}
      confirmTitle={cannotDownloadAll ?? (accepted ? undefined : DOWNLOAD_ALL_NEEDS_NOTICE)}
      busy={preparing}
      onConfirm={downloadAll}
    />
  );

  return (
    <ModalDialog
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
          {cannotDownloadAll && (
            <p className="mr-download__why" role="note">
              {cannotDownloadAll}
            </p>
          )}
          <TheoremAccessNote files={items} />
          {theorem ? (
            <TabView>
              <TabPanel header="THEOREM files">{theoremTable(split.theorem)}</TabPanel>
              <TabPanel header="Supporting Documents">{plainTable(split.supporting)}</TabPanel>
            </TabView>
          ) : (
            plainTable(items)
          )}
          <LegalNoticeAcceptance
            notice={detail?.metadata.legal_notice}
            accepted={accepted}
            onChange={setAccepted}
          />
          {archive && <ArchiveProgress download={archive} />}
        </div>
      )}
      {requestFor && uuid && (
        <RequestAccessDialog
          target={{ kind: 'file', modelUuid: uuid, fileUuid: requestFor.uuid, fileName: requestFor.name }}
          onHide={() => setRequestFor(undefined)}
          onSent={() => markAccessRequested(fileRequestKey(uuid, requestFor.uuid))}
        />
      )}
    </ModalDialog>
  );
}
