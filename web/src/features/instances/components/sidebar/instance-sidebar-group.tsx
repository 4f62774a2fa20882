import {
  cancelOutcome,
  type ExecutionSubject,
  executeOutcome,
  governanceOutcome,
  seesInstanceSection,
} from '@shared/executions/execution-access';
import { EXECUTION_MESSAGES, type GovernanceAction } from '@shared/executions/execution-status';
import type { Outcome, PermissionUser } from '@shared/rules/model-permissions';
import type { ModelRoles } from '@shared/schemas/model';
import { canDownloadResults } from '@shared/submodels/instances';
import type { SubModelType } from '@shared/submodels/sub-model';
import { normalizeFileName } from '@shared/submodels/sub-model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionDialog } from '../../../../components/ui/action-dialog';
import { type ActionGroup, ActionGroupView, type ActionItem } from '../../../../components/ui/action-sidebar';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { useCurrentUser } from '../../../../lib/current-user';
import { notify } from '../../../../lib/message-stack';
import type { InstanceGroupProps } from '../../../../lib/workspace';
import {
  cancelExecution,
  executeInstance,
  getOutputsDownload,
  governInstance,
} from '../../api/instance-executions-api';
import {
  type InstanceDetailView,
  instanceDetailQuery,
  instanceKeys,
  useDefinitionInput,
} from '../../api/instances-api';
import {
  AddInstanceDialog,
  CloneInstanceDialog,
  DeleteInstanceDialog,
  EditInstanceDialog,
} from '../dialogs/instance-dialogs';
import { ShareInstanceDialog } from '../share/share-instance-dialog';
import '../instances.css';

/** Why an item is shown disabled (our wording: the spec names the states, not the reasons). */
export const INSTANCE_REASONS = {
  selectInstance: 'Select an instance first',
  edit: 'Only draft, failed or cancelled instances can be edited',
  clone: 'Outdated instances cannot be cloned',
  delete: 'Only your own draft, failed, cancelled or completed instances can be deleted',
  share: 'You may not share this instance',
  add: 'You may not add instances to this sub-model',
  execute: 'Running, accepted or superseded instances cannot be executed',
  cancel: 'Only a running execution can be cancelled',
  download: 'Results can be downloaded once the execution has completed',
  accept: EXECUTION_MESSAGES.governanceState('accept'),
  unaccept: EXECUTION_MESSAGES.governanceState('unaccept'),
  supersede: EXECUTION_MESSAGES.governanceState('supersede'),
} as const;

export type InstanceAction =
  | 'list'
  | 'add'
  | 'edit'
  | 'editor'
  | 'detail'
  | 'clone'
  | 'share'
  | 'export'
  | 'execute'
  | 'cancel'
  | 'download'
  | 'delete'
  | 'accept'
  | 'unaccept'
  | 'supersede';

interface GroupInput {
  type: SubModelType | undefined;
  /** The sub-model's add permission; undefined while unknown. */
  addInstance: Outcome | undefined;
  hasSubModel: boolean;
  /** The selected (or open) instance; undefined when none is. */
  instance:
    | (Pick<InstanceDetailView, 'permissions'> &
        Partial<Pick<InstanceDetailView, 'type' | 'status' | 'createdBy' | 'sharedWith' | 'lastGroupId'>>)
    | undefined;
  instanceSelected: boolean;
  /** Who asks and the entry's roles, for the execution rules; undefined while the entry loads. */
  access?: { user: PermissionUser; roles: ModelRoles } | undefined;
}

type ExecutionAction = 'execute' | 'cancel' | 'download' | GovernanceAction;

/** The execution items' outcomes from the shared rules (shared/executions/execution-access.ts). */
function executionOutcome(action: ExecutionAction, input: GroupInput): { outcome: Outcome; reason?: string } {
  if (!input.instanceSelected) return { outcome: 'forbidden', reason: INSTANCE_REASONS.selectInstance };
  const i = input.instance;
  if (!i?.type || !i.status || i.createdBy === undefined || !input.access) return { outcome: 'forbidden' };
  const { user, roles } = input.access;
  const subject: ExecutionSubject = {
    type: i.type,
    status: i.status,
    createdBy: i.createdBy,
    sharedWith: (i.sharedWith ?? []).filter((s) => s.status === 'ACTIVE').map((s) => s.userId),
  };
  let outcome: Outcome;
  switch (action) {
    case 'execute':
      outcome = executeOutcome(user, roles, subject);
      break;
    case 'cancel':
      outcome = cancelOutcome(user, roles, subject);
      // Cancelling names the run's execution group; an instance without one has nothing to cancel.
      if (outcome === 'allowed' && !i.lastGroupId) outcome = 'forbidden';
      break;
    case 'download':
      if (!seesInstanceSection(user, roles, subject.type)) outcome = 'disallowed';
      else outcome = canDownloadResults(subject.status) ? 'allowed' : 'forbidden';
      break;
    default:
      outcome = governanceOutcome(action, user, roles, subject);
  }
  return { outcome, ...(outcome === 'forbidden' ? { reason: INSTANCE_REASONS[action] } : {}) };
}

