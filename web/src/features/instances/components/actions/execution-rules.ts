import {
  cancelOutcome,
  type ExecutionSubject,
  executeOutcome,
  governanceOutcome,
  seesInstanceSection,
} from '@shared/executions/execution-access';
import { EXECUTION_MESSAGES, type GovernanceAction } from '@shared/executions/execution-status';
import type { Outcome, PermissionUser } from '@shared/rules/model-permissions';
import type { InstanceSummary } from '@shared/schemas/instance-api';
import type { ModelRoles } from '@shared/schemas/model';
import { canDownloadResults } from '@shared/sub-models/instances';
import type { SubModelType } from '@shared/sub-models/sub-model';

/**
 * The execution actions of an instance (spec 001 §2, §4, §5): which the user sees, which are enabled
 * and why not, written once for the workspace sidebar and the instance list's row menus. The role and
 * state rules themselves are shared with the API (shared/executions/execution-access.ts).
 */

export type ExecutionAction = 'execute' | 'cancel' | 'download' | GovernanceAction;

/** Why an execution item is shown disabled (our wording: the spec names the states, not the reasons). */
export const EXECUTION_REASONS: Readonly<Record<ExecutionAction, string>> = {
  execute: 'Running, accepted or superseded instances cannot be executed',
  cancel: 'Only a running execution can be cancelled',
  download: 'Results can be downloaded once the execution has completed',
  accept: EXECUTION_MESSAGES.governanceState('accept'),
  unaccept: EXECUTION_MESSAGES.governanceState('unaccept'),
  supersede: EXECUTION_MESSAGES.governanceState('supersede'),
};

export const EXECUTION_ITEMS: Readonly<Record<ExecutionAction, { label: string; icon: string }>> = {
  execute: { label: 'Execute', icon: 'pi pi-play' },
  cancel: { label: 'Cancel Execution', icon: 'pi pi-stop-circle' },
  download: { label: 'Download Results', icon: 'pi pi-file-export' },
  accept: { label: 'Accept', icon: 'pi pi-check' },
  unaccept: { label: 'Unaccept', icon: 'pi pi-undo' },
  supersede: { label: 'Supersede', icon: 'pi pi-history' },
};

export const GOVERNANCE_ACTIONS: readonly GovernanceAction[] = ['accept', 'unaccept', 'supersede'];

/**
 * Accept, Unaccept and Supersede are offered in the calibration section only (§2 "In the calibration
 * section also Accept, Unaccept, Supersede"; the display section has no instance actions at all).
 */
export const offersGovernance = (type: SubModelType | undefined) => type === 'calibration';

/** The execution actions of a section, in the order of the spec's lists. */
export const executionActions = (type: SubModelType | undefined): ExecutionAction[] => [
  'execute',
  'cancel',
  'download',
  ...(offersGovernance(type) ? GOVERNANCE_ACTIONS : []),
];

/**
 * What the rules read of an instance: a list row or the detail (fields may be missing while loading).
 * `shared` is true when the instance is shared with the caller; the detail also names every share.
 */
export type ExecutionInstance = Partial<
  Pick<InstanceSummary, 'type' | 'status' | 'createdBy' | 'lastGroupId' | 'shared'>
> & { sharedWith?: readonly { userId: string; status: string }[] };

/** Who asks and the entry's roles; undefined while the entry loads. */
export type ExecutionAccess = { user: PermissionUser; roles: ModelRoles } | undefined;

/** An execution action's outcome on one instance ('forbidden' with its reason). */
export function executionOutcome(
  action: ExecutionAction,
  instance: ExecutionInstance | undefined,
  access: ExecutionAccess,
): { outcome: Outcome; reason?: string } {
  if (!instance?.type || !instance.status || instance.createdBy === undefined || !access)
    return { outcome: 'forbidden' };
  const { user, roles } = access;
  const sharedWith = (instance.sharedWith ?? []).filter((s) => s.status === 'ACTIVE').map((s) => s.userId);
  // A list row says only whether the instance is shared with the caller.
  if (instance.shared && !sharedWith.includes(user.id)) sharedWith.push(user.id);
  const subject: ExecutionSubject = {
    type: instance.type,
    status: instance.status,
    createdBy: instance.createdBy,
    sharedWith,
  };
  let outcome: Outcome;
  switch (action) {
    case 'execute':
      outcome = executeOutcome(user, roles, subject);
      break;
    case 'cancel':
      outcome = cancelOutcome(user, roles, subject);
      // Cancelling names the run's execution group; an instance without one has nothing to cancel.
      if (outcome === 'allowed' && !instance.lastGroupId) outcome = 'forbidden';
      break;
    case 'download':
      if (!seesInstanceSection(user, roles, subject.type)) outcome = 'disallowed';
      else outcome = canDownloadResults(subject.status) ? 'allowed' : 'forbidden';
      break;
    default:
      outcome = governanceOutcome(action, user, roles, subject);
  }
  return { outcome, ...(outcome === 'forbidden' ? { reason: EXECUTION_REASONS[action] } : {}) };
}
