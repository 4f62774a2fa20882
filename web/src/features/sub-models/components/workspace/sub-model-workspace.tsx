import { MESSAGES } from '@shared/messages';
import { WEBMODEL_PLATFORM } from '@shared/rules/model-roles';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import { type SubModelType, SubModelTypeSchema } from '@shared/sub-models/sub-model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useCallback, useMemo, useState } from 'react';
import { Outlet, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { entryQuery } from '../../../../api/entry';
import { ActionGroupView, ActionSidebar } from '../../../../components/ui/action-sidebar';
import { usePageTitle } from '../../../../components/ui/page-title';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import { type InstanceGroupProps, WORKSPACE_QUERY, type Workspace } from '../../../../lib/workspace';
import {
  inputsQuery,
  subModelListQuery,
  subModelQuery,
  workspaceInstanceQuery,
} from '../../api/sub-models-api';
import { DeleteSubModelDialog } from '../dialogs/delete-sub-model-dialog';
import { SubModelDialog } from '../dialogs/sub-model-dialog';
import { definitionInput, exportContent, exportFileName, saveTextFile } from './export-definition';
import { instanceListGroup, toActionGroups, type WorkspaceAction, workspaceGroups } from './workspace-groups';
import { WorkspaceHeader } from './workspace-header';
import './workspace.css';

type OpenDialog = 'add' | 'edit' | 'delete';

function Problem({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <section className="mr-error-page">
      <i className="pi pi-compass mr-error-page__icon" aria-hidden="true" />
      <h1>{title}</h1>
      <p>{text}</p>
    </section>
  );
}

/**
 * The layout of the sub-model and instance screens (spec 001 §2): the page header with its tiles, the
 * page (an <Outlet/> with the {@link Workspace} as context) and the right-hand action sidebar with
 * the Execution and Sub-models groups, and the Instances group of `instanceGroup` (the instances
 * feature's component, composed in app/router.tsx; lib/workspace.ts describes the contract).
 *
 * What the page is about comes from the URL only, so a deep link or a reload shows the same: the
 * route's :section, :subModelId and :scenarioId, and the `?subModel=` / `?instance=` selections.
 */
export function SubModelWorkspace({
  instanceGroup: InstanceGroup,
}: {
  instanceGroup?: ComponentType<InstanceGroupProps>;
}) {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const [dialog, setDialog] = useState<OpenDialog | undefined>();

  const modelUuid = params.modelUuid ?? '';
  const routeSection = params.section;
  const sectionParam = SubModelTypeSchema.safeParse(routeSection);
  const sectionFromRoute: SubModelType | undefined = sectionParam.success ? sectionParam.data : undefined;
  const instanceId = params.scenarioId ?? search.get(WORKSPACE_QUERY.instance) ?? undefined;

  const model = useQuery(entryQuery(modelUuid));
  const webModel = model.data?.metadata.platform === WEBMODEL_PLATFORM;
  const instance = useQuery({
    ...workspaceInstanceQuery(modelUuid, instanceId ?? ''),
    enabled: Boolean(instanceId) && webModel,
  });
  const selectedId = sectionFromRoute ? (search.get(WORKSPACE_QUERY.subModel) ?? undefined) : undefined;
  const pageSubModelId = params.subModelId ?? instance.data?.executionSetupId;
  const pageSubModel = useQuery({
    ...subModelQuery(modelUuid, pageSubModelId ?? ''),
    enabled: Boolean(pageSubModelId) && webModel,
  });
  const section = sectionFromRoute ?? pageSubModel.data?.type;
  const list = useQuery({
    ...subModelListQuery(modelUuid, section ?? 'scenario'),
    enabled: Boolean(section) && webModel,
  });
  const subModel = pageSubModelId ? pageSubModel.data : list.data?.items.find((s) => s.id === selectedId);

  const setQueryValue = useCallback(
    (key: string, value: string | undefined) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === undefined) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  const workspace = useMemo<Workspace>(
    () => ({
      modelUuid,
      model: model.data,
      section,
      subModel,
      instanceId,
      instance: instance.data
        ? { id: instance.data.id, name: instance.data.name, executionSetupId: instance.data.executionSetupId }
        : undefined,
      selectInstance: (id) => setQueryValue(WORKSPACE_QUERY.instance, id),
      selectSubModel: (id) => setQueryValue(WORKSPACE_QUERY.subModel, id),
    }),
    [modelUuid, model.data, section, subModel, instanceId, instance.data, setQueryValue],
  );

  if (routeSection !== undefined && !sectionFromRoute)
    return <Problem title="Page Not Found" text={`There is no '${routeSection}' section.`} />;
  if (model.isError)
    return model.error instanceof ApiError && model.error.status === 404 ? (
      <Problem title="Model Not Found" text={MESSAGES.entryNotFoundOrNoAccess} />
    ) : (
      <Spinner />
    );
  if (!model.data) return <Spinner />;
  if (!webModel) return <Problem title="Sub-models" text={SUB_MODEL_API_MESSAGES.onlyWebModel} />;
  if (
    params.scenarioId &&
    instance.isError &&
    instance.error instanceof ApiError &&
    instance.error.status === 404
  )
    return <Problem title="Instance Not Found" text={MESSAGES.instanceNotFoundOrNoAccess} />;
  if (pageSubModel.isError && pageSubModel.error instanceof ApiError && pageSubModel.error.status === 404)
    return <Problem title="Sub-model Not Found" text={SUB_MODEL_API_MESSAGES.subModelNotFound} />;
  if (!section) return <Spinner />;

  const entry = model.data;
  const exportDefinition = async () => {
    if (!subModel) return;
    try {
      const inputs = await queryClient.fetchQuery(inputsQuery(modelUuid, subModel.id));
      const input = definitionInput(inputs.items, subModel.definitionType);
      if (!input) {
        notify.warning('This sub-model has no input definition to export.');
        return;
      }
      saveTextFile(
        exportFileName(subModel.type, subModel.name, workspace.instance?.name),
        exportContent(input),
      );
    } catch {
      // The API client has shown the failure.
    }
  };

  const run = (action: WorkspaceAction) => {
    switch (action.kind) {
      case 'section':
        navigate(paths.subModelList.getHref(modelUuid, action.section));
        return;
      case 'subModelList':
        navigate(paths.subModelList.getHref(modelUuid, section, subModel?.id));
        return;
      case 'addSubModel':
        setDialog('add');
        return;
      case 'editSubModel':
        setDialog('edit');
        return;
      case 'deleteSubModel':
        setDialog('delete');
        return;
      case 'editor':
        if (subModel) navigate(paths.inputDefinitionEditor.getHref(modelUuid, subModel.id));
        return;
      case 'export':
        if (subModel) void exportDefinition();
        return;
      case 'visualization':
        navigate(paths.visualizationSelection.getHref(modelUuid));
        return;
    }
  };

  const groups = toActionGroups(
    workspaceGroups({
      model: entry,
      user: { id: me.id, userType: me.userType },
      section,
      access: list.data?.access,
      subModel,
    }),
    run,
  );
  const fallbackInstances =
    section !== 'display' && !InstanceGroup
      ? instanceListGroup(subModel, (id) => navigate(paths.instanceList.getHref(modelUuid, id)))
      : undefined;

  return (
    <div className="mr-workspace">
      <div className="mr-workspace__main">
        <WorkspaceHeader
          section={section}
          model={{ uuid: entry.uuid, name: entry.name }}
          subModelName={subModel?.name}
          instance={workspace.instance}
        />
        <Outlet context={workspace} />
      </div>
      <ActionSidebar label="Sub-model actions">
        {(collapsed) => (
          <>
            {groups.map((group) => (
              <ActionGroupView key={group.key} group={group} collapsed={collapsed} />
            ))}
            {section !== 'display' && InstanceGroup && (
              <InstanceGroup workspace={workspace} collapsed={collapsed} />
            )}
            {fallbackInstances && <ActionGroupView group={fallbackInstances} collapsed={collapsed} />}
          </>
        )}
      </ActionSidebar>

      {(dialog === 'add' || (dialog === 'edit' && subModel)) && list.data && (
        <SubModelDialog
          mode={dialog}
          model={entry}
          section={section}
          access={list.data.access}
          subModel={dialog === 'edit' ? subModel : undefined}
          onHide={() => setDialog(undefined)}
          onSaved={(saved) => {
            setDialog(undefined);
            if (dialog === 'add' && sectionFromRoute) workspace.selectSubModel(saved.id);
          }}
        />
      )}
      {dialog === 'delete' && subModel && (
        <DeleteSubModelDialog
          modelUuid={modelUuid}
          subModel={subModel}
          onHide={() => setDialog(undefined)}
          onDeleted={() => {
            setDialog(undefined);
            // §2: deleting the sub-model that is open sends the user to the sub-model list.
            if (pageSubModelId === subModel.id)
              navigate(paths.subModelList.getHref(modelUuid, section), { replace: true });
            else workspace.selectSubModel(undefined);
          }}
        />
      )}
    </div>
  );
}

export default SubModelWorkspace;