interface ItemDef {
  key: InstanceAction;
  label: string;
  icon: string;
}

const ITEMS: readonly ItemDef[] = [
  { key: 'list', label: 'Instance List', icon: 'pi pi-list' },
  { key: 'add', label: 'Add Instance', icon: 'pi pi-plus' },
  { key: 'edit', label: 'Edit Instance', icon: 'pi pi-pencil' },
  { key: 'editor', label: 'Instance Editor', icon: 'pi pi-sliders-v' },
  { key: 'detail', label: 'Instance Detail', icon: 'pi pi-eye' },
  { key: 'clone', label: 'Clone Instance', icon: 'pi pi-clone' },
  { key: 'share', label: 'Share Instance', icon: 'pi pi-share-alt' },
  { key: 'export', label: 'Export Instance', icon: 'pi pi-download' },
  { key: 'execute', label: 'Execute', icon: 'pi pi-play' },
  { key: 'cancel', label: 'Cancel Execution', icon: 'pi pi-stop-circle' },
  { key: 'download', label: 'Download Results', icon: 'pi pi-file-export' },
  { key: 'delete', label: 'Delete Instance', icon: 'pi pi-trash' },
  { key: 'accept', label: 'Accept', icon: 'pi pi-check' },
  { key: 'unaccept', label: 'Unaccept', icon: 'pi pi-undo' },
  { key: 'supersede', label: 'Supersede', icon: 'pi pi-history' },
];

const CALIBRATION_ONLY: readonly InstanceAction[] = ['accept', 'unaccept', 'supersede'];
const EXECUTION: readonly ExecutionAction[] = [
  'execute',
  'cancel',
  'download',
  'accept',
  'unaccept',
  'supersede',
];

/**
 * The Instances group of the sidebar (spec 001 §2) with each item's outcome (§4, §6): the role and
 * state outcomes the server computed for the selected instance (`permissions`); items on one
 * instance are disabled until one is selected; Accept, Unaccept and Supersede only in the calibration
 * section; the execution items from the execution rules (who runs and governs, in which status).
 */
export function instanceItems(input: GroupInput): (Omit<ActionItem, 'onSelect'> & { key: InstanceAction })[] {
  const onInstance = (fromInstance: (i: NonNullable<GroupInput['instance']>) => Outcome, reason: string) => {
    if (!input.instanceSelected)
      return { outcome: 'forbidden' as const, reason: INSTANCE_REASONS.selectInstance };
    if (!input.instance) return { outcome: 'forbidden' as const };
    const outcome = fromInstance(input.instance);
    return { outcome, ...(outcome === 'forbidden' ? { reason } : {}) };
  };
  const selected = () =>
    input.instanceSelected
      ? { outcome: 'allowed' as const }
      : { outcome: 'forbidden' as const, reason: INSTANCE_REASONS.selectInstance };
  return ITEMS.filter((item) => !CALIBRATION_ONLY.includes(item.key) || input.type === 'calibration').map(
    (item) => {
      const base = { key: item.key, label: item.label, icon: item.icon };
      if ((EXECUTION as readonly InstanceAction[]).includes(item.key))
        return { ...base, ...executionOutcome(item.key as ExecutionAction, input) };
      switch (item.key) {
        case 'list':
          return { ...base, outcome: input.hasSubModel ? ('allowed' as const) : ('forbidden' as const) };
        case 'add': {
          const outcome = input.addInstance ?? 'forbidden';
          return { ...base, outcome, ...(outcome === 'forbidden' ? { reason: INSTANCE_REASONS.add } : {}) };
        }
        case 'edit':
          return { ...base, ...onInstance((i) => i.permissions.edit, INSTANCE_REASONS.edit) };
        case 'clone':
          return { ...base, ...onInstance((i) => i.permissions.clone, INSTANCE_REASONS.clone) };
        case 'share':
          return { ...base, ...onInstance((i) => i.permissions.share, INSTANCE_REASONS.share) };
        case 'delete':
          return { ...base, ...onInstance((i) => i.permissions.delete, INSTANCE_REASONS.delete) };
        default:
          return { ...base, ...selected() };
      }
    },
  );
}

