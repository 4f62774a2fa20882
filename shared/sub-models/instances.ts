import * as z from 'zod/mini';
import type { Outcome, PermissionUser } from '../rules/model-permissions';
import type { ModelRoles } from '../schemas/model';
import { SUB_MODEL_LIMITS } from './limits';
import { FORM_MESSAGES as M, SUB_MODEL_MESSAGES } from './messages';
import { isInputDefinitionValid, type ModelInput } from './model-input';
import type { SubModelType } from './sub-model';
import { changesInstance, instanceRolePermission } from './sub-model-access';

/**
 * Instances (scenarios, spec 001 §3-§5): statuses and their colours, the name and label rules, and
 * which actions each state allows (§4).
 */

export const INSTANCE_STATUSES = [
  'DRAFT',
  'NOTSTARTED',
  'INQUEUE',
  'INPROCESS',
  'POSTPROCESSING',
  'SUSPENDED',
  'COMPLETED',
  'CANCELLED',
  'FAILED',
  'ACCEPTED',
  'SUPERSEDED',
] as const;
export const InstanceStatusSchema = z.enum(INSTANCE_STATUSES);
export type InstanceStatus = z.infer<typeof InstanceStatusSchema>;

/** DRAFT is shown as 'Not Executed'. */
export const INSTANCE_STATUS_LABELS: Record<InstanceStatus, string> = {
  DRAFT: 'Not Executed',
  NOTSTARTED: 'Not Started',
  INQUEUE: 'In Queue',
  INPROCESS: 'In Process',
  POSTPROCESSING: 'Post Processing',
  SUSPENDED: 'Suspended',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  FAILED: 'Failed',
  ACCEPTED: 'Accepted',
  SUPERSEDED: 'Superseded',
};

export type StatusColor = 'red' | 'grey' | 'blue' | 'green';
/**
 * §3 colours. The spec gives none for DRAFT and POSTPROCESSING: a draft has not run (grey, like not
 * started); post processing is still running (blue, like in process).
 */
export const INSTANCE_STATUS_COLORS: Record<InstanceStatus, StatusColor> = {
  DRAFT: 'grey',
  NOTSTARTED: 'grey',
  INQUEUE: 'blue',
  INPROCESS: 'blue',
  POSTPROCESSING: 'blue',
  SUSPENDED: 'grey',
  COMPLETED: 'green',
  CANCELLED: 'grey',
  FAILED: 'red',
  ACCEPTED: 'green',
  SUPERSEDED: 'red',
};

export const INSTANCE_LABELS = { name: 'Instance Name', label: 'Label' } as const;

/** Name (add, save progress, clone/copy): required, at most 200. Uniqueness is a server check. */
export const InstanceNameSchema = z
  .string({ error: M.required(INSTANCE_LABELS.name) })
  .check(
    z.trim(),
    z.minLength(1, M.required(INSTANCE_LABELS.name)),
    z.maxLength(SUB_MODEL_LIMITS.instanceNameMax, M.tooLong(INSTANCE_LABELS.name)),
  );

export const InstanceLabelSchema = z
  .string({ error: M.required(INSTANCE_LABELS.label) })
  .check(
    z.trim(),
    z.minLength(1, M.required(INSTANCE_LABELS.label)),
    z.maxLength(SUB_MODEL_LIMITS.instanceLabelMax, M.tooLong(INSTANCE_LABELS.label)),
  );

/** The name is checked for uniqueness within the model, except an unchanged name when editing. */
export function needsNameCheck(name: string, originalName?: string): boolean {
  return originalName === undefined || name.trim() !== originalName.trim();
}

/** The message for a name the server found taken. */
export const instanceNameTaken = () => M.notUnique(INSTANCE_LABELS.name);

export const InstanceSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.string().check(z.minLength(1), z.maxLength(SUB_MODEL_LIMITS.instanceNameMax)),
  label: z.optional(z.string().check(z.maxLength(SUB_MODEL_LIMITS.instanceLabelMax))),
  status: InstanceStatusSchema,
  createdBy: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  shared: z._default(z.boolean(), false),
  outdated: z._default(z.boolean(), false),
  hidden: z._default(z.boolean(), false),
  /** 'CREATOR' for the creator; other values name how a viewer got access. */
  userAccess: z.optional(z.string()),
  type: z.enum(['scenario', 'calibration', 'display']),
  executionSetupId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The calibration instance this instance relates to. */
  scenarioId: z.optional(z.string().check(z.maxLength(64))),
  lastGroupId: z.optional(z.string().check(z.maxLength(64))),
  input: z.optional(
    z.object({
      modelInputId: z.string().check(z.maxLength(64)),
      value: z.string(),
      addNewInstance: z.optional(z.boolean()),
    }),
  ),
  displayScenarios: z.optional(
    z.array(
      z.object({ id: z.string().check(z.maxLength(64)), label: z.optional(z.string()), order: z.int() }),
    ),
  ),
});
export type Instance = z.infer<typeof InstanceSchema>;

