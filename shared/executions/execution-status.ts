import type { InstanceStatus } from '../sub-models/instances';
import type { SubModelType } from '../sub-models/sub-model';

/**
 * How an execution moves an instance through its statuses (spec 001 §3, §4), for the server's
 * conditional writes and the web's state rules. Every status write names the statuses it may come
 * from: a late or repeated event (a retried Lambda task, a cancel racing a finish, a restart's
 * reconciliation) finds the instance elsewhere and changes nothing, so a run never moves backwards.
 *
 *   DRAFT | FAILED | CANCELLED | COMPLETED --execute--> NOTSTARTED --start--> INQUEUE
 *     --Prepare--> INPROCESS --runner done--> POSTPROCESSING --Collect--> COMPLETED
 *   any running status --a failure--> FAILED,  --cancel--> CANCELLED
 *   COMPLETED --accept--> ACCEPTED --unaccept--> COMPLETED;  ACCEPTED --supersede--> SUPERSEDED
 *
 * The start request writes INQUEUE before it starts the Step Functions execution: whoever queues a
 * run starts it, and Prepare always finds it queued.
 */

/** The statuses of a run in flight: NOTSTARTED up to POSTPROCESSING. */
export const ACTIVE_RUN_STATUSES = [
  'NOTSTARTED',
  'INQUEUE',
  'INPROCESS',
  'POSTPROCESSING',
] as const satisfies readonly InstanceStatus[];
export type ActiveRunStatus = (typeof ACTIVE_RUN_STATUSES)[number];

export const isActiveRun = (status: InstanceStatus): status is ActiveRunStatus =>
  (ACTIVE_RUN_STATUSES as readonly InstanceStatus[]).includes(status);

/**
 * The statuses from which Execute starts a new run. Accepted and superseded instances keep their
 * result: a calibration's governance would otherwise change under its users (clone one to run again).
 */
export const EXECUTABLE_STATUSES = [
  'DRAFT',
  'FAILED',
  'CANCELLED',
  'COMPLETED',
] as const satisfies readonly InstanceStatus[];

export const isExecutable = (status: InstanceStatus) =>
  (EXECUTABLE_STATUSES as readonly InstanceStatus[]).includes(status);

/** A status a run event writes, with the statuses it may be written over. */
export type RunStatus =
  | 'NOTSTARTED'
  | 'INQUEUE'
  | 'INPROCESS'
  | 'POSTPROCESSING'
  | 'COMPLETED'
  | 'FAILED'
  | 'CANCELLED';

export const RUN_TRANSITIONS: Readonly<Record<RunStatus, readonly InstanceStatus[]>> = {
  NOTSTARTED: EXECUTABLE_STATUSES,
  INQUEUE: ['NOTSTARTED'],
  INPROCESS: ['INQUEUE'],
  POSTPROCESSING: ['INPROCESS'],
  COMPLETED: ['POSTPROCESSING'],
  FAILED: ACTIVE_RUN_STATUSES,
  CANCELLED: ACTIVE_RUN_STATUSES,
};

/**
 * A run created by Execute (NOTSTARTED) whose start request never came, after this long, is failed by
 * reconciliation (functions/core/executions/reconcile-executions.ts): the browser left between
 * Execute's two calls. Long enough for a slow start request of a large group to land first.
 */
export const NOT_STARTED_TIMEOUT_MINUTES = 5;

/** Statuses that end a run: its execution item leaves the index of active runs. */
export const FINAL_RUN_STATUSES = [
  'COMPLETED',
  'FAILED',
  'CANCELLED',
] as const satisfies readonly RunStatus[];
export const isFinalRunStatus = (status: RunStatus) =>
  (FINAL_RUN_STATUSES as readonly RunStatus[]).includes(status);

/** Whether a run event may write `to` over `from`. */
export function runTransitionAllowed(from: InstanceStatus, to: RunStatus): boolean {
  return RUN_TRANSITIONS[to].includes(from);
}

// ---------- calibration governance (§4) ----------

export type GovernanceAction = 'accept' | 'unaccept' | 'supersede';

/** The one status each governance action moves from, and where to. */
export const GOVERNANCE_TRANSITIONS: Readonly<
  Record<GovernanceAction, { from: InstanceStatus; to: InstanceStatus }>
> = {
  accept: { from: 'COMPLETED', to: 'ACCEPTED' },
  unaccept: { from: 'ACCEPTED', to: 'COMPLETED' },
  supersede: { from: 'ACCEPTED', to: 'SUPERSEDED' },
};

/** Accept, unaccept and supersede exist in non-scenario sub-models only. */
export const hasGovernance = (type: SubModelType) => type !== 'scenario';

