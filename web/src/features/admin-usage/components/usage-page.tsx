import { MODEL_STATUS_LABELS, type ModelStatus } from '@shared/schemas/model';
import type { DormantEntry, UsageRow } from '@shared/schemas/usage';
import { useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { dormantEntriesQuery, monthLabel, recentMonths, usageReportQuery } from '../api/admin-usage';
import './usage-page.css';

/** The empty state of both grids (001 §8). */
export const NO_RECORDS = 'No records were found';

const entryLink = (row: { modelUuid: string; name: string; deleted?: boolean }) =>
  row.deleted ? (
    <span>
      {row.name} <em>(deleted)</em>
    </span>
  ) : (
    <Link to={paths.modelDetail.getHref(row.modelUuid)}>{row.name}</Link>
  );

/**
 * /admin/usage (issue 20 §8): per model entry and month, how often it was opened, downloaded from and
 * run, and the entries nobody opened in a year (candidates for retirement). The server counts them as
 * they happen; this page only reads.
 */
export default function UsagePage() {
  usePageTitle('Usage');
  const months = recentMonths();
  const [month, setMonth] = useState(months[0] as string);
  const monthId = useId();
  const report = useQuery(usageReportQuery(month));
  const dormant = useQuery(dormantEntriesQuery());
  const totals = report.data?.totals;

  return (
    <AdminPageLayout>
      <h1>Usage</h1>
      <section aria-labelledby={`${monthId}-heading`}>
        <div className="mr-admin-page__toolbar">
          <h2 id={`${monthId}-heading`}>Views, downloads and runs per model entry</h2>
          <label className="mr-usage__month">
            Month{' '}
            <select value={month} onChange={(e) => setMonth(e.target.value)}>
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthLabel(m)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {totals && (
          <p className="mr-usage__totals" aria-live="polite">
            {monthLabel(month)}: {totals.views} views, {totals.downloads} downloads, {totals.runs} runs across{' '}
            {report.data?.total ?? 0} model entries
          </p>
        )}
        <DataTable
          value={report.data?.items ?? []}
          dataKey="modelUuid"
          loading={report.isLoading}
          paginator
          rows={20}
          rowsPerPageOptions={[10, 20, 50, 100]}
          sortMode="single"
          emptyMessage={report.isError ? 'Failed to load the usage' : NO_RECORDS}
          size="small"
          stripedRows
          pt={{ table: { 'aria-label': `Usage in ${monthLabel(month)}` } }}
        >
          <Column header="Model Entry" field="name" sortable body={(row: UsageRow) => entryLink(row)} />
          <Column header="Views" field="views" sortable />
          <Column header="Downloads" field="downloads" sortable />
          <Column header="Runs" field="runs" sortable />
        </DataTable>
      </section>
      <section aria-labelledby={`${monthId}-dormant`} className="mr-usage__dormant">
        <h2 id={`${monthId}-dormant`}>Not opened in a year</h2>
        <p>
          Model entries created more than a year ago that nobody opened
          {dormant.data ? ` since ${monthLabel(dormant.data.since)}` : ''}: candidates for retirement.
        </p>
        <DataTable
          value={dormant.data?.items ?? []}
          dataKey="modelUuid"
          loading={dormant.isLoading}
          paginator
          rows={20}
          rowsPerPageOptions={[10, 20, 50, 100]}
          emptyMessage={dormant.isError ? 'Failed to load the entries' : NO_RECORDS}
          size="small"
          stripedRows
          pt={{ table: { 'aria-label': 'Model entries not opened in a year' } }}
        >
          <Column header="Model Entry" field="name" sortable body={(row: DormantEntry) => entryLink(row)} />
          <Column
            header="Status"
            field="status"
            sortable
            body={(row: DormantEntry) => MODEL_STATUS_LABELS[row.status as ModelStatus] ?? row.status}
          />
          <Column
            header="Created On"
            field="createdOn"
            sortable
            body={(row: DormantEntry) => formatDate(row.createdOn)}
          />
          <Column
            header="Last Opened"
            field="lastOpened"
            sortable
            body={(row: DormantEntry) => (row.lastOpened ? monthLabel(row.lastOpened) : 'Never')}
          />
        </DataTable>
      </section>
    </AdminPageLayout>
  );
}