// ---------- state rules (§4) ----------

const EDITABLE: readonly InstanceStatus[] = ['DRAFT', 'FAILED', 'CANCELLED'];
const DELETABLE: readonly InstanceStatus[] = ['DRAFT', 'FAILED', 'CANCELLED', 'COMPLETED'];
const RUNNING: readonly InstanceStatus[] = ['INQUEUE', 'INPROCESS'];
const WITH_RESULTS: readonly InstanceStatus[] = ['ACCEPTED', 'COMPLETED', 'SUPERSEDED'];

/** Edit: only drafts, failed or cancelled instances. */
export const canEditInstance = (status: InstanceStatus) => EDITABLE.includes(status);
/** Clone: only non-outdated instances. */
export const canCloneInstance = (instance: { outdated: boolean }) => !instance.outdated;
/** Delete (permanent): drafts, failed, cancelled or completed instances created by the caller. */
export const canDeleteInstance = (instance: { status: InstanceStatus; createdBy: string }, userId: string) =>
  instance.createdBy === userId && DELETABLE.includes(instance.status);
/** Running means in queue or in process. */
export const isRunning = (status: InstanceStatus) => RUNNING.includes(status);
/** Cancel execution: while running, for the creator or when the instance is shared. */
export const canCancelExecution = (
  instance: { status: InstanceStatus; createdBy: string; shared: boolean },
  userId: string,
) => isRunning(instance.status) && (instance.createdBy === userId || instance.shared);
/** Download results: completed or accepted. */
export const canDownloadResults = (status: InstanceStatus) => status === 'COMPLETED' || status === 'ACCEPTED';
/** Results are visible for accepted, completed and superseded instances (also the visualization pick). */
export const hasResults = (status: InstanceStatus) => WITH_RESULTS.includes(status);
/** Accept: completed instances in non-scenario sub-models. */
export const canAccept = (status: InstanceStatus, type: SubModelType) =>
  type !== 'scenario' && status === 'COMPLETED';
/** Unaccept and supersede: accepted instances in non-scenario sub-models. */
export const canUnaccept = (status: InstanceStatus, type: SubModelType) =>
  type !== 'scenario' && status === 'ACCEPTED';
export const canSupersede = canUnaccept;
/** Save progress 'Update current' only while the scenario is not finished (finished: has results). */
export const canUpdateCurrent = (status: InstanceStatus | undefined) =>
  status === undefined || !hasResults(status);

export type InstanceAction = 'edit' | 'clone' | 'delete' | 'share';

/**
 * An instance action's outcome for the sidebar and the API: the role rule first (hidden when the role
 * does not allow it), then the state rule (shown disabled when the instance's state does not).
 * Editing and cloning need the role that may add instances to the section (§6 leaves edit open; a
 * display viewer, who may not add, may not change a scenario either); deleting needs to see the section
 * (and then to be the creator).
 */
export function instanceActionPermission(
  action: InstanceAction,
  context: {
    user: PermissionUser;
    roles: ModelRoles;
    type: SubModelType;
    instance: Pick<Instance, 'status' | 'createdBy' | 'outdated'> & { sharedWith?: readonly string[] };
  },
): Outcome {
  const { user, roles, type, instance } = context;
  const role = instanceRolePermission(
    action === 'share' ? 'share' : action === 'delete' || action === 'edit' ? 'view' : 'add',
    user,
    roles,
    type,
    instance,
  );
  if (role !== 'allowed') return role;
  switch (action) {
    case 'edit':
      // Shown disabled (the editor opens read-only) to those who see it but may not change it.
      if (!changesInstance(user, roles, instance)) return 'forbidden';
      return canEditInstance(instance.status) ? 'allowed' : 'forbidden';
    case 'clone':
      return canCloneInstance(instance) ? 'allowed' : 'forbidden';
    case 'delete':
      if (instance.createdBy !== user.id) return 'disallowed';
      return canDeleteInstance(instance, user.id) ? 'allowed' : 'forbidden';
    case 'share':
      return 'allowed';
  }
}

/** §5: an invalid template input definition blocks adding an instance. */
export function addInstanceProblem(
  input: Pick<ModelInput, 'type' | 'value'> | undefined,
): string | undefined {
  if (input?.type === 'JSONTEMPLATE' && !isInputDefinitionValid(input))
    return SUB_MODEL_MESSAGES.invalidTemplateBlocksInstance;
  return undefined;
}
