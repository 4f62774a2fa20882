import type { InstanceSummary } from '@shared/schemas/instance-api';
import type { GroupView, SubModelView } from '@shared/schemas/sub-models-api';
import { addToGroup, removeFromGroup } from '@shared/sub-models/groups';
import { FORM_MESSAGES, SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { RadioButton } from 'primereact/radiobutton';
import { createContext, useContext, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useModel } from '../../../../api/models';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { ModalDialog } from '../../../../components/ui/modal-dialog';
import { usePageTitle } from '../../../../components/ui/page-title';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/current-user';
import { formatDate } from '../../../../lib/format';
import { notify } from '../../../../lib/message-stack';
import { useDebounced } from '../../../../lib/use-debounced';
import { workspaceKeys } from '../../../../lib/workspace';
import {
  cancelExecution,
  copyInstance,
  deleteInstance,
  executeAnalysis,
  flowListQuery,
  governInstance,
  groupsQuery,
  instanceQuery,
  setGroupInstances,
  subModelsQuery,
} from '../../api/visualization-api';
import { FlowLayout, StatusTag } from './flow-layout';
import {
  analysisKind,
  draftStep,
  FLOW_TEXTS,
  isShowOnly,
  isTickable,
  joinIds,
  parseIds,
  SHOW_ONLY,
  type ShowOnly,
} from './flow-state';
import {
  copyName,
  exportFileName,
  exportText,
  ROW_ACTION_LABELS,
  type RowAction,
  rowActionOutcomes,
} from './row-actions';
import { SaveProgress } from './save-progress';

const FINISHED = ['COMPLETED', 'ACCEPTED', 'SUPERSEDED'] as const;
const PAGE_SIZE = 20;

/** Why a row cannot be ticked, or undefined when it can (§4 step 1; one display sub-model per analysis). */
function tickProblem(
  row: InstanceSummary,
  subModel: SubModelView | undefined,
  display: string | undefined,
): string | undefined {
  if (!isTickable(row.status)) return FLOW_TEXTS.notTickable;
  if (!subModel?.displayExecutionSetupId) return FLOW_TEXTS.noDisplay;
  if (display && subModel.displayExecutionSetupId !== display) return FLOW_TEXTS.otherDisplay;
  return undefined;
}

/*
 * DataTable memoizes its cells, so a row's tick box reads the selection from a context rather than
 * from the closure its column was rendered with (as the instance list's row menus do).
 */
interface TickState {
  selected: readonly string[];
  problemOf: (row: InstanceSummary) => string | undefined;
  toggle: (row: InstanceSummary, on: boolean) => void;
}
const TickContext = createContext<TickState>({
  selected: [],
  problemOf: () => undefined,
  toggle: () => undefined,
});

function TickCell({ row }: { row: InstanceSummary }) {
  const { selected, problemOf, toggle } = useContext(TickContext);
  const problem = problemOf(row);
  const checked = selected.includes(row.id);
  return (
    <input
      type="checkbox"
      aria-label={`Select ${row.name}`}
      title={!checked ? problem : undefined}
      checked={checked}
      disabled={!checked && problem !== undefined}
      onChange={(e) => toggle(row, e.target.checked)}
    />
  );
}

/**
 * Step 1 of the visualization (spec 001 §2 "Step 1 (selection)", §4): 'Show Only', the sub-model tree
 * with search and the groups of the opened sub-model, the instance table with search, and Discard
 * Changes / Save & Proceed. The selection lives in the URL (`selected`, with `display`, the display
 * sub-model the ticked instances share), so a reload keeps it; `scenarioId` (from an instance's row
 * menu) ticks that instance when the page opens.
 */
export default function SelectionPage() {
  const { modelUuid = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  usePageTitle('Scenario selection');
  const preselected = search.get('scenarioId') ?? undefined;
  const show: ShowOnly = isShowOnly(search.get('show')) ? (search.get('show') as ShowOnly) : 'all';
  // The analysis being changed: a Save Progress draft reopens with its scenarios ticked.
  const analysisId = search.get('analysis') ?? undefined;
  const current = useQuery(instanceQuery(modelUuid, analysisId ?? ''));
  const restored = useMemo(() => (current.data ? draftStep(current.data).scenarios : []), [current.data]);
  const selected = useMemo(() => {
    const ids = parseIds(search.get('selected'));
    if (search.get('selected') === null && restored.length > 0) return restored;
    return preselected && search.get('selected') === null ? [preselected] : ids;
  }, [search, preselected, restored]);
  // Discard Changes goes back to what the page opened with.
  const [initial] = useState(() => ({ selected, display: search.get('display') ?? undefined }));
  const [treeSearch, setTreeSearch] = useState('');
  const [query, setQuery] = useState(search.get('q') ?? '');
  const settledQuery = useDebounced(query, 300);
  const [page, setPage] = useState(0);

  const update = (changes: Record<string, string | undefined>) =>
    setSearch(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [key, value] of Object.entries(changes))
          if (value === undefined) next.delete(key);
          else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const types = show === 'saved' ? (['display'] as const) : (['scenario', 'calibration'] as const);
  const subModelLists = useQueries({ queries: types.map((t) => subModelsQuery(modelUuid, t)) });
  const subModels = useMemo(() => subModelLists.flatMap((q) => q.data?.items ?? []), [subModelLists]);
  const allScenarioLists = useQueries({
    queries: (['scenario', 'calibration'] as const).map((t) => subModelsQuery(modelUuid, t)),
  });
  const subModelById = useMemo(
    () => new Map(allScenarioLists.flatMap((q) => q.data?.items ?? []).map((s) => [s.id, s])),
    [allScenarioLists],
  );
  const pre = useQuery({ ...instanceQuery(modelUuid, preselected ?? ''), enabled: Boolean(preselected) });
  const openId =
    search.get('subModel') ??
    (show !== 'saved' ? pre.data?.executionSetupId : undefined) ??
    subModels[0]?.id ??
    '';
  const groups = useQuery(groupsQuery(modelUuid, show === 'saved' ? '' : openId));
  const groupId = search.get('group') ?? undefined;
  const group = groups.data?.items.find((g) => g.id === groupId);
  // The preselected instance's display sub-model, until the user ticks something else.
  const display =
    search.get('display') ??
    (search.get('selected') === null && restored.length > 0 ? current.data?.executionSetupId : undefined) ??
    (preselected && search.get('selected') === null
      ? subModelById.get(pre.data?.executionSetupId ?? '')?.displayExecutionSetupId
      : undefined);

  const list = useQuery({
    ...flowListQuery(modelUuid, {
      executionSetupId: openId,
      view: show === 'mine' ? 'mine' : 'all',
      status: show === 'completed' ? FINISHED : undefined,
      query: settledQuery,
      // A group's members may be on any page: the whole sub-model is read and filtered here.
      pageIndex: group ? 0 : page * PAGE_SIZE,
      pageSize: group ? 1000 : PAGE_SIZE,
      orderBy: 'createdOn',
      orderDesc: true,
    }),
    enabled: Boolean(openId),
  });
  const rows = useMemo(() => {
    const items = list.data?.items ?? [];
    return group ? items.filter((i) => group.scenarioIds.includes(i.id)) : items;
  }, [list.data, group]);

  const setSelected = (ids: string[], nextDisplay: string | undefined) =>
    update({ selected: joinIds(ids) ?? '', display: ids.length > 0 ? nextDisplay : undefined });

  const toggle = (row: InstanceSummary, on: boolean) => {
    if (on)
      setSelected(
        [...selected, row.id],
        display ?? subModelById.get(row.executionSetupId)?.displayExecutionSetupId,
      );
    else
      setSelected(
        selected.filter((id) => id !== row.id),
        display,
      );
  };

  const problemOf = (row: InstanceSummary) =>
    tickProblem(row, subModelById.get(row.executionSetupId), display);

  const proceed = () => {
    if (selected.length === 0) {
      notify.warning(FLOW_TEXTS.noSelection);
      return;
    }
    navigate(paths.visualizationSetting.getHref(modelUuid, selected, search.get('analysis') ?? undefined));
  };

  const discard = () => {
    setQuery('');
    // A reopened draft's scenarios arrive after the page opened: they are what Discard goes back to.
    const back = initial.selected.length > 0 ? initial.selected : restored;
    update({ selected: joinIds(back) ?? '', display: initial.display ?? display, q: undefined });
  };

  const visibleTree = subModels.filter((s) => s.name.toLowerCase().includes(treeSearch.trim().toLowerCase()));
  const treeSearchId = useId();
  const tableSearchId = useId();
  // Dragging into and out of groups (§2 step 1) needs the role that changes the sub-model's groups.
  const openSubModel = subModelById.get(openId);
  const groupable = show !== 'saved' && openSubModel?.permissions.addInstance === 'allowed';
  const regroup = useGroupChange(modelUuid, openId);
  const dropOn = (target: GroupView | undefined) => ({
    onDragOver: (e: React.DragEvent) => {
      if (groupable && e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
    },
    onDrop: (e: React.DragEvent) => {
      const instanceId = e.dataTransfer.getData(DRAG_TYPE);
      if (!instanceId) return;
      e.preventDefault();
      // Onto a group: into it; onto the sub-model while a group is open: out of that group.
      if (target) regroup.add(target, instanceId);
      else if (group) regroup.remove(group, instanceId);
    },
  });
  const rowMenu = useRowMenu(modelUuid, {
    subModelName: (row) => subModelById.get(row.executionSetupId)?.name ?? '',
    groups: groupable ? (groups.data?.items ?? []) : [],
    group: groupable ? group : undefined,
    regroup,
  });

  return (
    <FlowLayout uuid={modelUuid} step={1}>
      <h1 className="mr-page-title">Scenario selection</h1>
      <div className="mr-viz-select">
        <div className="mr-viz-panel">
          <fieldset>
            <legend>{FLOW_TEXTS.showOnly}</legend>
            {SHOW_ONLY.map((option) => (
              <div key={option.key} className="mr-viz-radio">
                <RadioButton
                  inputId={`show-${option.key}`}
                  name="show-only"
                  value={option.key}
                  checked={show === option.key}
                  onChange={() => {
                    setPage(0);
                    update({
                      show: option.key === 'all' ? undefined : option.key,
                      subModel: undefined,
                      group: undefined,
                    });
                  }}
                />{' '}
                <label htmlFor={`show-${option.key}`}>{option.label}</label>
              </div>
            ))}
          </fieldset>
          <nav aria-label="Sub-models">
            <label htmlFor={treeSearchId} className="mr-visually-hidden">
              Search sub-models
            </label>
            <span className="p-input-icon-left" style={{ width: '100%' }}>
              <InputText
                id={treeSearchId}
                value={treeSearch}
                placeholder="Search sub-models"
                onChange={(e) => setTreeSearch(e.target.value)}
                style={{ width: '100%' }}
              />
            </span>
            <ul className="mr-viz-tree">
              {visibleTree.map((s) => (
                <li key={s.id} {...(s.id === openId && group ? dropOn(undefined) : {})}>
                  <Button
                    type="button"
                    text
                    icon={s.id === openId ? 'pi pi-folder-open' : 'pi pi-folder'}
                    label={s.name}
                    aria-current={s.id === openId && !group}
                    onClick={() => {
                      setPage(0);
                      update({ subModel: s.id, group: undefined });
                    }}
                  />
                  {s.id === openId && (groups.data?.items.length ?? 0) > 0 && (
                    <ul aria-label={`Groups of ${s.name}`}>
                      {groups.data?.items.map((g) => (
                        <li key={g.id} {...dropOn(g)}>
                          <Button
                            type="button"
                            text
                            icon="pi pi-tags"
                            label={g.name}
                            aria-current={g.id === groupId}
                            onClick={() => update({ group: g.id })}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
              {visibleTree.length === 0 && subModelLists.every((q) => !q.isPending) && (
                <li className="mr-muted">No SubModel was found</li>
              )}
            </ul>
          </nav>
        </div>
        <section aria-label="Instances">
          <div className="mr-viz-toolbar">
            <label htmlFor={tableSearchId} className="mr-visually-hidden">
              Search instances
            </label>
            <InputText
              id={tableSearchId}
              value={query}
              placeholder="Search"
              onChange={(e) => {
                setPage(0);
                setQuery(e.target.value);
              }}
            />
            <span className="mr-muted">
              {selected.length === 1 ? '1 instance selected' : `${selected.length} instances selected`}
            </span>
          </div>
          <TickContext.Provider value={{ selected, problemOf, toggle }}>
            <DataTable
              value={rows}
              dataKey="id"
              lazy={!group}
              loading={list.isFetching && !list.data}
              paginator
              rows={group ? 1000 : PAGE_SIZE}
              first={group ? 0 : page * PAGE_SIZE}
              totalRecords={group ? rows.length : (list.data?.total ?? 0)}
              onPage={(e) => setPage(e.page ?? 0)}
              emptyMessage={FLOW_TEXTS.noScenario}
              size="small"
              pt={{ table: { 'aria-label': 'Instances' } }}
            >
              {show !== 'saved' && (
                <Column
                  header={<span className="mr-visually-hidden">Select</span>}
                  style={{ width: '3rem' }}
                  body={(row: InstanceSummary) => <TickCell row={row} />}
                />
              )}
              <Column
                header={show === 'saved' ? 'Analysis' : 'Scenario'}
                body={(row: InstanceSummary) =>
                  show === 'saved' ? (
                    <Link to={paths.visualizationRender.getHref(modelUuid, row.id)}>{row.name}</Link>
                  ) : groupable ? (
                    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse drag; the row menu's 'Add to Group' and 'Remove from Group' are the keyboard's way
                    <span
                      draggable
                      className="mr-viz-draggable"
                      title="Drag into a group (or use the row menu)"
                      onDragStart={(e) => {
                        e.dataTransfer.setData(DRAG_TYPE, row.id);
                        e.dataTransfer.effectAllowed = 'move';
                      }}
                    >
                      <i className="pi pi-bars" aria-hidden="true" /> {row.name}
                    </span>
                  ) : (
                    row.name
                  )
                }
              />
              <Column header="Label" body={(row: InstanceSummary) => row.label ?? ''} />
              <Column header="Creator" body={(row: InstanceSummary) => row.createdByName} />
              <Column header="Created" body={(row: InstanceSummary) => formatDate(row.createdOn)} />
              <Column header="Modified" body={(row: InstanceSummary) => formatDate(row.modifiedOn)} />
              <Column header="Status" body={(row: InstanceSummary) => <StatusTag status={row.status} />} />
              {show !== 'saved' && (
                <Column
                  header={<span className="mr-visually-hidden">Actions</span>}
                  style={{ width: '3.5rem' }}
                  body={(row: InstanceSummary) => (
                    <Button
                      type="button"
                      icon="pi pi-ellipsis-v"
                      text
                      rounded
                      aria-label={`Actions for ${row.name}`}
                      aria-haspopup="menu"
                      onClick={(e) => rowMenu.open(row, e)}
                    />
                  )}
                />
              )}
            </DataTable>
          </TickContext.Provider>
          {rowMenu.element}
          {show === 'saved' && <DraftList uuid={modelUuid} subModelId={openId} />}
          <div className="mr-viz-footer">
            <Button type="button" label={FLOW_TEXTS.discard} outlined onClick={discard} />
            <SaveProgress
              uuid={modelUuid}
              displayId={display}
              scenarios={selected}
              kind={analysisKind(
                selected.flatMap((id) => {
                  const type = list.data?.items.find((i) => i.id === id)?.type;
                  return type ? [type] : [];
                }),
              )}
              current={current.data}
              onSaved={(id) => update({ analysis: id, selected: joinIds(selected) ?? '', display })}
            />
            <Button type="button" label={FLOW_TEXTS.proceed} icon="pi pi-arrow-right" onClick={proceed} />
          </div>
        </section>
      </div>
    </FlowLayout>
  );
}

/**
 * The caller's Save Progress drafts of the opened display sub-model (Show Only: Saved Analyses), each
 * a link that reopens the flow where it was left (flow-state.ts draftStep). The server lists only the
 * drafts the caller may read.
 */
function DraftList({ uuid, subModelId }: { uuid: string; subModelId: string }) {
  const drafts = useQuery({
    ...flowListQuery(uuid, {
      executionSetupId: subModelId,
      view: 'mine',
      hidden: true,
      pageIndex: 0,
      pageSize: 50,
      orderBy: 'createdOn',
      orderDesc: true,
    }),
    enabled: Boolean(subModelId),
  });
  const items = drafts.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-label={FLOW_TEXTS.drafts} className="mr-viz-drafts">
      <h2>{FLOW_TEXTS.drafts}</h2>
      <ul>
        {items.map((d) => (
          <li key={d.id}>
            <DraftLink uuid={uuid} id={d.id} name={d.name} />
            <span className="mr-muted"> · {formatDate(d.modifiedOn)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A draft's link: its scenarios come with its detail (a list row carries none). */
function DraftLink({ uuid, id, name }: { uuid: string; id: string; name: string }) {
  const draft = useQuery(instanceQuery(uuid, id));
  if (!draft.data) return <span>{name}</span>;
  const { step, scenarios } = draftStep(draft.data);
  const href =
    step === 2 && scenarios.length > 0
      ? paths.visualizationSetting.getHref(uuid, scenarios, id)
      : paths.visualizationRender.getHref(uuid, id);
  return <Link to={href}>{name}</Link>;
}

/** What a drag of an instance row carries: its id. */
const DRAG_TYPE = 'application/x-mr-instance';

/** Adding an instance to a group, or taking it out, as a drag or the row menu does it. */
function useGroupChange(uuid: string, subModelId: string) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ groupId, ids }: { groupId: string; ids: string[]; message: string }) =>
      setGroupInstances(uuid, groupId, ids),
    onSuccess: (_data, { message }) => notify.success(message),
    onError: (e) =>
      notify.error(
        e instanceof ApiError
          ? (e.body?.message ?? 'The group was not changed.')
          : 'The group was not changed.',
      ),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...workspaceKeys.instances(uuid), 'groups', subModelId] }),
  });
  return {
    pending: change.isPending,
    add: (g: GroupView, instanceId: string) => {
      if (!g.scenarioIds.includes(instanceId))
        change.mutate({
          groupId: g.id,
          ids: addToGroup(g.scenarioIds, instanceId),
          message: `Added to ${g.name}`,
        });
    },
    remove: (g: GroupView, instanceId: string) => {
      if (g.scenarioIds.includes(instanceId))
        change.mutate({
          groupId: g.id,
          ids: removeFromGroup(g.scenarioIds, instanceId),
          message: `Removed from ${g.name}`,
        });
    },
  };
}

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface RowMenuOptions {
  subModelName: (row: InstanceSummary) => string;
  /** The opened sub-model's groups, when the caller may change them (else none: no group items). */
  groups: readonly GroupView[];
  /** The group being shown, whose rows can be taken out of it. */
  group: GroupView | undefined;
  regroup: ReturnType<typeof useGroupChange>;
}

/**
 * The row menu of step 1 with its View Details, Copy and Delete dialogs, Export, and the keyboard's
 * way into and out of groups ('Add to Group', 'Remove from Group': what a drag does).
 */
function useRowMenu(uuid: string, options: RowMenuOptions) {
  const menu = useRef<Menu>(null);
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const model = useModel(uuid);
  const [row, setRow] = useState<InstanceSummary>();
  const [dialog, setDialog] = useState<'details' | 'delete' | 'copy' | 'group'>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: workspaceKeys.instances(uuid) });
  const failed = (error: unknown, fallback: string) =>
    notify.error(error instanceof ApiError ? (error.body?.message ?? fallback) : fallback);

  const run = useMutation({
    mutationFn: async ({ action, target }: { action: RowAction; target: InstanceSummary }) => {
      switch (action) {
        case 'execute':
          return executeAnalysis(uuid, target.id);
        case 'cancel':
          return target.lastGroupId ? cancelExecution(target.lastGroupId) : undefined;
        case 'accept':
        case 'unaccept':
        case 'supersede':
          return governInstance(uuid, target.id, action);
        case 'delete':
          return deleteInstance(uuid, target.id);
        default:
          return undefined;
      }
    },
    onSuccess: (_data, { action }) => {
      if (action === 'execute') notify.success('Scenario execution request sent');
      if (action === 'cancel') notify.success('Execution cancellation request sent');
      if (action === 'delete') notify.success('Scenario deleted');
      setDialog(undefined);
      void refresh();
    },
    onError: (error, { action }) =>
      failed(
        error,
        action === 'execute'
          ? FLOW_TEXTS.failedExecution
          : action === 'cancel'
            ? 'Failed to cancel scenario execution'
            : 'The action failed.',
      ),
  });

  const exportRow = async (target: InstanceSummary) => {
    try {
      const full = await queryClient.fetchQuery(instanceQuery(uuid, target.id));
      download(
        exportFileName(target.type, options.subModelName(target), target.name),
        exportText(full.input.value),
      );
    } catch (error) {
      failed(error, 'The export failed.');
    }
  };

  const items = (target: InstanceSummary): MenuItem[] => {
    if (!model.data) return [];
    const outcomes = rowActionOutcomes(target, { id: me.id, userType: me.userType }, model.data.roles);
    const actions = (Object.keys(ROW_ACTION_LABELS) as RowAction[])
      .filter((action) => outcomes[action] !== 'disallowed')
      .map((action) => ({
        ...ROW_ACTION_LABELS[action],
        disabled: outcomes[action] !== 'allowed' || run.isPending,
        command: () => {
          if (action === 'details' || action === 'delete' || action === 'copy') setDialog(action);
          else if (action === 'export') void exportRow(target);
          else run.mutate({ action, target });
        },
      }));
    const grouping: MenuItem[] = [
      ...(options.groups.length > 0
        ? [{ label: 'Add to Group', icon: 'pi pi-tags', command: () => setDialog('group') }]
        : []),
      ...(options.group?.scenarioIds.includes(target.id)
        ? [
            {
              label: 'Remove from Group',
              icon: 'pi pi-minus-circle',
              disabled: options.regroup.pending,
              command: () => options.group && options.regroup.remove(options.group, target.id),
            },
          ]
        : []),
    ];
    return [...actions, ...grouping];
  };

  const details = useQuery({
    ...instanceQuery(uuid, row?.id ?? ''),
    enabled: dialog === 'details' && Boolean(row),
  });
  const element = (
    <>
      <Menu ref={menu} popup popupAlignment="right" model={row ? items(row) : []} />
      {dialog === 'details' && row && (
        <ModalDialog
          header={row.name}
          visible
          maximizable
          onHide={() => setDialog(undefined)}
          style={{ width: '50rem', maxWidth: '95vw' }}
        >
          <p>
            <Link to={paths.instanceDetail.getHref(uuid, row.id)}>Open the instance detail</Link>
          </p>
          <pre className="mr-json-view">
            {details.data ? prettyJson(details.data.input.value) : 'Loading…'}
          </pre>
        </ModalDialog>
      )}
      {dialog === 'copy' && row && (
        <CopyDialog
          uuid={uuid}
          row={row}
          onHide={() => setDialog(undefined)}
          onCopied={() => {
            setDialog(undefined);
            void refresh();
          }}
        />
      )}
      {dialog === 'group' && row && (
        <GroupDialog
          row={row}
          groups={options.groups}
          onHide={() => setDialog(undefined)}
          onChoose={(g) => {
            options.regroup.add(g, row.id);
            setDialog(undefined);
          }}
        />
      )}
      {dialog === 'delete' && row && (
        <ActionDialog
          header="Delete Scenario"
          width="30rem"
          onHide={() => setDialog(undefined)}
          confirmLabel="Delete"
          danger
          busy={run.isPending}
          onConfirm={() => run.mutate({ action: 'delete', target: row })}
        >
          <p>Are you sure you want to delete {row.name}?</p>
        </ActionDialog>
      )}
    </>
  );
  return {
    element,
    open: (target: InstanceSummary, event: React.MouseEvent<HTMLButtonElement>) => {
      setRow(target);
      menu.current?.toggle(event);
    },
  };
}

/** Copy (§2 row menu; the instance's Clone): a new draft of the caller with the same values. */
function CopyDialog({
  uuid,
  row,
  onHide,
  onCopied,
}: {
  uuid: string;
  row: InstanceSummary;
  onHide: () => void;
  onCopied: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(() => copyName(row.name));
  const [error, setError] = useState<string>();
  const copy = useMutation({
    mutationFn: () => copyInstance(uuid, row.id, name.trim()),
    onSuccess: () => {
      notify.success(SUB_MODEL_MESSAGES.scenarioCloned);
      onCopied();
    },
    onError: (e) => setError(e instanceof ApiError ? (e.body?.message ?? 'Copy failed.') : 'Copy failed.'),
  });
  const submit = () => {
    if (!name.trim()) setError(FORM_MESSAGES.required('Instance Name'));
    else copy.mutate();
  };
  return (
    <ActionDialog
      header="Copy Scenario"
      width="36rem"
      onHide={onHide}
      confirmLabel="Copy"
      busy={copy.isPending}
      onConfirm={submit}
    >
      <div className="mr-field">
        <label htmlFor={id}>Instance Name *</label>
        <InputText
          id={id}
          value={name}
          autoFocus
          maxLength={200}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <small id={`${id}-error`} className="mr-error-text" role="alert">
            {error}
          </small>
        )}
      </div>
    </ActionDialog>
  );
}

/** Add to Group: the keyboard's way to do what dragging a row onto a group does. */
function GroupDialog({
  row,
  groups,
  onHide,
  onChoose,
}: {
  row: InstanceSummary;
  groups: readonly GroupView[];
  onHide: () => void;
  onChoose: (group: GroupView) => void;
}) {
  const id = useId();
  const choices = groups.filter((g) => !g.scenarioIds.includes(row.id));
  const [chosen, setChosen] = useState<string | undefined>(choices[0]?.id);
  const target = choices.find((g) => g.id === chosen);
  return (
    <ActionDialog
      header="Add to Group"
      width="30rem"
      onHide={onHide}
      confirmLabel="Add"
      confirmDisabled={!target}
      onConfirm={() => target && onChoose(target)}
    >
      {choices.length === 0 ? (
        <p>{row.name} is in every group of this sub-model.</p>
      ) : (
        <div className="mr-field">
          <label htmlFor={id}>Group for {row.name}</label>
          <Dropdown
            inputId={id}
            value={chosen}
            options={choices.map((g) => ({ label: g.name, value: g.id }))}
            onChange={(e) => setChosen(e.value as string)}
          />
        </div>
      )}
    </ActionDialog>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
