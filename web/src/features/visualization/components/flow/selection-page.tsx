import type { InstanceSummary } from '@shared/schemas/instance-api';
import type { SubModelView } from '@shared/schemas/sub-models-api';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
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
  deleteInstance,
  executeAnalysis,
  flowListQuery,
  governInstance,
  groupsQuery,
  instanceQuery,
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
import { ROW_ACTION_LABELS, type RowAction, rowActionOutcomes } from './row-actions';
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
  const rowMenu = useRowMenu(modelUuid);

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
                <li key={s.id}>
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
                        <li key={g.id}>
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

/** The row menu of step 1 with its View Details and Delete dialogs. */
function useRowMenu(uuid: string) {
  const menu = useRef<Menu>(null);
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const model = useModel(uuid);
  const [row, setRow] = useState<InstanceSummary>();
  const [dialog, setDialog] = useState<'details' | 'delete'>();
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

  const items = (target: InstanceSummary): MenuItem[] => {
    if (!model.data) return [];
    const outcomes = rowActionOutcomes(target, { id: me.id, userType: me.userType }, model.data.roles);
    return (Object.keys(ROW_ACTION_LABELS) as RowAction[])
      .filter((action) => outcomes[action] !== 'disallowed')
      .map((action) => ({
        ...ROW_ACTION_LABELS[action],
        disabled: outcomes[action] !== 'allowed' || run.isPending,
        command: () => {
          if (action === 'details' || action === 'delete') setDialog(action);
          else run.mutate({ action, target });
        },
      }));
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

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
