import type { InstanceListPage, InstanceOrderBy, InstanceSummary } from '@shared/schemas/instance-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { Tag } from 'primereact/tag';
import { createContext, type MouseEvent, useContext, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ActionItem } from '../../../../components/ui/action-sidebar';
import { paths } from '../../../../config/paths';
import { formatDate } from '../../../../lib/format';
import { CalibrationUsed } from '../form/calibration-picker';
import { DragHandle } from '../groups/instance-dnd';
import { type GridPatch, type InstanceGridState, PAGE_SIZES } from './list-url-state';
import { InstanceStatusTag } from './status-tag';

interface InstancesTableProps {
  uuid: string;
  state: InstanceGridState;
  page: InstanceListPage | undefined;
  loading: boolean;
  onChange: (patch: GridPatch) => void;
  onEditLabel: (instance: InstanceSummary) => void;
  /** Rows can be dragged into groups. */
  draggable: boolean;
  /** The actions of a row's menu, with their outcomes (hidden, disabled or enabled); none: no menu. */
  rowActions?: (instance: InstanceSummary) => ActionItem[];
}

/** The accessible name of a row's action menu button (and of its menu). */
export const rowMenuLabel = (instance: Pick<InstanceSummary, 'name'>) => `Actions for ${instance.name}`;

/** A row's actions as menu items: 'disallowed' hidden, 'forbidden' disabled (001 §6). */
export function rowMenuItems(actions: readonly ActionItem[]): MenuItem[] {
  return actions
    .filter((action) => action.outcome !== 'disallowed')
    .map((action) => ({
      label: action.label,
      icon: action.icon,
      disabled: action.outcome !== 'allowed' || !action.onSelect,
      command: () => action.onSelect?.(),
    }));
}

interface RowMenuState {
  menuId: string;
  /** The row whose menu is open. */
  openId: string | undefined;
  onClick: (instance: InstanceSummary, event: MouseEvent<HTMLButtonElement>) => void;
}

/*
 * DataTable memoizes its cells, so a row's button reads the open menu from a context rather than
 * from the closure its column was rendered with.
 */
const RowMenuContext = createContext<RowMenuState | undefined>(undefined);

function RowMenuButton({ instance }: { instance: InstanceSummary }) {
  const state = useContext(RowMenuContext);
  const open = state?.openId === instance.id;
  return (
    <Button
      type="button"
      icon="pi pi-ellipsis-v"
      text
      rounded
      aria-label={rowMenuLabel(instance)}
      aria-haspopup="menu"
      aria-controls={open ? state?.menuId : undefined}
      aria-expanded={open}
      // A button's click does not select its row (PrimeReact skips clickable targets).
      onClick={(e) => state?.onClick(instance, e)}
    />
  );
}

/**
 * One popup menu for the whole table, filled with the actions of the row whose button opened it
 * (PrimeReact's Menu: arrow keys move, Enter runs, Escape closes and returns to the button).
 */
function useRowMenu(rowActions: InstancesTableProps['rowActions'], items: readonly InstanceSummary[]) {
  const menu = useRef<Menu>(null);
  const menuId = useId();
  const [clicked, setRow] = useState<InstanceSummary>();
  // The row as the list has it now: a live status change while the menu is open updates its items.
  const row = items.find((i) => i.id === clicked?.id) ?? clicked;
  const [open, setOpen] = useState(false);
  const state: RowMenuState = {
    menuId,
    openId: open ? row?.id : undefined,
    onClick: (instance, event) => {
      setRow(instance);
      menu.current?.toggle(event);
    },
  };
  const element = rowActions ? (
    <Menu
      ref={menu}
      id={menuId}
      popup
      popupAlignment="right"
      model={row ? rowMenuItems(rowActions(row)) : []}
      // The list (role="menu") carries the name; MenuProps does not type its `ariaLabel`.
      pt={{ menu: { 'aria-label': row ? rowMenuLabel(row) : undefined } }}
      onShow={() => setOpen(true)}
      onHide={() => setOpen(false)}
    />
  ) : null;
  return { element, state };
}

/** The pager's count: '21–40 of 57 instances' (PrimeReact fills the placeholders). */
export function pageReport(total: number | undefined): string {
  if (!total) return '';
  return total === 1 ? '1 instance' : '{first}–{last} of {totalRecords} instances';
}

