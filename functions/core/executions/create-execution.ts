import { executeOutcome, seesInstanceSection } from '@shared/executions/execution-access';
import {
  isActiveRun,
  isExecutable,
  EXECUTION_MESSAGES as MSG,
  RUN_TRANSITIONS,
} from '@shared/executions/execution-status';
import type { CreateExecutionBody, CreateExecutionResult } from '@shared/schemas/execution-api';
import { INSTANCE_API_MESSAGES } from '@shared/schemas/instance-api';
import type { User } from '@shared/schemas/user';
import { INSTANCE_STATUS_LABELS } from '@shared/sub-models/instances';
import { ulid } from 'ulid';
import {
  type ClaimedInstance,
  createExecutionGroup,
  type ExecutionGroupRecord,
  type ExecutionRunRecord,
  type GroupRun,
  MAX_CLAIMS_PER_TRANSACTION,
} from '../../data/executions';
import { getInstance, getInstanceInput, type InstanceRecord, STALE_INSTANCE } from '../../data/instances';
import { listModelFiles } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import { getInput, listSubModels, type SubModelRecord } from '../../data/sub-models';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../lib/errors';
import { BUSINESS_EVENTS, countEvent } from '../../lib/observability';
import { seesAnalysisDraft } from '../instances/instance-access';
import { permissionUser } from '../models/model-access';
import { fullName } from '../models/model-users';
import { displayedRuns } from '../runs/displayed-scenarios';
import {
  calibrationProblems,
  displayProblems,
  type ExecutionProblem,
  parameterProblems,
  planRun,
  type RunPlan,
} from '../runs/execution-plan';
import { announceStatus } from '../runs/run-events';
import { loadSubModelEntry } from '../sub-models/sub-model-access';
import { recordUsage } from '../usage/record-usage';
import { requireCalibrationAccess } from './execution-rights';

export interface CreatedExecution {
  status: 200 | 201;
  result: CreateExecutionResult;
}

/** Every instance is running in one group already: Execute was pressed twice. */
function sameRunningGroup(instances: readonly InstanceRecord[]): string | undefined {
  const groups = new Set(instances.map((i) => (isActiveRun(i.status) ? i.lastGroupId : undefined)));
  const [only] = groups;
  return groups.size === 1 && only ? only : undefined;
}

/**
 * POST /v2/models/{uuid}/executions: Execute (spec 001 §4 "creates an execution that is queued
 * (returns a groupId), then the group is started"; starting is POST /v2/executions/{groupId}/start).
 * 1. The entry is visible and WebModel 2.0; each instance exists and the caller sees it (404).
 * 2. Only the instances' creator, users they are shared with and super users execute them (403);
 *    a scenario of a sub-model linked to a calibration sub-model runs with that calibration's
 *    outputs, so its executor must see the calibration section (403). A second Execute of instances
 *    that are running already answers their group (200, created false); a mix of running and idle
 *    instances is refused (409). Accepted or superseded instances are not executed (409).
 * 3. A `calibrationInstanceId` for an instance that is not such a linked scenario (422). The
 *    blockers of §5, per instance (422, every problem in `issues`): no runner for the language,
 *    missing execution files, no executable file, invalid parameters, no accepted calibration; and
 *    ours for an analysis: a displayed scenario without a finished run.
 * 4. The group: its item, then one transaction of the run items, every instance's move to
 *    NOTSTARTED (each conditional on its status) and the entry's instance counter. When another Execute took an instance first, that
 *    one's group is the answer.
 * 5. The live status, then 201 with the group id.
 */
