import { governanceOutcome } from '@shared/executions/execution-access';
import {
  GOVERNANCE_TRANSITIONS,
  type GovernanceAction,
  governanceProblem,
  hasGovernance,
  EXECUTION_MESSAGES as MSG,
} from '@shared/executions/execution-status';
import type { GovernanceResult } from '@shared/schemas/execution-api';
import type { User } from '@shared/schemas/user';
import { type StatusChange, writeStatusChanges } from '../../data/instance-status';
import { getInstance, STALE_INSTANCE } from '../../data/instances';
import { listInstanceRefs } from '../../data/instances-outdate';
import { ConflictError, ForbiddenError } from '../../lib/errors';
import { loadInstance } from '../instances/instance-access';
import { permissionUser } from '../models/model-access';
import { announceStatus } from '../runs/run-events';
import { loadSubModelEntry } from '../sub-models/sub-model-access';

/**
 * POST …/instances/{instanceId}/accept | unaccept | supersede: calibration governance (spec 001 §4).
 * 1. The caller sees the instance (404). Only non-scenario sub-models have it (409); who decides:
 *    super users, owners, the lead, the steward, and calibration modelers for calibrations (403).
 *    Not on a retired entry (409).
 * 2. The action's one status: accept a COMPLETED instance, unaccept or supersede an ACCEPTED one (409).
 * 3. Accept also supersedes the sub-model's instance accepted before: both in one transaction, each
 *    conditional on its status (a concurrent change: 409, nothing written).
 * 4. The live status of every instance that changed (the counter was raised in the transaction).
 */
export async function governInstance(
  user: User,
  uuid: string,
  instanceId: string,
  action: GovernanceAction,
  now = new Date(),
): Promise<GovernanceResult> {
  const model = await loadSubModelEntry(uuid, user);
  const instance = await loadInstance(user, model, instanceId);
  if (!hasGovernance(instance.type)) throw new ConflictError(MSG.governanceScenario);
  if (governanceOutcome(action, permissionUser(user), model.roles, instance) === 'disallowed')
    throw new ForbiddenError(MSG.governanceDenied);
  if (model.status === 'RETIRED') throw new ConflictError(MSG.retired);
  const problem = governanceProblem(action, instance);
  if (problem) throw new ConflictError(problem);

  const { from, to } = GOVERNANCE_TRANSITIONS[action];
  const changes: StatusChange[] = [{ uuid, instanceId, from, to }];
  const previous =
    action === 'accept'
      ? (await listInstanceRefs(uuid, instance.executionSetupId)).filter(
          (r) => r.status === 'ACCEPTED' && r.id !== instance.id,
        )
      : [];
  for (const ref of previous) changes.push({ uuid, instanceId: ref.id, from: 'ACCEPTED', to: 'SUPERSEDED' });
  if (!(await writeStatusChanges(changes))) throw new ConflictError(STALE_INSTANCE);

  const at = now.toISOString();
  const changed = await Promise.all(changes.map((c) => getInstance(uuid, c.instanceId)));
  await Promise.all(
    changed.map((record, i) =>
      record
        ? announceStatus(record, changes[i]?.to ?? record.status, { executor: user.id }, at, 'governance')
        : undefined,
    ),
  );
  const superseded = previous[0];
  return {
    instanceId,
    status: to,
    ...(superseded ? { superseded: { id: superseded.id, name: superseded.name } } : {}),
  };
}