/** Why a governance action is not possible now, or undefined when it is. */
export function governanceProblem(
  action: GovernanceAction,
  instance: { status: InstanceStatus; type: SubModelType },
): string | undefined {
  if (!hasGovernance(instance.type)) return EXECUTION_MESSAGES.governanceScenario;
  const { from } = GOVERNANCE_TRANSITIONS[action];
  if (instance.status !== from) return EXECUTION_MESSAGES.governanceState(action);
  return undefined;
}

// ---------- texts ----------

/**
 * Texts of executions. The first group is quoted verbatim from spec 001 (§5, §8); the rest are ours,
 * for situations the spec names without quoting a text.
 */
export const EXECUTION_MESSAGES = {
  // Spec 001, verbatim.
  noExecutableFile: 'There is no executable file.',
  filesMissing: (names: readonly string[]) => `${names.join(', ')} file is/are missing.`,
  noActiveExecution: 'No active Instance execution to be canceled found.',
  executionRequestSent: 'Scenario execution request sent',
  cancellationRequestSent: 'Execution cancellation request sent',
  failedToCancel: 'Failed to cancel scenario execution',
  failedToCreate: 'Failed to create an execution',
  unfinishedScenario: 'Can not fetch results from unfinished scenario.',
  executionFailed: 'Execution Failed',
  restrictedAccess: 'Restricted access',
  noExecutionsFound: 'No executions were found',
  noDetailsFound: 'No details were found',
  newChangesInQueue: 'New changes in queue',
  completedToast: (name: string) => `Execution of ${name} completed`,
  failedToast: (name: string) => `Execution of ${name} failed`,
  statusChangedToast: (name: string, status: string) => `Execution status of ${name} changed to ${status}`,
  /** Our text (the spec has none): a calibration's governance changed its status, no run did. */
  governanceToast: (name: string, status: string) => `${name} is now ${status}`,
  unparsableLiveMessage: 'Failed to parse WS response in the scenario status updates channel',

  // Ours.
  invalidParameters: (name: string) =>
    `The parameters of ${name} are not valid: fix them in the instance editor before executing it.`,
  calibrationRequired: (calibrationSubModel: string) =>
    `Select an accepted calibration instance of ${calibrationSubModel} before executing.`,
  calibrationNotAccepted:
    'The selected calibration instance is not an accepted instance of the linked calibration sub-model.',
  notExecutable: (name: string, status: string) =>
    `${name} cannot be executed while it is ${status}: clone it to run it again.`,
  alreadyRunning: (name: string) => `${name} is already being executed.`,
  executeDenied: 'Only the creator of an instance, a user it is shared with or a super user can execute it.',
  cancelDenied: 'Only the creator of an instance or a user it is shared with can cancel its execution.',
  startDenied: 'Only the user who requested an execution can start it.',
  startNoLongerAllowed:
    'You may no longer execute every instance of this execution (a share was stopped or your role changed since you requested it).',
  calibrationNotLinked:
    'A calibration instance can only be chosen for scenarios of a sub-model linked to a calibration sub-model.',
  neverStarted:
    'The execution was never started: the browser left before starting it. Execute the instance again.',
  governanceDenied:
    'You do not have permission to accept, unaccept or supersede instances of this sub-model.',
  governanceScenario: 'Scenario instances are not accepted, unaccepted or superseded.',
  governanceState: (action: GovernanceAction) =>
    action === 'accept'
      ? 'Only a completed instance can be accepted.'
      : `Only an accepted instance can be ${action === 'unaccept' ? 'unaccepted' : 'superseded'}.`,
  groupNotFound: 'Execution not found.',
  noRun: 'This instance has not been executed.',
  noRecord: 'This run has no reproducibility record.',
  noOutputs: 'This run wrote no output files.',
  outputNotFound: (path: string) => `The run wrote no output file ${path}.`,
  retired: 'A retired model entry cannot be changed.',
  tooManyInstances: (max: number) => `At most ${max} instances can be executed at once.`,
  instancesOfOneEntry: 'Every instance of an execution must belong to this model entry.',
} as const;

/**
 * At most this many instances in one execution group (one request): the group's runs and the moves of
 * its instances to NOTSTARTED are one transaction (functions/data/executions.ts).
 */
export const MAX_GROUP_INSTANCES = 49;
/** The execution queue's page size (§9) and the sizes a client may ask for. */
export const EXECUTION_QUEUE_PAGE_SIZE = 50;
export const EXECUTION_QUEUE_PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * The status of a group row in the queue: running while any of its runs runs (the furthest running
 * status first), else the worst ending (FAILED, then CANCELLED), else COMPLETED.
 */
export function groupStatus(statuses: readonly RunStatus[]): RunStatus {
  const order: readonly RunStatus[] = [
    'POSTPROCESSING',
    'INPROCESS',
    'INQUEUE',
    'NOTSTARTED',
    'FAILED',
    'CANCELLED',
    'COMPLETED',
  ];
  for (const status of order) if (statuses.includes(status)) return status;
  return 'COMPLETED';
}