export async function createExecution(
  user: User,
  uuid: string,
  body: CreateExecutionBody,
  now = new Date(),
): Promise<CreatedExecution> {
  if (body.instanceIds.length > MAX_CLAIMS_PER_TRANSACTION)
    throw new UnprocessableError(MSG.tooManyInstances(MAX_CLAIMS_PER_TRANSACTION));
  const model = await loadSubModelEntry(uuid, user);
  const who = permissionUser(user);
  const instances = await Promise.all(body.instanceIds.map((id) => getInstance(uuid, id)));
  const found: InstanceRecord[] = [];
  for (const instance of instances) {
    // Someone else's draft analysis is not found either (instance-access.ts seesInstance).
    if (
      !instance ||
      !seesInstanceSection(who, model.roles, instance.type) ||
      (instance.type === 'display' && instance.hidden && !seesAnalysisDraft(user, model, instance))
    )
      throw new NotFoundError(INSTANCE_API_MESSAGES.notFound);
    found.push(instance);
  }

  // 2. A repeated Execute, and who may execute what.
  for (const instance of found)
    if (executeOutcome(who, model.roles, instance) === 'disallowed')
      throw new ForbiddenError(MSG.executeDenied);
  const subModels = await listSubModels(uuid);
  requireCalibrationAccess(user, model, found, subModels);
  const running = sameRunningGroup(found);
  if (running) return { status: 200, result: { groupId: running, created: false } };
  for (const instance of found) {
    if (isActiveRun(instance.status)) throw new ConflictError(MSG.alreadyRunning(instance.name));
    if (!isExecutable(instance.status))
      throw new ConflictError(MSG.notExecutable(instance.name, INSTANCE_STATUS_LABELS[instance.status]));
  }
  if (model.status === 'RETIRED') throw new ConflictError(MSG.retired);

  // 3. The blockers.
  requireLinkedForCalibration(found, subModels, body.calibrationInstanceId);
  const prepared = await checkInstances(model, subModels, found, body.calibrationInstanceId, (type) =>
    seesInstanceSection(who, model.roles, type),
  );

  // 4. The group.
  const at = now.toISOString();
  const groupId = ulid(now.getTime());
  const runs: ExecutionRunRecord[] = prepared.map(({ instance, plan }) => ({
    groupId,
    runId: ulid(now.getTime()),
    instanceId: instance.id,
    instanceName: instance.name,
    modelUuid: uuid,
    subModelId: instance.executionSetupId,
    type: instance.type,
    filename: plan.entry.name,
    status: 'NOTSTARTED',
    createdBy: user.id,
    createdByName: fullName(user),
    createdOn: at,
  }));
  const group: ExecutionGroupRecord = {
    groupId,
    modelUuid: uuid,
    modelName: model.name,
    createdBy: user.id,
    createdByName: fullName(user),
    createdOn: at,
    runs: runs.map(
      (r, i): GroupRun => ({
        instanceId: r.instanceId,
        runId: r.runId,
        name: r.instanceName,
        filename: r.filename,
        subModelId: r.subModelId,
        type: r.type,
        // A draft's run is hidden in the queue like the draft (execution-views.ts seesRunAnalysis).
        ...(r.type === 'display' && prepared[i]?.instance.hidden ? { draft: true } : {}),
      }),
    ),
    statuses: Object.fromEntries(runs.map((r) => [r.instanceId, 'NOTSTARTED'])),
  };
  const claims: ClaimedInstance[] = prepared.map(({ instance, scenarioId }) => ({
    uuid,
    instanceId: instance.id,
    from: RUN_TRANSITIONS.NOTSTARTED,
    ...(scenarioId ? { scenarioId } : {}),
  }));
  if (!(await createExecutionGroup(group, runs, claims))) {
    const reread = await Promise.all(found.map((i) => getInstance(uuid, i.id)));
    const taken = sameRunningGroup(reread.filter((i): i is InstanceRecord => i !== undefined));
    if (taken) return { status: 200, result: { groupId: taken, created: false } };
    throw new ConflictError(STALE_INSTANCE);
  }

  // 5. Everyone who follows these instances hears of it.
  countEvent(BUSINESS_EVENTS.runStarted, runs.length);
  await recordUsage(uuid, 'runs', runs.length);
  await Promise.all(
    prepared.map(({ instance }, i) =>
      announceStatus(
        { ...instance, status: 'NOTSTARTED' },
        'NOTSTARTED',
        { groupId, runId: runs[i]?.runId, executor: user.id },
        at,
      ),
    ),
  );
  return { status: 201, result: { groupId, created: true } };
}