/** The instance export (spec 001 §9): its input data as a .json file named by type, sub-model and instance. */
export function instanceExportName(type: SubModelType, subModelName: string, instanceName: string): string {
  const typeWord = type.charAt(0).toUpperCase() + type.slice(1);
  return `${normalizeFileName([typeWord, subModelName.trim(), instanceName.trim(), 'Input Definition'].join(' '))}.json`;
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

function exportText(value: string): string {
  try {
    return `${JSON.stringify(JSON.parse(value), null, 2)}\n`;
  } catch {
    return value;
  }
}

type OpenDialog =
  | 'add'
  | 'edit'
  | 'clone'
  | 'share'
  | 'delete'
  | 'execute'
  | 'cancel'
  | GovernanceAction
  | undefined;

/** 401 and 403 went to the global handler (sign-in, access denied): nothing more to show. */
const handledGlobally = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The server's texts of a refused request: each blocker of a 422 (§5), else its message. */
export function serverMessages(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500 || !error.body?.message) return [];
  const issues = [...new Set((error.body.issues ?? []).map((i) => i.message))];
  return issues.length > 0 ? issues : [error.body.message];
}

const GOVERNANCE_TEXTS: Record<GovernanceAction, { header: string; verb: string; done: string }> = {
  accept: { header: 'Accept Instance', verb: 'Accept', done: 'accepted' },
  unaccept: { header: 'Unaccept Instance', verb: 'Unaccept', done: 'unaccepted' },
  supersede: { header: 'Supersede Instance', verb: 'Supersede', done: 'superseded' },
};

interface ExecutionDialogProps {
  uuid: string;
  instance: InstanceDetailView;
  onHide: () => void;
}

/** Refreshes every instance query of the entry: lists, details and the header tile (§5). */
function useRefreshInstances(uuid: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: instanceKeys.all(uuid) });
}

/** Execute Instance (§5): create the execution, then start it; blockers come back as the server words them. */
export function ExecuteInstanceDialog({ uuid, instance, onHide }: ExecutionDialogProps) {
  const refresh = useRefreshInstances(uuid);
  const mutation = useMutation({
    mutationFn: () => executeInstance(uuid, instance.id),
    onSuccess: () => {
      notify.success(EXECUTION_MESSAGES.executionRequestSent);
      refresh();
      onHide();
    },
    onError: (error) => {
      refresh();
      if (handledGlobally(error)) return;
      const texts = serverMessages(error);
      if (texts.length === 0) notify.error(EXECUTION_MESSAGES.failedToCreate);
      for (const text of texts) notify.error(text);
    },
  });
  return (
    <ActionDialog
      header="Execute Instance"
      width="30rem"
      onHide={onHide}
      confirmLabel="Execute"
      confirmIcon="pi pi-play"
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <p>
        Execute <strong>{instance.name}</strong>?
      </p>
    </ActionDialog>
  );
}

/** Cancel Scenario (§5, §8): cancels the run's execution group. */
export function CancelExecutionDialog({ uuid, instance, onHide }: ExecutionDialogProps) {
  const refresh = useRefreshInstances(uuid);
  const mutation = useMutation({
    mutationFn: () => cancelExecution(instance.lastGroupId ?? ''),
    onSuccess: () => {
      notify.success(EXECUTION_MESSAGES.cancellationRequestSent);
      refresh();
      onHide();
    },
    onError: (error) => {
      refresh();
      onHide();
      if (handledGlobally(error)) return;
      // 409: the run ended before the request arrived.
      if (error instanceof ApiError && error.status === 409)
        notify.warning(EXECUTION_MESSAGES.noActiveExecution);
      else notify.error(EXECUTION_MESSAGES.failedToCancel);
    },
  });
  return (
    <ActionDialog
      header="Cancel Scenario"
      width="30rem"
      onHide={onHide}
      cancelLabel="Close"
      confirmLabel="Cancel Execution"
      confirmIcon="pi pi-stop-circle"
      danger
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <p>
        Cancel the execution of <strong>{instance.name}</strong>?
      </p>
    </ActionDialog>
  );
}

/** Accept, Unaccept, Supersede (§4): a calibration instance's governance. */
export function GovernanceDialog({
  uuid,
  instance,
  onHide,
  action,
}: ExecutionDialogProps & { action: GovernanceAction }) {
  const refresh = useRefreshInstances(uuid);
  const texts = GOVERNANCE_TEXTS[action];
  const mutation = useMutation({
    mutationFn: () => governInstance(uuid, instance.id, action),
    onSuccess: () => {
      notify.success(`${instance.name} ${texts.done}`);
      refresh();
      onHide();
    },
    onError: (error) => {
      refresh();
      if (handledGlobally(error)) return;
      const messages = serverMessages(error);
      notify.error(messages[0] ?? `${texts.verb} failed`);
    },
  });
  return (
    <ActionDialog
      header={texts.header}
      width="30rem"
      onHide={onHide}
      confirmLabel={texts.verb}
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    >
      <p>
        {texts.verb} <strong>{instance.name}</strong>?
      </p>
    </ActionDialog>
  );
}

