import { MESSAGES } from '@shared/messages';
import type { CallerFileNode } from '@shared/schemas/collaboration';
import type { ModelDetail } from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { TreeTable } from 'primereact/treetable';
import { type CSSProperties, useMemo, useState } from 'react';
import { fileRequestKey, markAccessRequested, useAccessRequests } from '../../../../api/access-requested';
import { ConfirmMainFileDelete } from '../../../../components/ui/confirm-main-file-delete';
import { ReasonedButton } from '../../../../components/ui/reasoned-button';
import { RequestAccessDialog } from '../../../../components/ui/request-access-dialog/request-access-dialog';
import { formatLocalDateTime } from '../../../../lib/format';
import { DownloadFileDialog } from '../download/download-file-dialog';
import {
  buildRows,
  CLONEABLE,
  type FileChangeAction,
  type FileChanges,
  type FileRow,
  PUBLISHED_MAIN_FIXED,
  PUBLISHED_MAIN_FOLDER_STAYS,
  PUBLISHED_MAIN_STAYS,
  publishedMainKeys,
  ROW_STATE_LABELS,
  type RowState,
  selectableKeys,
} from './file-changes';
import { CloneFileDialog, FileDetailsDialog } from './file-edit-dialogs';
import { userName } from './file-format';
import { FileHistoryDialog } from './file-history-dialog';
import { FileManagerToolbar } from './file-manager-toolbar';
import { buildTree, depthOf, type FileTreeNode, folderKeys, lastUpdates } from './file-tree';
import { FileTypeInput } from './file-type-input';
import { ManageFileAccessDialog } from './manage-file-access-dialog';
import './file-manager.css';

export interface FileManagerEditing {
  dispatch: (action: FileChangeAction) => void;
  /** A save is running: nothing can be changed. */
  busy: boolean;
  /** File Types of the metadata options plus the types in use. */
  knownTags: readonly string[];
}

export interface FileManagerProps {
  model: ModelDetail;
  /** The stored list with the pending changes (read-only views pass `initialChanges(files)`). */
  changes: FileChanges;
  loading?: boolean;
  /** The accessible name of the tree table. */
  label?: string;
  /** Editing mode (the 'Files' dialog); the folder view is read-only. */
  editing?: FileManagerEditing;
}

type FileDialog =
  | { kind: 'download' | 'request' | 'manage' | 'history' | 'clone' | 'details'; node: CallerFileNode }
  | undefined;

const STATE_SEVERITY: Partial<Record<RowState, 'success' | 'info' | 'warning' | 'danger' | 'secondary'>> = {
  notUploaded: 'info',
  uploading: 'info',
  parsing: 'info',
  uploadFailed: 'danger',
  markedForDeletion: 'danger',
  publishedMain: 'success',
  published: 'success',
  newFolder: 'info',
  clone: 'info',
  uploaded: 'secondary',
};

/** Read-only views label only what is worth a badge; editing shows every file's state. */
const showsBadge = (row: FileRow, editing: boolean) =>
  row.state !== 'folder' && (editing || (row.state !== 'uploaded' && row.kind === 'file'));

function NameCell({ row, editing }: { row: FileRow; editing: boolean }) {
  // The tree table indents the toggler by 16px a level; the name takes the rest of the line, so
  // that a deep row never wraps below its toggler (file-manager.css).
  const style = { '--mr-depth': depthOf(row) } as CSSProperties;
  return (
    <span className="mr-file-name" style={style}>
      <i className={row.kind === 'folder' ? 'pi pi-folder' : 'pi pi-file'} aria-hidden="true" />
      {row.mainFile && (
        <>
          <i className="pi pi-star-fill mr-main-file" title="Main model file" aria-hidden="true" />
          <span className="mr-visually-hidden">Main model file: </span>
        </>
      )}
      <span className={row.state === 'markedForDeletion' ? 'mr-file-name__text--deleted' : undefined}>
        {row.name}
      </span>
      {showsBadge(row, editing) && (
        <Tag
          className="mr-file-state"
          value={ROW_STATE_LABELS[row.state]}
          severity={STATE_SEVERITY[row.state] ?? null}
        />
      )}
      {row.replaces && <small className="mr-muted">replaces the current file</small>}
      {row.upload && (row.upload.upload === 'uploading' || row.upload.upload === 'uploaded') && (
        <ProgressBar
          className="mr-file-progress"
          value={row.upload.progress}
          aria-label={`Upload of ${row.fullPath}`}
        />
      )}
    </span>
  );
}

