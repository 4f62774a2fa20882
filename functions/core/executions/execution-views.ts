import { seesInstanceSection } from '@shared/executions/execution-access';
import { groupStatus, EXECUTION_MESSAGES as MSG } from '@shared/executions/execution-status';
import type { Execution, ExecutionGroup } from '@shared/schemas/execution-api';
import type { User } from '@shared/schemas/user';
import type { ExecutionGroupRecord, ExecutionRunRecord, GroupRun } from '../../data/executions';
import type { InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { seesAnalysisDraft } from '../instances/instance-access';
import { canSee, permissionUser } from '../models/model-access';

/**
 * Groups and their runs as the caller may see them (spec 001 §2 "Execution queue", §6): the queue
 * lists every group, but names of an entry the caller cannot see, or of an instance in a section the
 * caller does not see, read 'Restricted access', and such a run's details (times, error) are left out.
 * Such rows carry no ids and no creator either (issue 16): a run id and an instance id were all a
 * hostile model needed to aim at another user's run, and who ran what in a hidden entry is not the
 * caller's to know. What is left is what the row renders: the status and the group's time.
 * A run of a hidden analysis (a draft of the visualization flow, kept by Save Progress) is such a row
 * too for whoever may not open the draft (seesRunAnalysis): its name and id are the draft's.
 */

const RESTRICTED = MSG.restrictedAccess;

/** The entry, when the caller may see it (at least preview it, as the catalogue shows it). */
export function visibleEntry(user: User, model: ModelRecord | undefined): ModelRecord | undefined {
  if (!model || model.status === 'DELETED' || model.status === 'CREATING' || !canSee(user, model))
    return undefined;
  return model;
}

/**
 * Whether the caller may see a run as far as its analysis goes (docs/permissions.md, "Analyses"): runs
 * of scenario and calibration instances, and of saved analyses, yes; of a hidden analysis only for
 * those who may open the draft (seesAnalysisDraft: who may change it). Decided from the analysis as it
 * is now (`analysis`), so that saving it shows its runs at once; when it is gone, from the flag written
 * at Execute, for the draft's executor and the owner tier (older runs carry no flag: visible).
 */
export function seesRunAnalysis(
  user: User,
  model: Pick<ModelRecord, 'roles'>,
  group: Pick<ExecutionGroupRecord, 'createdBy'>,
  run: Pick<GroupRun, 'type' | 'draft'>,
  analysis: Pick<InstanceRecord, 'hidden' | 'createdBy' | 'sharedWith'> | undefined,
): boolean {
  if (run.type !== 'display') return true;
  if (analysis) return !analysis.hidden || seesAnalysisDraft(user, model, analysis);
  return run.draft !== true || seesAnalysisDraft(user, model, { createdBy: group.createdBy, sharedWith: [] });
}

export function toExecutionGroup(
  user: User,
  group: ExecutionGroupRecord,
  model: ModelRecord | undefined,
  runs?: readonly ExecutionRunRecord[],
  /** The display runs' analyses by instance id (absent: deleted); see seesRunAnalysis. */
  analyses: ReadonlyMap<string, InstanceRecord> = new Map(),
): ExecutionGroup {
  const entry = visibleEntry(user, model);
  const byInstance = new Map((runs ?? []).map((r) => [r.instanceId, r]));
  const modelName = entry ? (model?.name ?? group.modelName) : RESTRICTED;
  // The group's and the entry's ids are shown to whoever sees the entry, nobody else.
  const groupIds = entry ? { groupId: group.groupId } : {};
  const modelRef = entry ? { uuid: group.modelUuid, name: modelName } : { name: RESTRICTED };
  const executions: Execution[] = group.runs.map((run) => {
    const detail = byInstance.get(run.instanceId);
    const status = detail?.status ?? group.statuses[run.instanceId] ?? 'NOTSTARTED';
    const visible =
      entry !== undefined &&
      seesInstanceSection(permissionUser(user), entry.roles, run.type) &&
      seesRunAnalysis(user, entry, group, run, analyses.get(run.instanceId));
    if (!visible)
      return {
        ...groupIds,
        status,
        scenario: { name: RESTRICTED },
        model: modelRef,
        filename: RESTRICTED,
        createdBy: { name: RESTRICTED },
        createdOn: group.createdOn,
        restricted: true,
      };
    return {
      id: run.runId,
      groupId: group.groupId,
      status,
      scenario: { id: run.instanceId, name: run.name },
      model: modelRef,
      subModelId: run.subModelId,
      filename: run.filename,
      createdBy: { id: group.createdBy, name: group.createdByName },
      createdOn: group.createdOn,
      ...(detail
        ? {
            ...(detail.queuedOn ? { queuedOn: detail.queuedOn } : {}),
            ...(detail.startedOn ? { startedOn: detail.startedOn } : {}),
            ...(detail.finishedOn ? { finishedOn: detail.finishedOn } : {}),
            ...(detail.error ? { error: detail.error } : {}),
          }
        : {}),
      restricted: false,
    };
  });
  return {
    ...groupIds,
    status: groupStatus(executions.map((e) => e.status as Parameters<typeof groupStatus>[0][number])),
    model: modelRef,
    createdBy: entry ? { id: group.createdBy, name: group.createdByName } : { name: RESTRICTED },
    createdOn: group.createdOn,
    restricted: entry === undefined,
    executions,
  };
}
