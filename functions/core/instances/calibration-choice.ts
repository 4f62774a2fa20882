import { EXECUTION_MESSAGES } from '@shared/executions/execution-status';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { getInstance, type InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import type { SubModelRecord } from '../../data/sub-models';
import { ForbiddenError, UnprocessableError } from '../../lib/errors';
import { calibrationProblems } from '../runs/execution-plan';
import { seesInstancesOf } from './instance-access';

const PATH = 'calibrationInstanceId';

/**
 * The calibration a scenario of a linked sub-model runs with, chosen when it is added or edited (spec
 * 001 §5 "a calibration instance is required", §7 "List for calibration selection"); Execute may
 * still choose another. The same checks as Execute, so a choice stored here is one Execute accepts:
 * 1. Only a scenario of a sub-model linked to a calibration sub-model takes one (422).
 * 2. The caller must see the calibration section (403): the choice names one of its instances.
 * 3. It must be an accepted instance of the linked calibration sub-model (422).
 */
export async function checkCalibrationChoice(
  user: User,
  model: ModelRecord,
  subModel: Pick<SubModelRecord, 'type' | 'executionSetupId'>,
  calibrationInstanceId: string,
): Promise<InstanceRecord> {
  if (subModel.type !== 'scenario' || subModel.executionSetupId === undefined)
    throw new UnprocessableError(EXECUTION_MESSAGES.calibrationNotLinked, [
      { path: PATH, message: EXECUTION_MESSAGES.calibrationNotLinked },
    ]);
  if (!seesInstancesOf(user, model, 'calibration'))
    throw new ForbiddenError(SUB_MODEL_API_MESSAGES.calibrationSectionDenied);
  const calibration = await getInstance(model.uuid, calibrationInstanceId);
  const [problem] = calibrationProblems(subModel, undefined, calibration, calibrationInstanceId);
  if (problem || !calibration)
    throw new UnprocessableError(EXECUTION_MESSAGES.calibrationNotAccepted, [
      { path: PATH, message: EXECUTION_MESSAGES.calibrationNotAccepted },
    ]);
  return calibration;
}
