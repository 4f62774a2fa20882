import {
  cancelOutcome,
  type ExecutionSubject,
  executeOutcome,
  governanceOutcome,
} from '@shared/executions/execution-access';
import type { Outcome, PermissionUser } from '@shared/rules/model-permissions';
import type { InstanceSummary } from '@shared/schemas/instance-api';
import type { ModelRoles } from '@shared/schemas/model';
import { canDeleteInstance } from '@shared/sub-models/instances';

/**
 * The instance row menu of step 1 (spec 001 §2: View Details, Copy, Export, Execute, Cancel Execution,
 * Accept, Unaccept, Supersede for calibration only, Delete Instance), decided by the rules the API
 * applies (shared/executions/execution-access.ts, shared/sub-models/instances.ts).
 */
export type RowAction = 'details' | 'execute' | 'cancel' | 'accept' | 'unaccept' | 'supersede' | 'delete';

export const ROW_ACTION_LABELS: Record<RowAction, { label: string; icon: string }> = {
  details: { label: 'View Details', icon: 'pi pi-eye' },
  execute: { label: 'Execute', icon: 'pi pi-play' },
  cancel: { label: 'Cancel Execution', icon: 'pi pi-stop-circle' },
  accept: { label: 'Accept', icon: 'pi pi-check' },
  unaccept: { label: 'Unaccept', icon: 'pi pi-undo' },
  supersede: { label: 'Supersede', icon: 'pi pi-history' },
  delete: { label: 'Delete Instance', icon: 'pi pi-trash' },
};

/** Each action's outcome for one row: 'disallowed' hidden, 'forbidden' shown disabled. */
export function rowActionOutcomes(
  row: Pick<InstanceSummary, 'type' | 'status' | 'createdBy' | 'shared' | 'lastGroupId'>,
  user: PermissionUser,
  roles: ModelRoles,
): Record<RowAction, Outcome> {
  // A list row says only whether the instance is shared with the caller.
  const subject: ExecutionSubject = {
    type: row.type,
    status: row.status,
    createdBy: row.createdBy,
    sharedWith: row.shared ? [user.id] : [],
  };
  const cancel = cancelOutcome(user, roles, subject);
  const calibration = row.type === 'calibration';
  const govern = (action: 'accept' | 'unaccept' | 'supersede'): Outcome =>
    calibration ? governanceOutcome(action, user, roles, subject) : 'disallowed';
  return {
    details: 'allowed',
    execute: executeOutcome(user, roles, subject),
    // Cancelling names the run's execution group: without one there is nothing to cancel.
    cancel: cancel === 'allowed' && !row.lastGroupId ? 'forbidden' : cancel,
    accept: govern('accept'),
    unaccept: govern('unaccept'),
    supersede: govern('supersede'),
    delete:
      row.createdBy !== user.id ? 'disallowed' : canDeleteInstance(row, user.id) ? 'allowed' : 'forbidden',
  };
}
