import type { FileHistoryEntrySchema, LineageNode } from '@shared/schemas/versions-api';
import { useQueries } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type * as z from 'zod/mini';
import { filesHistoryQuery } from '../../../../api/versions';
import { formatDateTime } from '../../../../lib/format';

type HistoryEntry = z.infer<typeof FileHistoryEntrySchema>;

const ACTION_LABELS: Record<HistoryEntry['action'], string> = {
  UPLOADED: 'Uploaded',
  REPLACED: 'Replaced',
  CLONED: 'Cloned',
  REMOVED: 'Removed',
  VERSIONED: 'Carried into a new version',
};

/**
 * The entries of several versions in one list, newest first (000 §9: history by timestamp
 * descending). A file carried from A into B lists A's entries under both; they are shown once.
 */
export function mergeHistories(lists: readonly (readonly HistoryEntry[])[]): HistoryEntry[] {
  const seen = new Set<string>();
  const merged: HistoryEntry[] = [];
  for (const entry of lists.flat()) {
    const key = `${entry.modelUuid}|${entry.fileUuid}|${entry.versionNumber}|${entry.action}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(entry);
  }
  return merged.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

/**
 * History mode (000 §4: at least one version selected): the version history entries of the selected
 * versions' files: file, action, user, timestamp and version number.
 */
export function HistoryView({ versions }: { versions: readonly LineageNode[] }) {
  const results = useQueries({ queries: versions.map((v) => filesHistoryQuery(v.uuid)) });
  const loading = results.some((r) => r.isPending);
  const failed = results.some((r) => r.isError);
  const entries = mergeHistories(results.map((r) => r.data?.items ?? []));
  const versionOf = new Map(versions.map((v) => [v.uuid, v.version]));
  return (
    <section className="mr-version-history" aria-label="File history">
      <DataTable
        value={entries}
        loading={loading}
        dataKey={undefined}
        emptyMessage={failed ? 'The history could not be loaded.' : 'No file history was found.'}
        sortField="timestamp"
        sortOrder={-1}
        paginator={entries.length > 50}
        rows={50}
        size="small"
        stripedRows
      >
        <Column
          header="File"
          field="file"
          sortable
          body={(e: HistoryEntry) => (e.path ? `${e.path}/${e.file}` : e.file)}
        />
        <Column header="Action" field="action" sortable body={(e: HistoryEntry) => ACTION_LABELS[e.action]} />
        <Column header="User" field="isid" sortable body={(e: HistoryEntry) => e.userName ?? e.isid} />
        <Column
          header="Timestamp"
          field="timestamp"
          sortable
          body={(e: HistoryEntry) => formatDateTime(e.timestamp)}
        />
        <Column header="Version number" field="versionNumber" sortable />
        <Column
          header="Model version"
          body={(e: HistoryEntry) => e.modelVersion ?? versionOf.get(e.modelUuid) ?? ''}
        />
      </DataTable>
    </section>
  );
}
