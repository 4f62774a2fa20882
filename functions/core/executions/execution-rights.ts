import { executeOutcome, seesInstanceSection } from '@shared/executions/execution-access';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import type { InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import type { SubModelRecord } from '../../data/sub-models';
import { ForbiddenError } from '../../lib/errors';
import { permissionUser } from '../models/model-access';

/**
 * The caller's right to run instances, apart from their state (docs/permissions.md, "Executions"):
 * Execute checks it when the group is made and Start again when it runs, since a share may be
 * stopped or a role taken away in between.
 */

/** A scenario of a sub-model linked to a calibration sub-model: its run reads a calibration's outputs. */
function runsWithCalibration(instance: InstanceRecord, subModels: ReadonlyMap<string, SubModelRecord>) {
  const subModel = subModels.get(instance.executionSetupId);
  return subModel?.type === 'scenario' && subModel.executionSetupId !== undefined;
}

/**
 * 403 when one of the instances runs with a calibration (a linked scenario) and the caller does not
 * see the calibration section: the run would hand them outputs of instances they may not see.
 */
export function requireCalibrationAccess(
  user: User,
  model: ModelRecord,
  instances: readonly InstanceRecord[],
  subModels: readonly SubModelRecord[],
): void {
  const byId = new Map(subModels.map((s) => [s.id, s]));
  if (!instances.some((i) => runsWithCalibration(i, byId))) return;
  if (!seesInstanceSection(permissionUser(user), model.roles, 'calibration'))
    throw new ForbiddenError(SUB_MODEL_API_MESSAGES.calibrationSectionDenied);
}

/**
 * Whether the caller may still run the instance: it exists, they see its section and are its creator,
 * a user it is shared with (an active share) or a super user, and, for a linked scenario, they see
 * the calibration section. The instance's state does not count here (a queued run is not executable).
 */
export function mayRunInstance(
  user: User,
  model: ModelRecord,
  instance: InstanceRecord | undefined,
  subModels: readonly SubModelRecord[],
): boolean {
  if (!instance) return false;
  const who = permissionUser(user);
  if (executeOutcome(who, model.roles, instance) === 'disallowed') return false;
  const byId = new Map(subModels.map((s) => [s.id, s]));
  return !runsWithCalibration(instance, byId) || seesInstanceSection(who, model.roles, 'calibration');
}
