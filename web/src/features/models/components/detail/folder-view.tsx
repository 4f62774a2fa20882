import type { FileNode, UserSummary } from '@shared/schemas/model-api';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { modelFilesQuery } from '../../api/models-api';
import { userLabel } from '../user-picker/search-users';
import { formatDate } from './text-view';

const fullName = (f: FileNode) => (f.path ? `${f.path}/${f.name}` : f.name);

/** Folder View: the entry's files, read-only for now (File Name, UpdatedOn, Updated By, file type). */
export function FolderView({ uuid, users = {} }: { uuid: string; users?: Record<string, UserSummary> }) {
  const files = useQuery(modelFilesQuery(uuid));
  const rows = (files.data?.items ?? [])
    .filter((f) => !f.folder)
    .map((f) => {
      const by = users[f.updatedBy];
      return { ...f, fullName: fullName(f), updatedByName: by ? userLabel(by) : f.updatedBy };
    });
  return (
    <DataTable
      value={rows}
      dataKey="uuid"
      size="small"
      loading={files.isPending}
      sortField="fullName"
      sortOrder={1}
      emptyMessage="No files were found"
      aria-label="Files"
    >
      <Column
        field="fullName"
        header="File Name"
        sortable
        body={(f: FileNode & { fullName: string }) => (
          <span>
            {f.mainFile && (
              <>
                <i className="pi pi-star-fill mr-main-file" title="Main model file" aria-hidden="true" />
                <span className="mr-visually-hidden">Main model file: </span>
              </>
            )}{' '}
            {f.fullName}
          </span>
        )}
      />
      <Column field="updatedOn" header="UpdatedOn" sortable body={(f: FileNode) => formatDate(f.updatedOn)} />
      <Column field="updatedByName" header="Updated By" sortable />
      <Column field="fileTag" header="File Type" sortable />
    </DataTable>
  );
}
