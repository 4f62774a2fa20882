import type { Outcome } from '@shared/rules/model-permissions';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { normalizeFileName } from '@shared/sub-models/sub-model';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type ActionGroup, ActionGroupView, type ActionItem } from '../../../../components/ui/action-sidebar';
import { paths } from '../../../../config/paths';
import { useCurrentUser } from '../../../../lib/current-user';
import type { InstanceGroupProps } from '../../../../lib/workspace';
import { type InstanceDetailView, instanceDetailQuery, useDefinitionInput } from '../../api/instances-api';
import { useExecutionActions } from '../actions/execution-actions';
import {
  EXECUTION_ITEMS,
  EXECUTION_REASONS,
  type ExecutionAccess,
  type ExecutionAction,
  type ExecutionInstance,
  executionActions,
  executionOutcome,
  offersGovernance,
} from '../actions/execution-rules';
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
  ...EXECUTION_REASONS,
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
  instance: (Pick<InstanceDetailView, 'permissions'> & ExecutionInstance) | undefined;
  instanceSelected: boolean;
  /** Who asks and the entry's roles, for the execution rules; undefined while the entry loads. */
  access?: ExecutionAccess;
}

/** The execution items' outcomes from the rules the row menus share (../actions/execution-rules.ts). */
function executionItemOutcome(
  action: ExecutionAction,
  input: GroupInput,
): { outcome: Outcome; reason?: string } {
  if (!input.instanceSelected) return { outcome: 'forbidden', reason: INSTANCE_REASONS.selectInstance };
  return executionOutcome(action, input.instance, input.access);
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
  { key: 'execute', ...EXECUTION_ITEMS.execute },
  { key: 'cancel', ...EXECUTION_ITEMS.cancel },
  { key: 'download', ...EXECUTION_ITEMS.download },
  { key: 'delete', label: 'Delete Instance', icon: 'pi pi-trash' },
  { key: 'accept', ...EXECUTION_ITEMS.accept },
  { key: 'unaccept', ...EXECUTION_ITEMS.unaccept },
  { key: 'supersede', ...EXECUTION_ITEMS.supersede },
];

const GOVERNANCE: readonly InstanceAction[] = ['accept', 'unaccept', 'supersede'];
/** Every execution action (the governance ones included): the section filters them above. */
const EXECUTION: readonly InstanceAction[] = executionActions('calibration');

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
  return ITEMS.filter((item) => !GOVERNANCE.includes(item.key) || offersGovernance(input.type)).map(
    (item) => {
      const base = { key: item.key, label: item.label, icon: item.icon };
      if (EXECUTION.includes(item.key))
        return { ...base, ...executionItemOutcome(item.key as ExecutionAction, input) };
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

type OpenDialog = 'add' | 'edit' | 'clone' | 'share' | 'delete' | undefined;

/** The workspace sidebar's Instances group and the dialogs its items open (composed in app/router.tsx). */
export function InstanceSidebarGroup({ workspace, collapsed }: InstanceGroupProps) {
  const navigate = useNavigate();
  const me = useCurrentUser();
  const [open, setOpen] = useState<OpenDialog>();
  const { modelUuid: uuid, subModel, instanceId } = workspace;
  const execution = useExecutionActions(uuid);
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
        setOpen(action);
        return;
      case 'execute':
      case 'cancel':
      case 'download':
      case 'accept':
      case 'unaccept':
      case 'supersede':
        if (instance) execution.run(action, instance);
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
      {execution.dialogs}
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