/** Widths (rem) of what the Actions cell holds (file-manager.css sizes the icon buttons). */
const ICON_REM = 2.1;
const REQUEST_ACCESS_REM = 8;
const NO_ACCESS_REM = 5;
const UNDO_REM = 5.5;
const CELL_PADDING_REM = 1.25;

/**
 * Column widths (rem). The table lays out fixed: every column but File Name has its width, and the
 * table is at least as wide as those plus a readable File Name; narrower places scroll sideways
 * rather than squeezing names to a letter a line.
 */
export function columnWidths(editing: boolean, actionsContentRem: number) {
  const widths = {
    select: editing ? 2.5 : 0,
    name: 14,
    updatedOn: 8.5,
    updatedBy: 8,
    fileType: editing ? 9.5 : 7.5,
    main: editing ? 4 : 0,
    actions: Math.ceil((actionsContentRem + CELL_PADDING_REM) * 2) / 2,
  };
  const table = Object.values(widths).reduce((sum, w) => sum + w, 0);
  return { ...widths, table };
}

/** How wide a row's actions are, mirroring readActions and editActions below. */
function actionsRem(row: FileRow, editing: boolean): number {
  if (editing && row.state === 'markedForDeletion') return UNDO_REM;
  const node = row.node;
  let icons = 0;
  let text = 0;
  if (node && row.kind === 'file' && row.state !== 'markedForDeletion') {
    const access = node.callerAccess;
    if (!access || access.download) icons++;
    if (access?.requestAccess && !access.download) text += REQUEST_ACCESS_REM;
    else if (access && !access.download) text += NO_ACCESS_REM;
    if (access?.manage) icons++;
    icons++; // History
  }
  if (editing) {
    if (node && row.kind === 'file') icons += CLONEABLE.test(node.name) ? 2 : 1; // Clone, Details
    icons++; // Delete or Remove
  }
  return icons * ICON_REM + text;
}

/** A stored file, or a folder with stored content: deleting it is a change the save sends. */
const holdsStored = (row: FileRow) => (row.kind === 'folder' ? row.state !== 'newFolder' : Boolean(row.node));

/** An icon-only action of a row; the accessible name says what and which file. */
function RowAction({
  icon,
  label,
  tooltip,
  danger,
  disabled,
  reason,
  onClick,
}: {
  icon: string;
  label: string;
  tooltip: string | undefined;
  danger?: boolean;
  disabled?: boolean;
  /** Why the action is not possible: the tooltip of the disabled button, and its description. */
  reason?: string;
  onClick: () => void;
}) {
  const common = {
    type: 'button' as const,
    icon,
    text: true,
    rounded: true,
    size: 'small' as const,
    severity: danger ? ('danger' as const) : undefined,
    'aria-label': label,
    onClick,
  };
  // With a reason the action stays focusable and says why (ReasonedButton); without one it is
  // simply off for the moment (e.g. while a save runs).
  return reason ? (
    <ReasonedButton {...common} blocked reason={reason} />
  ) : (
    <Button {...common} tooltip={tooltip} disabled={disabled} />
  );
}

/**
 * The file manager (000 §2 'File manager', §4 file states, §6 file rule): a tree of folders and
 * files with File Name (main-file star, state label), UpdatedOn, Updated By and File Type, and per
 * file Download, 'Request Access', 'Manage File Access' and History as the server allows
 * (`callerAccess`). With `editing` it also creates folders, uploads files and folders, deletes with
 * undo until saved, sets file types, the main model file and other attributes, and clones
 * spreadsheets; Select All and the multi-select bar act on many files at once.
 */
