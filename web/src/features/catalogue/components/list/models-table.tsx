import { MESSAGES } from '@shared/messages';
import { MODEL_STATUS_LABELS, PLATFORM_DISPLAY_LABELS } from '@shared/schemas/model';
import type { ListModelsQuery, ModelSummary } from '@shared/schemas/model-api';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useModelList } from '../../../../api/models';
import { ClassificationBadge } from '../../../../components/ui/classification/classification';
import { paths } from '../../../../config/paths';
import { formatDate } from '../../../../lib/format';
import { PAGE_SIZES } from './list-url-state';

interface ModelsTableProps {
  query: ListModelsQuery;
  onQueryChange: (patch: Partial<ListModelsQuery>) => void;
  selected?: string;
  onSelect: (uuid: string) => void;
}

const STATUS_SEVERITY = {
  DRAFT: 'warning',
  PUBLISHED: 'success',
  RETIRED: 'danger',
  CREATING: 'info',
  DELETED: 'secondary',
} as const;

export function StatusTag({ status }: { status: ModelSummary['status'] }) {
  return (
    <Tag
      value={MODEL_STATUS_LABELS[status]}
      severity={STATUS_SEVERITY[status]}
      icon={status === 'RETIRED' ? 'pi pi-ban' : undefined}
    />
  );
}

function Expansion({ model }: { model: ModelSummary }) {
  const rows: [string, string | undefined][] = [
    ['Model Name', model.name],
    ['Therapeutic Area', model.therapeuticArea],
    ['Disease', model.disease],
    ['Product', model.product.join(', ')],
    ['Model Type', model.modelType],
    ['Version', model.version],
    ['Platform', model.platform ? PLATFORM_DISPLAY_LABELS[model.platform] : undefined],
    ['Information Classification', model.informationClassification],
    ['Creator', model.creator.name],
    ['Creation Date', formatDate(model.createdOn)],
  ];
  return (
    <div className="mr-row-expansion">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className={label === 'Model Name' ? 'mr-row-expansion__name' : undefined}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {model.previewOnly ? <p className="mr-muted">{MESSAGES.detailPreviewOnly}</p> : null}
    </div>
  );
}

/** Our words for a list that could not be loaded (the spec names only the empty list's text). */
export const LIST_TEXTS = {
  loadFailed: 'The model entries could not be loaded.',
  retry: 'Try again',
} as const;

/** The pager's count: '11–20 of 42 model entries' (PrimeReact fills the placeholders). */
export function pageReport(total: number | undefined): string {
  if (!total) return '';
  return total === 1 ? '1 model entry' : '{first}–{last} of {totalRecords} model entries';
}

/** Table View (000 §2): server paging and sorting, inline expansion, row click selects. */
export function ModelsTable({ query, onQueryChange, selected, onSelect }: ModelsTableProps) {
  const { data, isFetching, isPending, isError, refetch } = useModelList(query);
  const [expanded, setExpanded] = useState<DataTableExpandedRows>({});
  const items = data?.items ?? [];

  return (
    <DataTable
      value={items}
      dataKey="uuid"
      lazy
      loading={isPending || isFetching}
      paginator
      first={query.page * query.pageSize}
      rows={query.pageSize}
      totalRecords={data?.total ?? 0}
      rowsPerPageOptions={[...PAGE_SIZES]}
      // The server counts every match (ModelListPage.total): the pager says how many there are.
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      currentPageReportTemplate={pageReport(data?.total)}
      onPage={(e) =>
        e.rows !== query.pageSize ? onQueryChange({ pageSize: e.rows }) : onQueryChange({ page: e.page ?? 0 })
      }
      sortField={query.sort}
      sortOrder={query.order === 'asc' ? 1 : -1}
      onSort={(e) =>
        onQueryChange({
          sort: e.sortField as ListModelsQuery['sort'],
          order: e.sortOrder === 1 ? 'asc' : 'desc',
        })
      }
      expandedRows={expanded}
      onRowToggle={(e) => setExpanded(e.data as DataTableExpandedRows)}
      rowExpansionTemplate={(m: ModelSummary) => <Expansion model={m} />}
      selectionMode="single"
      selection={items.find((m) => m.uuid === selected) ?? null}
      onSelectionChange={(e) => {
        const row = e.value as ModelSummary | null;
        if (row) onSelect(row.uuid);
      }}
      rowClassName={(m: ModelSummary) => ({ 'mr-row--retired': m.status === 'RETIRED' })}
      // A failed load is not an empty result (issue 21 §26): the error message says what failed.
      emptyMessage={
        isError ? (
          <span>
            {LIST_TEXTS.loadFailed}{' '}
            <Button type="button" label={LIST_TEXTS.retry} link size="small" onClick={() => void refetch()} />
          </span>
        ) : (
          MESSAGES.noModelsFound
        )
      }
      size="small"
      aria-label="Model entries"
      className="mr-models-table"
    >
      <Column expander style={{ width: '3rem' }} />
      <Column
        field="name"
        header="Model Name"
        sortable
        body={(m: ModelSummary) => (
          <span className="mr-model-name">
            <ClassificationBadge value={m.informationClassification} />
            {/* Long names stop after two lines; the whole name is the tooltip and in the expanded row. */}
            <Link to={paths.modelDetail.getHref(m.uuid)} title={m.name} className="mr-model-name__link">
              {m.name}
            </Link>
          </span>
        )}
      />
      <Column field="modelType" header="Model Type" sortable />
      <Column field="creator" header="Creator" sortable body={(m: ModelSummary) => m.creator.name} />
      <Column
        field="createdOn"
        header="Creation Date"
        sortable
        body={(m: ModelSummary) => formatDate(m.createdOn)}
      />
      <Column
        field="status"
        header="Status"
        sortable
        body={(m: ModelSummary) => <StatusTag status={m.status} />}
      />
    </DataTable>
  );
}
