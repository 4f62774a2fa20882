import { EXECUTION_MESSAGES } from '@shared/executions/execution-status';
import type { Execution, ExecutionGroup } from '@shared/schemas/execution-api';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { useEffect, useRef, useState } from 'react';
import { usePageTitle } from '../../../components/ui/page-title';
import { formatDateTime } from '../../../lib/format';
import { onLiveMessage } from '../../../lib/live-channel';
import { executionGroupQuery, executionQueueQuery, QUEUE_PAGE_SIZE } from '../api/executions-api';
import { readExecutionMessage } from '../api/live-executions';
import { ExecutionStatusTag } from './execution-status-tag';
import './executions.css';

/** A group runs one or more instances: its row lists their names and files. */
const instanceNames = (g: ExecutionGroup) => g.executions.map((e) => e.scenario.name).join(', ');
const fileNames = (g: ExecutionGroup) => [...new Set(g.executions.map((e) => e.filename))].join(', ');

/**
 * Whether a pushed status is already on screen: a message for a group or run the page does not show,
 * or with another status than the one shown, means the queue has changed under the user.
 */
export function isShown(
  groups: readonly ExecutionGroup[],
  change: { groupId?: string; runId?: string; status: string },
): boolean {
  // A restricted row has no group id: a message never names it.
  const group = change.groupId ? groups.find((g) => g.groupId === change.groupId) : undefined;
  if (!group) return false;
  const run = change.runId ? group.executions.find((e) => e.id === change.runId) : undefined;
  return (run?.status ?? group.status) === change.status;
}

/**
 * A queue row and its key: the group id, or for a group of an entry the caller cannot see (which
 * carries no ids) its place in the queue.
 */
type QueueRow = ExecutionGroup & { rowKey: string };
const withRowKeys = (groups: readonly ExecutionGroup[], first: number): QueueRow[] =>
  groups.map((g, i) => ({ ...g, rowKey: g.groupId ?? `restricted-${first + i}` }));

/**
 * An expanded row: the group's runs with their times and errors, which only the group's own answer
 * carries (the queue page leaves them out). A restricted row has no group id and no details.
 */
function ExecutionDetails({ group }: { group: ExecutionGroup }) {
  const details = useQuery({
    ...executionGroupQuery(group.groupId ?? ''),
    enabled: group.groupId !== undefined,
  });
  const visible = (details.data ?? group).executions.filter((e) => !e.restricted);
  if (visible.length === 0)
    return <p className="mr-execution-details">{EXECUTION_MESSAGES.noDetailsFound}</p>;
  return (
    <div className="mr-execution-details">
      {visible.map((e: Execution) => (
        <section key={e.id ?? e.scenario.name} aria-label={`Execution of ${e.scenario.name}`}>
          <dl>
            <dt>Instance Name</dt>
            <dd>{e.scenario.name}</dd>
            <dt>File Name</dt>
            <dd>{e.filename}</dd>
            <dt>Status</dt>
            <dd>
              <ExecutionStatusTag status={e.status} />
            </dd>
            <dt>Queued On</dt>
            <dd>{formatDateTime(e.queuedOn) || '–'}</dd>
            <dt>Started On</dt>
            <dd>{formatDateTime(e.startedOn) || '–'}</dd>
            <dt>Finished On</dt>
            <dd>{formatDateTime(e.finishedOn) || '–'}</dd>
            {e.error ? (
              <>
                <dt>{EXECUTION_MESSAGES.executionFailed}</dt>
                <dd>{e.error.message}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ))}
    </div>
  );
}

/**
 * /scenario-execution-queue (001 §2 "Execution queue", §4 "Live status"): every execution group,
 * newest first, 50 a page. Live status messages refetch the page (features/executions/api/
 * live-executions.ts); the page says 'New changes in queue' when one was about a row it did not show
 * as it is, until Refresh.
 */
export function ExecutionQueuePage() {
  usePageTitle('Execution Queue');
  const [first, setFirst] = useState(0);
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const [changed, setChanged] = useState(false);
  const { data, isLoading, isError, isFetching, refetch } = useQuery(executionQueueQuery(first));
  const groups = data?.items ?? [];
  const rows = withRowKeys(groups, first);

  const shownRef = useRef<readonly ExecutionGroup[]>(groups);
  shownRef.current = groups;
  useEffect(
    () =>
      onLiveMessage((message) => {
        const read = readExecutionMessage(message);
        if (read.kind === 'other') return;
        if (read.kind === 'unparsable' || !isShown(shownRef.current, read.message.execution))
          setChanged(true);
      }),
    [],
  );

  const toggle = (rowKey: string) =>
    setExpanded((open) => {
      const next = { ...open };
      if (next[rowKey]) delete next[rowKey];
      else next[rowKey] = true;
      return next;
    });

  return (
    <section className="mr-page mr-execution-queue">
      <div className="mr-execution-queue__toolbar">
        <h1>Execution Queue</h1>
        <div className="mr-execution-queue__toolbar">
          <span className="mr-execution-queue__hint" role="status">
            {changed ? EXECUTION_MESSAGES.newChangesInQueue : ''}
          </span>
          <Button
            type="button"
            label="Refresh"
            icon="pi pi-refresh"
            loading={isFetching}
            onClick={() => {
              setChanged(false);
              void refetch();
            }}
          />
        </div>
      </div>
      <DataTable
        value={rows}
        dataKey="rowKey"
        lazy
        loading={isLoading}
        paginator
        first={first}
        rows={QUEUE_PAGE_SIZE}
        totalRecords={data?.total ?? 0}
        onPage={(e) => {
          setFirst(e.first);
          setChanged(false);
        }}
        expandedRows={expanded}
        rowExpansionTemplate={(g: ExecutionGroup) => <ExecutionDetails group={g} />}
        emptyMessage={isError ? 'Failed to load the execution queue' : EXECUTION_MESSAGES.noExecutionsFound}
        size="small"
        stripedRows
        aria-label="Execution queue"
      >
        <Column
          header={<span className="p-sr-only">Details</span>}
          style={{ width: '3rem' }}
          body={(g: QueueRow) => {
            const open = Boolean((expanded as Record<string, boolean>)[g.rowKey]);
            return (
              <Button
                type="button"
                text
                rounded
                icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
                aria-expanded={open}
                aria-label={`${open ? 'Hide' : 'Show'} details of ${instanceNames(g) || 'the execution'}`}
                onClick={() => toggle(g.rowKey)}
              />
            );
          }}
        />
        <Column header="Instance Name" body={instanceNames} />
        <Column header="File Name" body={fileNames} />
        <Column header="Model Name" body={(g: ExecutionGroup) => g.model.name} />
        <Column header="Executed By" body={(g: ExecutionGroup) => g.createdBy.name} />
        {/* 001 §9: yyyy-MM-dd HH:mm UTC, as the other execution screens (issue 21 §5). */}
        <Column header="Executed On" body={(g: ExecutionGroup) => formatDateTime(g.createdOn)} />
        <Column header="Status" body={(g: ExecutionGroup) => <ExecutionStatusTag status={g.status} />} />
      </DataTable>
    </section>
  );
}

export default ExecutionQueuePage;
