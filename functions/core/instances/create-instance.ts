import {
  type CreateInstanceBody,
  type InstanceDetail,
  INSTANCE_API_MESSAGES as MSG,
} from '@shared/schemas/instance-api';
import type { User } from '@shared/schemas/user';
import { addInstanceProblem } from '@shared/sub-models/instances';
import { ulid } from 'ulid';
import {
  commitInstanceWrite,
  getInstanceInput,
  type InstanceInput,
  type InstanceRecord,
  instanceNameKey,
  ownInstanceFields,
} from '../../data/instances';
import { type InputRecord, listInputs, subModelExists } from '../../data/sub-models';
import { ForbiddenError, UnprocessableError } from '../../lib/errors';
import { fullName } from '../models/model-users';
import {
  loadSubModel,
  loadSubModelEntry,
  requireChangeable,
  requireOutcome,
  instanceOutcome as subModelInstanceOutcome,
} from '../sub-models/sub-model-access';
import { checkCalibrationChoice } from './calibration-choice';
import { checkDisplayScenarios } from './display-scenarios';
import { loadInstance, requireInstanceAction, seesInstancesOf } from './instance-access';
import { applyLocalWrite, heldInstanceList } from './instance-list-cache';
import { initialValues } from './instance-values-view';
import { instanceDetail } from './instance-view';

/** The input definition a new instance takes: the most recently modified of the sub-model (§7 order). */
export function currentInput(inputs: readonly InputRecord[]): InputRecord | undefined {
  return [...inputs].sort((a, b) =>
    a.modifiedOn < b.modifiedOn ? 1 : a.modifiedOn > b.modifiedOn ? -1 : 0,
  )[0];
}

/**
 * Writes a new instance with its name guard, values and the counter, in one transaction that also
 * checks the sub-model still exists; then updates this process's list in place when it can.
 */
async function writeNewInstance(record: InstanceRecord, input: InstanceInput): Promise<void> {
  const before = heldInstanceList(record.modelUuid);
  await commitInstanceWrite({
    uuid: record.modelUuid,
    conditions: [subModelExists(record.modelUuid, record.executionSetupId)],
    put: [{ record, read: 'new' }],
    takeNames: [{ nameKey: record.nameKey, name: record.name, instanceId: record.id }],
    putInputs: [{ instanceId: record.id, input }],
  });
  await applyLocalWrite(record.modelUuid, before, { upsert: [record] });
}

/**
 * POST /v2/models/{uuid}/sub-models/{subModelId}/instances: a new DRAFT instance (§4, §5).
 * 1. Entry visible and WebModel 2.0; the sub-model exists (404); the caller may add instances to its
 *    section (§6: 403; a retired entry 409).
 * 2. The sub-model's input definition (the most recently modified): none → 422; an invalid template
 *    blocks adding (422 'Input Definition is not valid and needs to be fixed before proceeding.').
 *    A display sub-model takes analyses only (the visualization flow, spec 001 §4): instances that name
 *    the scenarios they display (display-scenarios.ts, 422), added by anyone who sees the display
 *    section, hidden unless the body says otherwise. Other sub-models take no display scenarios (422).
 *    A chosen calibration must be an accepted instance of the linked calibration sub-model
 *    (calibration-choice.ts: 422, 403 without the calibration section).
 * 3. Values: the template's defaults, or the raw JSON definition's value.
 * 4. One transaction: the instance, its name guard (a name taken in the entry, any case: 409
 *    'Instance Name is not unique'), its values and the counter.
 */
export async function createInstance(
  user: User,
  uuid: string,
  subModelId: string,
  body: CreateInstanceBody,
  now = new Date(),
): Promise<InstanceDetail> {
  const model = await loadSubModelEntry(uuid, user);
  const subModel = await loadSubModel(model, subModelId);
  const analysis = subModel.type === 'display';
  if (analysis) {
    // The display section offers no Add Instance (§2); its instances come from the visualization.
    if (!seesInstancesOf(user, model, 'display')) throw new ForbiddenError(MSG.addDenied);
    requireChangeable(model);
    await checkDisplayScenarios(user, model, subModel, body.displayScenarios ?? []);
  } else {
    requireOutcome(subModelInstanceOutcome('add', user, model, subModel.type), model, MSG.addDenied);
    if (body.displayScenarios !== undefined)
      throw new UnprocessableError(MSG.displayScenariosNotDisplay, [
        { path: 'displayScenarios', message: MSG.displayScenariosNotDisplay },
      ]);
  }
  const calibration =
    body.calibrationInstanceId !== undefined
      ? await checkCalibrationChoice(user, model, subModel, body.calibrationInstanceId)
      : undefined;
  const input = currentInput(await listInputs(uuid, subModelId));
  if (!input) throw new UnprocessableError(MSG.noInputDefinition);
  const blocked = addInstanceProblem(input);
  if (blocked) throw new UnprocessableError(blocked, [{ path: 'inputDefinition', message: blocked }]);

  const stamp = now.toISOString();
  const record: InstanceRecord = {
    modelUuid: uuid,
    id: ulid(now.getTime()),
    name: body.name,
    nameKey: instanceNameKey(body.name),
    ...(body.label ? { label: body.label } : {}),
    status: 'DRAFT',
    createdBy: user.id,
    createdByName: fullName(user),
    createdOn: stamp,
    modifiedOn: stamp,
    modifiedBy: user.id,
    outdated: false,
    hidden: body.hidden ?? analysis,
    type: subModel.type,
    executionSetupId: subModel.id,
    modelInputId: input.id,
    sharedWith: [],
    ...(analysis && body.displayScenarios ? { displayScenarios: body.displayScenarios } : {}),
    ...(calibration ? { scenarioId: calibration.id } : {}),
    rev: 1,
  };
  const values: InstanceInput = {
    modelInputId: input.id,
    value: JSON.stringify(initialValues(input)),
    modifiedOn: stamp,
  };
  await writeNewInstance(record, values);
  return instanceDetail(user, model, record, { input: values, shares: [] });
}

/**
 * POST /v2/models/{uuid}/instances/{instanceId}/clone: a DRAFT copy under a new name (§4: only a
 * non-outdated instance; the caller must be allowed to add instances to its section). The copy keeps
 * every value, also those above the caller's level (they belong to the scenario), the label, the
 * sub-model, the related calibration instance and the display scenarios; the caller is its creator.
 */
export async function cloneInstance(
  user: User,
  uuid: string,
  instanceId: string,
  body: { name: string },
  now = new Date(),
): Promise<InstanceDetail> {
  const model = await loadSubModelEntry(uuid, user);
  const source = await loadInstance(user, model, instanceId);
  requireInstanceAction('clone', user, model, source);
  const input = await getInstanceInput(source.id);
  const stamp = now.toISOString();
  const record: InstanceRecord = {
    ...ownInstanceFields(source),
    id: ulid(now.getTime()),
    name: body.name,
    nameKey: instanceNameKey(body.name),
    status: 'DRAFT',
    createdBy: user.id,
    createdByName: fullName(user),
    createdOn: stamp,
    modifiedOn: stamp,
    modifiedBy: user.id,
    outdated: false,
    sharedWith: [],
    rev: 1,
  };
  delete record.lastGroupId;
  const values: InstanceInput = {
    modelInputId: input?.modelInputId ?? source.modelInputId,
    value: input?.value ?? '{}',
    modifiedOn: stamp,
  };
  await writeNewInstance(record, values);
  return instanceDetail(user, model, record, { input: values, shares: [] });
}