export function FileManager({ model, changes, loading, label = 'Files', editing }: FileManagerProps) {
  const published = model.status === 'PUBLISHED';
  const rows = useMemo(() => buildRows(changes, published), [changes, published]);
  const tree = useMemo(() => buildTree(rows), [rows]);
  const updates = useMemo(() => lastUpdates(rows), [rows]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<FileDialog>();
  // Requests sent in this session, reloads included (000 §4), as for the model's 'Request Access'.
  const requested = useAccessRequests();
  const [confirm, setConfirm] = useState<{ names: string; run: () => void } | undefined>();
  const folders = folderKeys(rows);
  const expandedKeys = Object.fromEntries(folders.filter((k) => !collapsed.has(k)).map((k) => [k, true]));
  const busy = editing?.busy ?? false;
  const dispatch = editing?.dispatch;

  // 000 §5: on a published entry the main model file stays; so does a folder holding it.
  const keepsMain = useMemo(
    () => (published ? publishedMainKeys(rows) : new Set<string>()),
    [published, rows],
  );
  const keepsMainSelected = changes.selected.filter((k) => keepsMain.has(k));

  const selectable = editing ? selectableKeys(changes) : [];
  const allSelected = selectable.length > 0 && selectable.every((k) => changes.selected.includes(k));

  /** Deleting a main model file asks first (000 §4). */
  const remove = (row: FileRow) => {
    if (!dispatch) return;
    const run = () => dispatch({ type: 'delete', key: row.key });
    const mains =
      row.kind === 'folder'
        ? rows.filter((r) => r.kind === 'file' && r.mainFile && r.fullPath.startsWith(`${row.fullPath}/`))
        : row.mainFile
          ? [row]
          : [];
    if (mains.length > 0) setConfirm({ names: mains.map((r) => r.name).join(', '), run });
    else run();
  };

  const deleteSelected = () => {
    if (!dispatch) return;
    const mains = rows.filter((r) => changes.selected.includes(r.key) && r.mainFile);
    const run = () => dispatch({ type: 'deleteSelected' });
    if (mains.length > 0) setConfirm({ names: mains.map((r) => r.name).join(', '), run });
    else run();
  };

  const selectCell = (node: FileTreeNode) => {
    const row = node.data;
    if (!dispatch || !selectable.includes(row.key)) return null;
    return (
      <Checkbox
        checked={changes.selected.includes(row.key)}
        aria-label={`Select ${row.fullPath}`}
        disabled={busy}
        onChange={(e) => dispatch({ type: 'select', key: row.key, selected: Boolean(e.checked) })}
      />
    );
  };

  const typeCell = (node: FileTreeNode) => {
    const row = node.data;
    const editable =
      dispatch && row.kind === 'file' && !row.clone && row.state !== 'markedForDeletion' && editing;
    if (!editable) return row.fileTag ?? '';
    return (
      <FileTypeInput
        label={`File type of ${row.fullPath}`}
        value={row.fileTag ?? ''}
        known={editing.knownTags}
        disabled={busy}
        onChange={(tag) => dispatch({ type: 'setTag', key: row.key, tag })}
      />
    );
  };

  const mainCell = (node: FileTreeNode) => {
    const row = node.data;
    if (!dispatch || row.kind !== 'file' || row.clone || row.state === 'markedForDeletion') return null;
    // The server refuses any change of the main model file of a published entry (000 §5).
    const reason = published ? PUBLISHED_MAIN_FIXED : undefined;
    return (
      <span title={reason}>
        <Checkbox
          checked={row.mainFile}
          aria-label={`${row.fullPath} is the main model file`}
          aria-description={reason}
          disabled={busy || published}
          onChange={(e) => dispatch({ type: 'setMain', key: row.key, main: Boolean(e.checked) })}
        />
      </span>
    );
  };

  const readActions = (row: FileRow) => {
    const node = row.node;
    if (!node || row.kind !== 'file' || row.state === 'markedForDeletion') return null;
    const access = node.callerAccess;
    // Without the server's answer the folder view falls back to the download rule's visible part:
    // private files are managed elsewhere (000 §6).
    const mayDownload = access ? access.download : !node.isPrivate;
    return (
      <>
        {(!access || access.download) && (
          <RowAction
            icon="pi pi-download"
            label={`Download ${node.name}`}
            tooltip={mayDownload ? undefined : 'Private files are managed by their owner'}
            disabled={!mayDownload}
            onClick={() => setDialog({ kind: 'download', node })}
          />
        )}
        {access?.requestAccess && !access.download && (
          <ReasonedButton
            type="button"
            label={MESSAGES.requestAccess}
            text
            size="small"
            aria-label={`Request Access to ${node.name}`}
            blocked={requested.includes(fileRequestKey(model.uuid, node.uuid))}
            reason="Your request has been sent"
            onClick={() => setDialog({ kind: 'request', node })}
          />
        )}
        {access && !access.download && !access.requestAccess && (
          // Neither download nor request: the server's reason (e.g. missing THEOREM accesses).
          <span className="mr-muted" title={access.reason}>
            No access
            {access.reason && <span className="mr-visually-hidden">: {access.reason}</span>}
          </span>
        )}
        {access?.manage && (
          <RowAction
            icon="pi pi-users"
            label={`Manage File Access for ${node.name}`}
            tooltip={MESSAGES.manageFileAccess}
            onClick={() => setDialog({ kind: 'manage', node })}
          />
        )}
        <RowAction
          icon="pi pi-history"
          label={`History of ${node.name}`}
          tooltip="History"
          onClick={() => setDialog({ kind: 'history', node })}
        />
      </>
    );
  };

  const editActions = (row: FileRow) => {
    if (!dispatch) return null;
    if (row.state === 'markedForDeletion') {
      return (
        <Button
          type="button"
          icon="pi pi-undo"
          label="Undo"
          text
          size="small"
          aria-label={`Undo delete of ${row.fullPath}`}
          disabled={busy}
          onClick={() => dispatch({ type: 'undoDelete', key: row.key })}
        />
      );
    }
    const node = row.node;
    const stored = node && row.kind === 'file';
    return (
      <>
        {stored && CLONEABLE.test(node.name) && (
          <RowAction
            icon="pi pi-copy"
            label={`Clone ${node.name}`}
            tooltip="Clone"
            disabled={busy}
            onClick={() => setDialog({ kind: 'clone', node })}
          />
        )}
        {stored && (
          <RowAction
            icon="pi pi-sliders-h"
            label={`Details of ${node.name}`}
            tooltip="Details"
            disabled={busy}
            onClick={() => setDialog({ kind: 'details', node })}
          />
        )}
        <RowAction
          icon="pi pi-trash"
          danger
          // New things are removed at once; stored ones (and folders holding stored files, which
          // may exist only in the files' paths) are marked for deletion (undo until saved).
          label={`${holdsStored(row) ? 'Delete' : 'Remove'} ${row.fullPath}`}
          tooltip={holdsStored(row) ? 'Delete' : 'Remove'}
          disabled={busy}
          reason={
            keepsMain.has(row.key)
              ? row.kind === 'folder'
                ? PUBLISHED_MAIN_FOLDER_STAYS
                : PUBLISHED_MAIN_STAYS
              : undefined
          }
          onClick={() => remove(row)}
        />
      </>
    );
  };

  // The row actions stay on one line: the column is as wide as the busiest row needs.
  const widths = columnWidths(
    Boolean(editing),
    Math.max(...rows.map((r) => actionsRem(r, Boolean(editing))), 4),
  );

  const actionsCell = (node: FileTreeNode) => (
    <span className="mr-file-actions">
      {readActions(node.data)}
      {editActions(node.data)}
    </span>
  );

  const target = dialog?.node;
  return (
    <div className="mr-file-manager">
      {editing && (
        <FileManagerToolbar
          changes={changes}
          dispatch={editing.dispatch}
          busy={busy}
          knownTags={editing.knownTags}
          folders={rows
            .filter((r) => r.kind === 'folder' && r.state !== 'markedForDeletion')
            .map((r) => r.fullPath)}
          onDeleteSelected={deleteSelected}
          deleteSelectedBlock={
            keepsMainSelected.length > 0
              ? `${rows
                  .filter((r) => keepsMainSelected.includes(r.key))
                  .map((r) => r.name)
                  .join(', ')}: ${PUBLISHED_MAIN_STAYS}`
              : undefined
          }
        />
      )}
      <TreeTable
        value={tree}
        expandedKeys={expandedKeys}
        onToggle={(e) => {
          const open = e.value as Record<string, boolean>;
          setCollapsed(new Set(folders.filter((k) => !open[k])));
        }}
        loading={loading}
        emptyMessage="No files were found"
        aria-label={label}
        rowClassName={(node: FileTreeNode) => ({
          'mr-file-row--deleted': node.data.state === 'markedForDeletion',
        })}
        tableStyle={{ minWidth: `${widths.table}rem` }}
      >
        {editing && (
          <Column
            header={
              <Checkbox
                checked={allSelected}
                aria-label="Select All"
                disabled={busy || selectable.length === 0}
                onChange={(e) => editing.dispatch({ type: 'selectAll', selected: Boolean(e.checked) })}
              />
            }
            body={selectCell}
            style={{ width: `${widths.select}rem` }}
          />
        )}
        <Column
          header="File Name"
          expander
          body={(node: FileTreeNode) => <NameCell row={node.data} editing={Boolean(editing)} />}
        />
        <Column
          header="UpdatedOn"
          body={(node: FileTreeNode) => formatLocalDateTime(updates.get(node.key)?.updatedOn)}
          style={{ width: `${widths.updatedOn}rem` }}
        />
        <Column
          header="Updated By"
          body={(node: FileTreeNode) => {
            const last = updates.get(node.key);
            return last?.updatedByName ?? userName(model.users, last?.updatedBy);
          }}
          style={{ width: `${widths.updatedBy}rem` }}
        />
        <Column header="File Type" body={typeCell} style={{ width: `${widths.fileType}rem` }} />
        {editing && <Column header="Main file" body={mainCell} style={{ width: `${widths.main}rem` }} />}
        <Column header="Actions" body={actionsCell} style={{ width: `${widths.actions}rem` }} />
      </TreeTable>

      {dialog?.kind === 'download' && target && (
        <DownloadFileDialog
          modelUuid={model.uuid}
          file={target}
          legalNotice={model.metadata.legal_notice}
          onHide={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'request' && target && (
        <RequestAccessDialog
          target={{ kind: 'file', modelUuid: model.uuid, fileUuid: target.uuid, fileName: target.name }}
          onHide={() => setDialog(undefined)}
          onSent={() => markAccessRequested(fileRequestKey(model.uuid, target.uuid))}
        />
      )}
      {dialog?.kind === 'manage' && target && (
        <ManageFileAccessDialog modelUuid={model.uuid} file={target} onHide={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'history' && target && (
        <FileHistoryDialog
          modelUuid={model.uuid}
          file={target}
          users={model.users}
          onHide={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'clone' && target && dispatch && (
        <CloneFileDialog
          changes={changes}
          source={target}
          onClone={(name) => dispatch({ type: 'clone', fromUuid: target.uuid, name })}
          onHide={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'details' && target && dispatch && (
        <FileDetailsDialog
          node={target}
          onApply={(attributes) => dispatch({ type: 'setAttributes', uuid: target.uuid, attributes })}
          onHide={() => setDialog(undefined)}
        />
      )}
      <ConfirmMainFileDelete
        names={confirm?.names}
        onAccept={() => confirm?.run()}
        onHide={() => setConfirm(undefined)}
      />
    </div>
  );
}
