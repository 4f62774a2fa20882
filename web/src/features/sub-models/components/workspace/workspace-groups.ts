import type { Outcome, PermissionUser } from '@shared/rules/model-permissions';
import { WEBMODEL_PLATFORM } from '@shared/rules/model-roles';
import type { ModelDetail } from '@shared/schemas/model-api';
import type { SectionAccess, SubModelView } from '@shared/schemas/sub-models-api';
import { SECTION_TITLES, type SubModelType } from '@shared/sub-models/sub-model';
import { subModelPermission } from '@shared/sub-models/sub-model-access';
import type { ActionGroup, ActionItem } from '../../../../components/ui/action-sidebar';

/**
 * The Execution and Sub-models groups of the workspace sidebar (spec 001 §2) with their outcomes
 * (§6). Pure, so the states are unit-tested; the workspace adds what each item does. The Instances
 * group is the instances feature's (lib/workspace.ts).
 */

export type WorkspaceAction =
  | { kind: 'section'; section: SubModelType }
  | { kind: 'visualization' }
  | { kind: 'subModelList' }
  | { kind: 'addSubModel' }
  | { kind: 'editSubModel' }
  | { kind: 'editor' }
  | { kind: 'export' }
  | { kind: 'deleteSubModel' };

export const SIDEBAR_LABELS = {
  execution: 'Execution',
  subModels: 'Sub-models',
  visualization: 'Data Visualization',
  subModelList: 'Sub-model List',
  add: 'Add Sub-model',
  edit: 'Edit Sub-model',
  editor: 'Input Definition Editor',
  export: 'Export Input Definition',
  delete: 'Delete Sub-model',
} as const;

/** Why an item is shown disabled (our wording: the spec names the states, not the reasons). */
export const SIDEBAR_REASONS = {
  selectSubModel: 'Select a sub-model first',
  retired: 'A retired model entry cannot be changed',
  scenarioModeler: 'Scenario modelers cannot change calibration sub-models',
} as const;

export interface WorkspaceGroupsInput {
  model: Pick<ModelDetail, 'status' | 'roles' | 'metadata' | 'permissions'>;
  user: PermissionUser;
  section: SubModelType;
  /** The section access of the list call; undefined while loading (nothing is offered yet). */
  access: SectionAccess | undefined;
  /** The sub-model the page is about or the one selected in the list. */
  subModel: Pick<SubModelView, 'permissions' | 'type'> | undefined;
}

export interface WorkspaceItem extends Omit<ActionItem, 'onSelect'> {
  action: WorkspaceAction;
}
export interface WorkspaceGroup {
  key: string;
  title: string;
  items: WorkspaceItem[];
}

/** §2: the Execution group is shown only when a model-level check passes. */
export const isExecutionAvailable = (model: WorkspaceGroupsInput['model']) =>
  model.metadata.platform === WEBMODEL_PLATFORM && model.permissions.view === 'allowed';

function reasonFor(outcome: Outcome, input: WorkspaceGroupsInput, type: SubModelType): string | undefined {
  if (outcome !== 'forbidden') return undefined;
  if (input.model.status === 'RETIRED') return SIDEBAR_REASONS.retired;
  return type === 'calibration' ? SIDEBAR_REASONS.scenarioModeler : undefined;
}

/**
 * An action on one sub-model: its own permission when one is selected; otherwise what the role allows
 * in the section, shown disabled ('Select a sub-model first') when the role would allow it.
 */
function onSubModel(
  input: WorkspaceGroupsInput,
  fromSubModel: (s: NonNullable<WorkspaceGroupsInput['subModel']>) => Outcome,
  byRole: Outcome,
): { outcome: Outcome; reason?: string } {
  if (input.subModel) {
    const outcome = fromSubModel(input.subModel);
    return { outcome, reason: reasonFor(outcome, input, input.subModel.type) };
  }
  if (byRole === 'allowed') return { outcome: 'forbidden', reason: SIDEBAR_REASONS.selectSubModel };
  return { outcome: byRole, reason: reasonFor(byRole, input, input.section) };
}

/** A role outcome on an entry, with a retired entry's changes forbidden (as the server answers). */
function roleOutcome(input: WorkspaceGroupsInput, action: 'edit' | 'delete'): Outcome {
  const outcome = subModelPermission(action, input.user, input.model.roles, input.section);
  return outcome === 'allowed' && input.model.status === 'RETIRED' ? 'forbidden' : outcome;
}