/** Download Results: the presigned URL names the file (content-disposition), so a plain link opens it. */
async function downloadResults(uuid: string, instanceId: string): Promise<void> {
  try {
    const { url } = await getOutputsDownload(uuid, instanceId);
    const link = document.createElement('a');
    link.href = url;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    if (handledGlobally(error)) return;
    notify.error(serverMessages(error)[0] ?? EXECUTION_MESSAGES.unfinishedScenario);
  }
}

/** The workspace sidebar's Instances group and the dialogs its items open (composed in app/router.tsx). */
export function InstanceSidebarGroup({ workspace, collapsed }: InstanceGroupProps) {
  const navigate = useNavigate();
  const me = useCurrentUser();
  const [open, setOpen] = useState<OpenDialog>();
  const { modelUuid: uuid, subModel, instanceId } = workspace;
  const detail = useQuery(instanceDetailQuery(uuid, instanceId ?? ''));
  const instance = instanceId ? detail.data : undefined;
  const definition = useDefinitionInput(uuid, open === 'add' ? subModel : undefined);
  const type = subModel?.type ?? workspace.section;

  const run = (action: InstanceAction) => {
    switch (action) {
      case 'list':
        if (subModel) navigate(paths.instanceList.getHref(uuid, subModel.id, instanceId));
        return;
      case 'editor':
        if (instanceId) navigate(paths.instanceEditor.getHref(uuid, instanceId));
        return;
      case 'detail':
        if (instanceId) navigate(paths.instanceDetail.getHref(uuid, instanceId));
        return;
      case 'export':
        if (instance && subModel)
          download(
            instanceExportName(subModel.type, subModel.name, instance.name),
            exportText(instance.input.value),
          );
        return;
      case 'add':
      case 'edit':
      case 'clone':
      case 'share':
      case 'delete':
      case 'execute':
      case 'cancel':
      case 'accept':
      case 'unaccept':
      case 'supersede':
        setOpen(action);
        return;
      case 'download':
        if (instanceId) void downloadResults(uuid, instanceId);
        return;
      default:
        return;
    }
  };

  const items = instanceItems({
    type,
    addInstance: subModel?.permissions.addInstance,
    hasSubModel: Boolean(subModel),
    instance,
    instanceSelected: Boolean(instanceId),
    access: workspace.model
      ? { user: { id: me.id, userType: me.userType }, roles: workspace.model.roles }
      : undefined,
  });
  const group: ActionGroup = {
    key: 'instances',
    title: 'Instances',
    items: items.map((item) => ({ ...item, onSelect: () => run(item.key) })),
  };
  const close = () => setOpen(undefined);

  return (
    <>
      <ActionGroupView group={group} collapsed={collapsed} />
      {open === 'add' && subModel && (
        <AddInstanceDialog
          uuid={uuid}
          subModelId={subModel.id}
          input={definition.input}
          onHide={close}
          onCreated={(created) => {
            close();
            navigate(paths.instanceEditor.getHref(uuid, created.id));
          }}
        />
      )}
      {open === 'edit' && instance && <EditInstanceDialog uuid={uuid} instance={instance} onHide={close} />}
      {open === 'clone' && instance && (
        <CloneInstanceDialog
          uuid={uuid}
          instance={instance}
          onHide={close}
          onCloned={(clone) => workspace.selectInstance(clone.id)}
        />
      )}
      {open === 'delete' && instance && (
        <DeleteInstanceDialog
          uuid={uuid}
          instance={instance}
          onHide={close}
          onDeleted={() => {
            // An instance page of the deleted instance has nothing left to show: back to its list.
            if (subModel) navigate(paths.instanceList.getHref(uuid, subModel.id), { replace: true });
            else workspace.selectInstance(undefined);
          }}
        />
      )}
      {open === 'execute' && instance && (
        <ExecuteInstanceDialog uuid={uuid} instance={instance} onHide={close} />
      )}
      {open === 'cancel' && instance && (
        <CancelExecutionDialog uuid={uuid} instance={instance} onHide={close} />
      )}
      {(open === 'accept' || open === 'unaccept' || open === 'supersede') && instance && (
        <GovernanceDialog uuid={uuid} instance={instance} action={open} onHide={close} />
      )}
      {open === 'share' && instance && type && (
        <ShareInstanceDialog
          uuid={uuid}
          modelName={workspace.model?.name ?? ''}
          type={type}
          instance={instance}
          onHide={close}
        />
      )}
    </>
  );
}
