import type { InstanceDetail, ShareEntry } from '@shared/schemas/instance-api';
import type { User } from '@shared/schemas/user';
import { DEFAULT_EXPERTISE_LEVEL } from '@shared/sub-models/parameter-types';
import { getExpertise } from '../../data/expertise';
import {
  getInstance,
  getInstanceInput,
  type InstanceInput,
  type InstanceRecord,
  listInstanceShares,
  type ShareRecord,
} from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { getInput } from '../../data/sub-models';
import { loadUsers } from '../models/model-users';
import { instancePermissions, seesInstancesOf } from './instance-access';
import { toSummary, withCalibration } from './instance-query';
import { namesAboveLevel, valueForCaller } from './instance-values-view';

/** The caller's expertise level on the entry (User Settings; 500 when none was set, §6). */
export async function expertiseLevelOf(uuid: string, userId: string): Promise<number> {
  return (await getExpertise(uuid, userId))?.expertiseTypeLevel ?? DEFAULT_EXPERTISE_LEVEL;
}

/** The active shares with the names of their users (users no longer known are left out). */
export async function sharedWithOf(shares: readonly ShareRecord[]): Promise<ShareEntry[]> {
  const active = shares.filter((s) => s.status === 'ACTIVE');
  const users = await loadUsers(active.map((s) => s.userId));
  return active.flatMap((s) => {
    const user = users.get(s.userId);
    if (!user) return [];
    return [
      {
        userId: s.userId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        status: s.status,
        sharedBy: s.sharedBy,
        sharedOn: s.sharedOn,
      },
    ];
  });
}

/**
 * An instance as the caller sees it (GET .../instances/{instanceId} and the answers of writes): the
 * summary, display scenarios, the values without the parameters above the caller's expertise level,
 * the caller's permissions and the active shares. `known` saves the reads a write already made.
 */
export async function instanceDetail(
  user: User,
  model: ModelRecord,
  record: InstanceRecord,
  known: { input?: InstanceInput; shares?: ShareRecord[] } = {},
): Promise<InstanceDetail> {
  const [input, shares, level] = await Promise.all([
    known.input ?? getInstanceInput(record.id),
    known.shares ?? listInstanceShares(record.id),
    expertiseLevelOf(model.uuid, user.id),
  ]);
  const modelInputId = input?.modelInputId ?? record.modelInputId;
  const [definition, sharedWith, calibration] = await Promise.all([
    modelInputId ? getInput(model.uuid, record.executionSetupId, modelInputId) : undefined,
    sharedWithOf(shares),
    record.scenarioId !== undefined && seesInstancesOf(user, model, 'calibration')
      ? getInstance(model.uuid, record.scenarioId)
      : undefined,
  ]);
  const hidden =
    definition?.type === 'JSONTEMPLATE' ? namesAboveLevel(definition.value, level) : new Set<string>();
  return {
    ...withCalibration(
      toSummary(record, user.id),
      new Map(calibration?.type === 'calibration' ? [[calibration.id, calibration]] : []),
    ),
    ...(record.displayScenarios ? { displayScenarios: record.displayScenarios } : {}),
    input: { modelInputId, value: valueForCaller(input?.value ?? '{}', hidden) },
    permissions: instancePermissions(user, model, record),
    sharedWith,
  };
}
