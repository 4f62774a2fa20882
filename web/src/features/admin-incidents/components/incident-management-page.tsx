import type { AdminIncident } from '@shared/schemas/incident';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import { useDeferredValue, useState } from 'react';
import { type ActionGroup, ActionGroupView, ActionSidebar } from '../../../components/ui/action-sidebar';
import { AdminPageLayout } from '../../../components/ui/admin-page-layout';
import { usePageTitle } from '../../../components/ui/page-title';
import { formatDateTime } from '../../../lib/format';
import { adminIncidentQuery, adminIncidentsQuery, gridSummary } from '../api/admin-incidents';
import { EditStatusDialog } from './edit-status-dialog';
import './incident-management-page.css';

export const NO_INCIDENTS = 'No details were found';

/** The Details tab: summary, user notes, details, time, created by, and the stack as reported and resolved. */
function IncidentDetails({ incident }: { incident: AdminIncident }) {
  const detail = useQuery(adminIncidentQuery(incident.incidentId));
  const full = detail.data ?? incident;
  return (
    <TabView className="mr-incident-detail">
      <TabPanel header="Details">
        <dl className="mr-incident-detail__fields">
          <dt>Summary</dt>
          <dd>{full.issueSummary ?? full.description}</dd>
          <dt>User Notes</dt>
          <dd>{full.userNotes || '—'}</dd>
          <dt>Details</dt>
          <dd>{full.description}</dd>
          <dt>Time</dt>
          <dd>{formatDateTime(full.incidentTime)}</dd>
          <dt>Created By</dt>
          <dd>{full.createdByName ?? full.createdBy}</dd>
          {full.reportId && (
            <>
              <dt>Report Id</dt>
              <dd>{full.reportId}</dd>
            </>
          )}
        </dl>
        {detail.data?.resolvedStackTrace && (
          <section aria-label="Stack trace (original sources)">
            <h3>Stack trace (original sources)</h3>
            <pre className="mr-incident-detail__stack">{detail.data.resolvedStackTrace}</pre>
          </section>
        )}
        {full.browserStackTrace && (
          <details>
            <summary>Stack trace as the browser reported it</summary>
            <pre className="mr-incident-detail__stack">{full.browserStackTrace}</pre>
          </details>
        )}
        {full.stackTrace && (
          <details>
            <summary>Server stack trace</summary>
            <pre className="mr-incident-detail__stack">{full.stackTrace}</pre>
          </details>
        )}
      </TabPanel>
      <TabPanel header="Worklog">
        {full.worklog && full.worklog.length > 0 ? (
          <ol className="mr-incident-detail__worklog">
            {full.worklog.map((line) => (
              <li key={`${line.at}-${line.text}`}>
                <div>
                  <strong>{line.text}</strong> — {line.by}, {formatDateTime(line.at)}
                </div>
                {line.comment && <div>{line.comment}</div>}
              </li>
            ))}
          </ol>
        ) : (
          <p>{NO_INCIDENTS}</p>
        )}
      </TabPanel>
    </TabView>
  );
}

/**
 * /admin/incident-management (002 §2): search, the grid (summary cut at 20 characters), an expandable
 * row with Details and Worklog, and the sidebar's Edit Status and Email User (a mail to the creator).
 */
export function IncidentManagementPage() {
  usePageTitle('Incident Management');
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const { data, isLoading, isError } = useQuery(adminIncidentsQuery(deferred));
  const [selected, setSelected] = useState<AdminIncident | undefined>();
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const [editing, setEditing] = useState(false);
  // The selected row as the latest list answers it (after an update, its new status).
  const current = data?.items.find((i) => i.incidentId === selected?.incidentId);

  const toggle = (id: string) =>
    setExpanded((rows) => {
      const next = { ...(rows as Record<string, boolean>) };
      if (next[id]) delete next[id];
      else next[id] = true;
      return next;
    });

  const groups: ActionGroup[] = [
    {
      key: 'incident',
      title: 'Incident',
      items: [
        {
          key: 'edit-status',
          label: 'Edit Status',
          icon: 'pi pi-pencil',
          outcome: current ? 'allowed' : 'forbidden',
          reason: 'Select an incident first.',
          ...(current ? { onSelect: () => setEditing(true) } : {}),
        },
        {
          key: 'email-user',
          label: 'Email User',
          icon: 'pi pi-envelope',
          outcome: current?.createdByEmail ? 'allowed' : 'forbidden',
          reason: current ? 'The creator has no e-mail address.' : 'Select an incident first.',
          ...(current?.createdByEmail
            ? {
                onSelect: () => {
                  window.location.href = `mailto:${current.createdByEmail}?subject=${encodeURIComponent(
                    `Incident ${current.incidentId}`,
                  )}`;
                },
              }
            : {}),
        },
      ],
    },
  ];

  return (
    <AdminPageLayout
      sidebar={
        <ActionSidebar label="Incident actions">
          {(collapsed) => groups.map((g) => <ActionGroupView key={g.key} group={g} collapsed={collapsed} />)}
        </ActionSidebar>
      }
    >
      <h1>Incident Management</h1>
      <span className="p-input-icon-left mr-admin-page__search">
        <i className="pi pi-search" aria-hidden="true" />
        <InputText
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search"
          aria-label="Search incidents"
        />
      </span>
      <DataTable
        value={data?.items ?? []}
        dataKey="incidentId"
        loading={isLoading}
        paginator
        rows={10}
        rowsPerPageOptions={[10, 20, 50, 100]}
        selectionMode="single"
        selection={current ?? null}
        onSelectionChange={(e) => setSelected((e.value as AdminIncident | null) ?? undefined)}
        expandedRows={expanded}
        rowExpansionTemplate={(i: AdminIncident) => <IncidentDetails incident={i} />}
        emptyMessage={isError ? 'Failed to load the incidents' : NO_INCIDENTS}
        size="small"
        stripedRows
        aria-label="Incidents"
      >
        <Column
          header={<span className="p-sr-only">Details</span>}
          style={{ width: '3rem' }}
          body={(i: AdminIncident) => {
            const open = Boolean((expanded as Record<string, boolean>)[i.incidentId]);
            return (
              <Button
                type="button"
                text
                rounded
                icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
                aria-expanded={open}
                aria-label={`${open ? 'Hide' : 'Show'} details of incident ${i.incidentId}`}
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(i.incidentId);
                }}
              />
            );
          }}
        />
        <Column header="Incident Id" field="incidentId" />
        <Column
          header="Incident Summary"
          body={(i: AdminIncident) => <span title={i.issueSummary ?? i.description}>{gridSummary(i)}</span>}
        />
        <Column header="Created On" body={(i: AdminIncident) => formatDateTime(i.createdOn)} />
        <Column header="Created By" body={(i: AdminIncident) => i.createdByName ?? i.createdBy} />
        <Column header="Status" field="status" />
        <Column
          header="Modified On"
          body={(i: AdminIncident) => (i.modifiedOn ? formatDateTime(i.modifiedOn) : '')}
        />
        <Column header="Modified By" body={(i: AdminIncident) => i.modifiedBy ?? ''} />
      </DataTable>
      {editing && current && <EditStatusDialog incident={current} onClose={() => setEditing(false)} />}
    </AdminPageLayout>
  );
}

export default IncidentManagementPage;