export function workspaceGroups(input: WorkspaceGroupsInput): WorkspaceGroup[] {
  const { access, section } = input;
  if (!access) return [];
  const groups: WorkspaceGroup[] = [];

  if (isExecutionAvailable(input.model)) {
    const sectionItem = (type: SubModelType, icon: string): WorkspaceItem => ({
      key: `section-${type}`,
      label: SECTION_TITLES[type],
      icon,
      outcome: access.sections[type],
      action: { kind: 'section', section: type },
    });
    groups.push({
      key: 'execution',
      title: SIDEBAR_LABELS.execution,
      items: [
        sectionItem('scenario', 'pi pi-sliders-h'),
        sectionItem('calibration', 'pi pi-cog'),
        sectionItem('display', 'pi pi-chart-bar'),
        {
          key: 'visualization',
          label: SIDEBAR_LABELS.visualization,
          icon: 'pi pi-chart-line',
          // Step 1 of the visualization (001 §2 'create visualization'), for those who see analyses.
          outcome: access.sections.display,
          action: { kind: 'visualization' },
        },
      ],
    });
  }

  const sees = access.sections[section];
  const selected = input.subModel ? 'allowed' : 'forbidden';
  const add = access.add[section];
  groups.push({
    key: 'sub-models',
    title: SIDEBAR_LABELS.subModels,
    items: [
      {
        key: 'list',
        label: SIDEBAR_LABELS.subModelList,
        icon: 'pi pi-list',
        outcome: sees,
        action: { kind: 'subModelList' },
      },
      {
        key: 'add',
        label: SIDEBAR_LABELS.add,
        icon: 'pi pi-plus',
        outcome: add,
        reason: reasonFor(add, input, section),
        action: { kind: 'addSubModel' },
      },
      {
        key: 'edit',
        label: SIDEBAR_LABELS.edit,
        icon: 'pi pi-pencil',
        ...onSubModel(input, (s) => s.permissions.edit, roleOutcome(input, 'edit')),
        action: { kind: 'editSubModel' },
      },
      {
        key: 'editor',
        label: SIDEBAR_LABELS.editor,
        icon: 'pi pi-file-edit',
        outcome: sees === 'allowed' ? selected : sees,
        reason: sees === 'allowed' && !input.subModel ? SIDEBAR_REASONS.selectSubModel : undefined,
        action: { kind: 'editor' },
      },
      {
        key: 'export',
        label: SIDEBAR_LABELS.export,
        icon: 'pi pi-download',
        outcome: sees === 'allowed' ? selected : sees,
        reason: sees === 'allowed' && !input.subModel ? SIDEBAR_REASONS.selectSubModel : undefined,
        action: { kind: 'export' },
      },
      {
        key: 'delete',
        label: SIDEBAR_LABELS.delete,
        icon: 'pi pi-trash',
        ...onSubModel(input, (s) => s.permissions.delete, roleOutcome(input, 'delete')),
        action: { kind: 'deleteSubModel' },
      },
    ],
  });
  return groups;
}

/** The groups with what each item does. */
export function toActionGroups(
  groups: readonly WorkspaceGroup[],
  run: (action: WorkspaceAction) => void,
): ActionGroup[] {
  return groups.map((g) => ({
    key: g.key,
    title: g.title,
    items: g.items.map(({ action, ...item }) => ({ ...item, onSelect: () => run(action) })),
  }));
}

/**
 * The Instances group until the instances feature provides its own (lib/workspace.ts): the link to
 * the instance list of the sub-model.
 */
export function instanceListGroup(
  subModel: Pick<SubModelView, 'id'> | undefined,
  open: (subModelId: string) => void,
): ActionGroup {
  return {
    key: 'instances',
    title: 'Instances',
    items: [
      {
        key: 'instance-list',
        label: 'Instance List',
        icon: 'pi pi-table',
        outcome: subModel ? 'allowed' : 'forbidden',
        reason: subModel ? undefined : SIDEBAR_REASONS.selectSubModel,
        onSelect: subModel ? () => open(subModel.id) : undefined,
      },
    ],
  };
}