function NameCell({ uuid, instance }: { uuid: string; instance: InstanceSummary }) {
  return (
    <span className="mr-instance-name">
      <Link to={paths.instanceEditor.getHref(uuid, instance.id)} className="mr-instance-name__link">
        {instance.name}
      </Link>
      {instance.outdated && (
        <Tag
          value={SUB_MODEL_MESSAGES.outdatedChip}
          severity="warning"
          className="mr-instance-chip"
          rounded
        />
      )}
      {instance.label && <span className="mr-instance-label">{instance.label}</span>}
      <CalibrationUsed calibration={instance.calibration} />
    </span>
  );
}

/**
 * The instance list (spec 001 §2): server paging (20 of 10/20/50/100), order by name, creator,
 * creation date or status; a row click selects the instance for the action sidebar.
 */
export function InstancesTable({
  uuid,
  state,
  page,
  loading,
  onChange,
  onEditLabel,
  draggable,
  rowActions,
}: InstancesTableProps) {
  const items = page?.items ?? [];
  const rowMenu = useRowMenu(rowActions, items);
  return (
    <RowMenuContext.Provider value={rowMenu.state}>
      <DataTable
        value={items}
        dataKey="id"
        lazy
        loading={loading}
        paginator
        first={state.page * state.pageSize}
        rows={state.pageSize}
        totalRecords={page?.total ?? 0}
        rowsPerPageOptions={[...PAGE_SIZES]}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
        currentPageReportTemplate={pageReport(page?.total)}
        onPage={(e) =>
          e.rows !== state.pageSize ? onChange({ pageSize: e.rows }) : onChange({ page: e.page ?? 0 })
        }
        sortField={state.orderBy}
        sortOrder={state.orderDesc ? -1 : 1}
        onSort={(e) => onChange({ orderBy: e.sortField as InstanceOrderBy, orderDesc: e.sortOrder !== 1 })}
        selectionMode="single"
        selection={items.find((i) => i.id === state.selected) ?? null}
        onSelectionChange={(e) => {
          const row = e.value as InstanceSummary | null;
          onChange({ selected: row?.id });
        }}
        emptyMessage={SUB_MODEL_MESSAGES.noScenarioFound}
        size="small"
        pt={{ table: { 'aria-label': 'Instances' } }}
        className="mr-instances-table"
      >
        {draggable && (
          <Column
            header={<span className="mr-visually-hidden">Move to a group</span>}
            style={{ width: '3rem' }}
            body={(i: InstanceSummary) => <DragHandle instance={i} />}
          />
        )}
        <Column
          field="name"
          header="Instance Name"
          sortable
          body={(i: InstanceSummary) => <NameCell uuid={uuid} instance={i} />}
        />
        <Column field="createdBy" header="Creator" sortable body={(i: InstanceSummary) => i.createdByName} />
        <Column
          field="createdOn"
          header="Creation Date"
          sortable
          body={(i: InstanceSummary) => formatDate(i.createdOn)}
        />
        <Column
          field="status"
          header="Status"
          sortable
          body={(i: InstanceSummary) => <InstanceStatusTag status={i.status} />}
        />
        <Column
          header="Sharing"
          body={(i: InstanceSummary) =>
            i.shared ? (
              <span className="mr-shared-marker">
                <i className="pi pi-share-alt" aria-hidden="true" /> {SUB_MODEL_MESSAGES.sharedMarker}
              </span>
            ) : null
          }
        />
        <Column
          header={<span className="mr-visually-hidden">Edit Label</span>}
          style={{ width: '3.5rem' }}
          body={(i: InstanceSummary) => (
            <Button
              type="button"
              icon="pi pi-tag"
              text
              rounded
              aria-label={`Edit label of ${i.name}`}
              tooltip="Edit Label"
              tooltipOptions={{ position: 'left' }}
              onClick={(e) => {
                e.stopPropagation();
                onEditLabel(i);
              }}
            />
          )}
        />
        {rowActions && (
          <Column
            header={<span className="mr-visually-hidden">Actions</span>}
            style={{ width: '3.5rem' }}
            body={(i: InstanceSummary) => <RowMenuButton instance={i} />}
          />
        )}
      </DataTable>
      {rowMenu.element}
    </RowMenuContext.Provider>
  );
}
