import type { UserSummary } from '@shared/schemas/model-api';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { type FileHistory, fileHistoryQuery } from '../../../../api/files';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { formatFileSize, formatLocalDateTime } from '../../../../lib/format';
import { userName } from './file-format';

type Version = FileHistory['items'][number];

const ACTION_LABELS: Record<Version['action'], string> = {
  UPLOADED: 'Uploaded',
  REPLACED: 'Replaced',
  CLONED: 'Cloned',
  REMOVED: 'Removed',
  VERSIONED: 'Carried into a new version',
};

/** The versions of one file body (uploads, replacements, clones), newest first (000 §9 history sort). */
export function FileHistoryDialog({
  modelUuid,
  file,
  users,
  onHide,
}: {
  modelUuid: string;
  file: { uuid: string; name: string };
  users: Record<string, UserSummary>;
  onHide: () => void;
}) {
  const history = useQuery(fileHistoryQuery(modelUuid, file.uuid));
  const items = [...(history.data?.items ?? [])].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return (
    <ModalDialog
      header="File History"
      visible
      onHide={onHide}
      style={{ width: '48rem', maxWidth: '95vw' }}
      modal
      draggable={false}
    >
      <p>
        <i className="pi pi-file" aria-hidden="true" /> <strong>{file.name}</strong>
      </p>
      <DataTable
        value={items}
        dataKey="versionNumber"
        size="small"
        loading={history.isPending}
        emptyMessage="No versions were found"
        aria-label={`Versions of ${file.name}`}
      >
        <Column header="Version" field="versionNumber" />
        <Column header="Action" body={(v: Version) => ACTION_LABELS[v.action]} />
        <Column header="By" body={(v: Version) => userName(users, v.isid)} />
        <Column header="Date" body={(v: Version) => formatLocalDateTime(v.timestamp)} />
        <Column header="Size" body={(v: Version) => (v.size === undefined ? '' : formatFileSize(v.size))} />
        <Column
          header=""
          body={(v: Version) => (v.current ? <Tag value="Current" severity="success" /> : null)}
        />
      </DataTable>
    </ModalDialog>
  );
}