interface PreparedInstance {
  instance: InstanceRecord;
  plan: RunPlan;
  /** The calibration instance to store on the scenario, when the request chose one. */
  scenarioId?: string;
}

/** The §5 blockers of every instance; 422 with all of them, the first as the message. */
async function checkInstances(
  model: ModelRecord,
  subModels: readonly SubModelRecord[],
  instances: readonly InstanceRecord[],
  calibrationInstanceId: string | undefined,
  /** Whether the caller sees the instances of a section: an analysis shows only scenarios they see. */
  sees: (type: InstanceRecord['type']) => boolean,
): Promise<PreparedInstance[]> {
  const files = await listModelFiles(model.uuid);
  const subModelsById = new Map(subModels.map((s) => [s.id, s]));
  const calibration = calibrationInstanceId
    ? await getInstance(model.uuid, calibrationInstanceId)
    : undefined;
  const issues: { path: string; message: string }[] = [];
  const prepared: PreparedInstance[] = [];

  await Promise.all(
    instances.map(async (instance) => {
      const path = `instances.${instance.id}`;
      const subModel = subModelsById.get(instance.executionSetupId);
      if (!subModel) {
        issues.push({ path, message: INSTANCE_API_MESSAGES.notFound });
        return;
      }
      const [definition, input, ownCalibration, displayed] = await Promise.all([
        getInput(model.uuid, subModel.id, instance.modelInputId),
        getInstanceInput(instance.id),
        !calibrationInstanceId && instance.scenarioId
          ? getInstance(model.uuid, instance.scenarioId)
          : Promise.resolve(undefined),
        instance.type === 'display' ? displayedRuns(model.uuid, instance) : Promise.resolve(undefined),
      ]);
      const { plan, problems: planned } = planRun(model, files, subModel);
      const parameters = parameterProblems(instance, definition, input);
      const linked = isLinkedScenario(subModel);
      const chosen = linked ? (calibrationInstanceId ?? instance.scenarioId) : undefined;
      const problems: ExecutionProblem[] = [
        ...planned,
        ...parameters.problems,
        ...calibrationProblems(
          subModel,
          subModel.executionSetupId ? subModelsById.get(subModel.executionSetupId) : undefined,
          calibrationInstanceId ? calibration : ownCalibration,
          chosen,
        ),
        ...displayProblems(displayed, sees),
      ];
      for (const problem of problems)
        issues.push({ path: `${path}.${problem.check}`, message: problem.message });
      for (const issue of parameters.issues)
        issues.push({ path: `${path}.values.${issue.path}`, message: issue.message });
      if (plan && problems.length === 0)
        prepared.push({
          instance,
          plan,
          ...(linked && calibrationInstanceId ? { scenarioId: calibrationInstanceId } : {}),
        });
    }),
  );
  const first = issues[0];
  if (first) throw new UnprocessableError(first.message, issues);
  // In the request's order.
  return instances.flatMap((i) => prepared.filter((p) => p.instance.id === i.id));
}

const isLinkedScenario = (subModel: SubModelRecord | undefined) =>
  subModel?.type === 'scenario' && subModel.executionSetupId !== undefined;

/**
 * A `calibrationInstanceId` is the calibration a linked scenario runs with: for any other instance it
 * would be stored unchecked as the instance's calibration (422, nothing written).
 */
function requireLinkedForCalibration(
  instances: readonly InstanceRecord[],
  subModels: readonly SubModelRecord[],
  calibrationInstanceId: string | undefined,
): void {
  if (!calibrationInstanceId) return;
  const byId = new Map(subModels.map((s) => [s.id, s]));
  if (instances.every((i) => isLinkedScenario(byId.get(i.executionSetupId)))) return;
  throw new UnprocessableError(MSG.calibrationNotLinked, [
    { path: 'calibrationInstanceId', message: MSG.calibrationNotLinked },
  ]);
}
