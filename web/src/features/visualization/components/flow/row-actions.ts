import {
  cancelOutcome,
  type ExecutionSubject,
  executeOutcome,
  governanceOutcome,
} from '@shared/executions/execution-access';
import type { Outcome, PermissionUser } from '@shared/rules/model-permissions';
import type { InstanceSummary } from '@shared/schemas/instance-api';
import type { ModelRoles } from '@shared/schemas/model';
import { canDeleteInstance, instanceActionPermission } from '@shared/sub-models/instances';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import { normalizeFileName, type SubModelType } from '@shared/sub-models/sub-model';

/**
 * The instance row menu of step 1 (spec 001 §2: View Details, Copy, Export, Execute, Cancel Execution,
 * Accept, Unaccept, Supersede for calibration only, Delete Instance), decided by the rules the API
 * applies (shared/executions/execution-access.ts, shared/sub-models/instances.ts).
 */
export type RowAction =
  | 'details'
  | 'copy'
  | 'export'
  | 'execute'
  | 'cancel'
  | 'accept'
  | 'unaccept'
  | 'supersede'
  | 'delete';

export const ROW_ACTION_LABELS: Record<RowAction, { label: string; icon: string }> = {
  details: { label: 'View Details', icon: 'pi pi-eye' },
  copy: { label: 'Copy', icon: 'pi pi-copy' },
  export: { label: 'Export', icon: 'pi pi-download' },
  execute: { label: 'Execute', icon: 'pi pi-play' },
  cancel: { label: 'Cancel Execution', icon: 'pi pi-stop-circle' },
  accept: { label: 'Accept', icon: 'pi pi-check' },
  unaccept: { label: 'Unaccept', icon: 'pi pi-undo' },
  supersede: { label: 'Supersede', icon: 'pi pi-history' },
  delete: { label: 'Delete Instance', icon: 'pi pi-trash' },
};

/** Each action's outcome for one row: 'disallowed' hidden, 'forbidden' shown disabled. */
export function rowActionOutcomes(
  row: Pick<InstanceSummary, 'type' | 'status' | 'createdBy' | 'shared' | 'lastGroupId' | 'outdated'>,
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
    // Copy is the instance's Clone (§2 "Clone or Copy Scenario"): the role that adds instances, not outdated.
    copy: instanceActionPermission('clone', {
      user,
      roles,
      type: row.type,
      instance: cloneSubject(row, user),
    }),
    export: 'allowed',
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

const cloneSubject = (
  row: Pick<InstanceSummary, 'status' | 'createdBy' | 'outdated' | 'shared'>,
  user: PermissionUser,
) => ({
  status: row.status,
  createdBy: row.createdBy,
  outdated: row.outdated,
  sharedWith: row.shared ? [user.id] : [],
});

/** The name a copy starts with (as the instance list's Clone): the original's, marked, within 200. */
export const copyName = (name: string) => `Copy of ${name}`.slice(0, SUB_MODEL_LIMITS.instanceNameMax);

/**
 * Export (spec 001 §9, as the instance sidebar's Export Instance names it): the instance's input data
 * as a .json file named by type, sub-model and instance.
 */
export function exportFileName(type: SubModelType, subModelName: string, instanceName: string): string {
  const typeWord = type.charAt(0).toUpperCase() + type.slice(1);
  return `${normalizeFileName([typeWord, subModelName.trim(), instanceName.trim(), 'Input Definition'].join(' '))}.json`;
}

/** The input data as the export writes it: pretty JSON, or the text as stored when it is not JSON. */
export function exportText(value: string): string {
  try {
    return `${JSON.stringify(JSON.parse(value), null, 2)}\n`;
  } catch {
    return value;
  }
}
