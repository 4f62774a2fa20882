import type { InstanceSummary } from '@shared/schemas/instance-api';
import { hasResults } from '@shared/sub-models/instances';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ActionItem } from '../../../../components/ui/action-sidebar';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { useCurrentUser } from '../../../../lib/current-user';
import { useDebouncedSearch } from '../../../../lib/use-debounced-search';
import { useWorkspace } from '../../../../lib/workspace';
import {
  groupsQuery,
  instanceKeys,
  instanceListQuery,
  updateGroup,
  useDefinitionInput,
} from '../../api/instances-api';
import { useExecutionActions } from '../actions/execution-actions';
import { EXECUTION_ITEMS, executionActions, executionOutcome } from '../actions/execution-rules';
import { AddInstanceDialog, LabelDialog } from '../dialogs/instance-dialogs';
import { dropChanges } from '../groups/group-moves';
import { GroupsPanel } from '../groups/groups-panel';
import { InstanceDndProvider } from '../groups/instance-dnd';
import { InstanceFilters } from './instance-filters';
import { InstancesTable } from './instances-table';
import { toListQuery } from './list-url-state';
import { useGridUrlState } from './use-grid-url-state';
import '../instances.css';

/** The list's search: 100 ms after the last keystroke (spec 001 §9); clearing searches at once. */
export function InstanceSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { text, setText } = useDebouncedSearch(value, onSearch, SUB_MODEL_LIMITS.searchDebounceMs);
  return (
    <span className="mr-instance-search">
      <i className="pi pi-search mr-instance-search__icon" aria-hidden="true" />
      <InputText
        type="search"
        className="mr-instance-search__input"
        value={text}
        maxLength={200}
        placeholder="Search instances"
        aria-label="Search instances"
        onChange={(e) => setText(e.target.value)}
      />
    </span>
  );
}

const FILTERS_ID = 'mr-instance-filters';

type Dialog = { kind: 'add' } | { kind: 'label'; instance: InstanceSummary } | undefined;

/**
 * /model/:modelUuid/sub-model/:subModelId/instance-list (spec 001 §2): the instances of a sub-model
 * with search, filters, paging and order kept in the URL, the groups with drag and drop, and the
 * Add Instance and Edit Label dialogs; each row's menu offers its detail and the execution actions
 * (issue 11) by the same rules and with the same dialogs as the sidebar. The workspace around it
 * draws the header and the sidebar.
 */
export function InstanceListPage() {
  const { modelUuid = '', subModelId = '' } = useParams();
  const workspace = useWorkspace();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state, patch } = useGridUrlState();
  const [dialog, setDialog] = useState<Dialog>();
  const me = useCurrentUser();
  const execution = useExecutionActions(modelUuid);
  usePageTitle('Instance List');
  const subModel = workspace.subModel?.id === subModelId ? workspace.subModel : undefined;
  const list = useQuery(instanceListQuery(modelUuid, toListQuery(subModelId, state)));
  const groups = useQuery(groupsQuery(modelUuid, subModelId));
  const definition = useDefinitionInput(modelUuid, subModel);
  const addOutcome = subModel?.permissions.addInstance ?? 'disallowed';
  const canManageGroups = addOutcome === 'allowed';
  const activeFilters =
    state.status.length + state.createdBy.length + (state.name ? 1 : 0) + (state.createdOnMonth ? 1 : 0);
  // The filters take room from the table: shown on demand, and at once when a link carries some.
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);

  const move = useMutation({
    mutationFn: (changes: { groupId: string; scenarioIds: string[] }[]) =>
      Promise.all(changes.map((c) => updateGroup(modelUuid, c.groupId, { scenarioIds: c.scenarioIds }))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKeys.groups(modelUuid, subModelId) }),
  });

  if (!subModel) return <Spinner />;
  const access = workspace.model
    ? { user: { id: me.id, userType: me.userType }, roles: workspace.model.roles }
    : undefined;
  // A row's menu: its detail page and the execution actions, by the sidebar's rules.
  const rowActions = (instance: InstanceSummary): ActionItem[] => [
    {
      key: 'detail',
      label: 'Instance Detail',
      icon: 'pi pi-eye',
      outcome: 'allowed',
      onSelect: () => navigate(paths.instanceDetail.getHref(modelUuid, instance.id)),
    },
    ...executionActions(subModel.type).map((action) => ({
      key: action,
      ...EXECUTION_ITEMS[action],
      ...executionOutcome(action, instance, access),
      onSelect: () => execution.run(action, instance),
    })),
    // 001 §2: the visualization opens with this instance ticked (only finished ones can be ticked),
    // for a sub-model that names a display sub-model.
    {
      key: 'visualization',
      label: 'Create Visualization',
      icon: 'pi pi-chart-bar',
      outcome: !subModel.displayExecutionSetupId
        ? 'disallowed'
        : hasResults(instance.status)
          ? 'allowed'
          : 'forbidden',
      reason: 'Only completed, accepted or superseded instances can be displayed',
      onSelect: () => navigate(paths.visualizationSelection.getHref(modelUuid, instance.id)),
    },
  ];
  return (
    <section className="mr-page mr-instance-list">
      <div className="mr-instance-list__heading">
        <h2>Instances of {subModel.name}</h2>
        {addOutcome !== 'disallowed' && (
          <Button
            type="button"
            label="Add Instance"
            icon="pi pi-plus"
            disabled={addOutcome !== 'allowed'}
            onClick={() => setDialog({ kind: 'add' })}
          />
        )}
      </div>
      <div className="mr-instance-list__toolbar">
        <InstanceSearch value={state.query ?? ''} onSearch={(query) => patch({ query })} />
        <Button
          type="button"
          label={activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
          icon="pi pi-filter"
          outlined
          aria-expanded={filtersOpen}
          aria-controls={filtersOpen ? FILTERS_ID : undefined}
          onClick={() => setFiltersOpen((open) => !open)}
        />
      </div>
      {filtersOpen && (
        <InstanceFilters id={FILTERS_ID} state={state} facets={list.data?.facets} onChange={patch} />
      )}
      <InstanceDndProvider
        onDrop={(dragged, target) => {
          const changes = dropChanges(groups.data?.items ?? [], dragged, target);
          if (changes.length > 0) move.mutate(changes);
        }}
      >
        <div className="mr-instance-list__body">
          <div className="mr-instance-list__main">
            <GroupsPanel
              uuid={modelUuid}
              subModelId={subModelId}
              groups={groups.data?.items}
              canManage={canManageGroups}
            />
            <InstancesTable
              uuid={modelUuid}
              state={state}
              page={list.data}
              loading={list.isPending || list.isFetching}
              onChange={patch}
              onEditLabel={(instance) => setDialog({ kind: 'label', instance })}
              draggable={canManageGroups && (groups.data?.items.length ?? 0) > 0}
              rowActions={rowActions}
            />
          </div>
        </div>
      </InstanceDndProvider>
      {dialog?.kind === 'add' && (
        <AddInstanceDialog
          uuid={modelUuid}
          subModelId={subModelId}
          input={definition.input}
          onHide={() => setDialog(undefined)}
          onCreated={(instance) => navigate(paths.instanceEditor.getHref(modelUuid, instance.id))}
        />
      )}
      {dialog?.kind === 'label' && (
        <LabelDialog uuid={modelUuid} instance={dialog.instance} onHide={() => setDialog(undefined)} />
      )}
      {execution.dialogs}
    </section>
  );
}

export default InstanceListPage;
