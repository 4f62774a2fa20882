import {
  INSTANCE_VALUE_MAX_BYTES,
  type InstanceDetail,
  INSTANCE_API_MESSAGES as MSG,
  type PutInstanceInputsBody,
  type UpdateInstanceBody,
} from '@shared/schemas/instance-api';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { parseParametersJson, type ValueIssue } from '@shared/sub-models/instance-values';
import {
  commitInstanceWrite,
  getInstance,
  getInstanceInput,
  getInstanceNameOwner,
  type InstanceInput,
  type InstanceRecord,
  type InstanceWrite,
  instanceNameKey,
} from '../../data/instances';
import { getInput, getSubModel } from '../../data/sub-models';
import {
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
  ValidationError,
} from '../../lib/errors';
import { loadSubModelEntry } from '../sub-models/sub-model-access';
import { checkCalibrationChoice } from './calibration-choice';
import { checkDisplayScenarios } from './display-scenarios';
import { requireUploadedFileValues } from './file-values';
import { loadInstance, requireInstanceAction, seesInstance, visibleTypes } from './instance-access';
import { applyLocalWrite, heldInstanceList } from './instance-list-cache';
import { parseStoredValues, prepareIncomingValues } from './instance-values-view';
import { expertiseLevelOf, instanceDetail } from './instance-view';

/** Writes a changed instance (conditional on the record as read) and updates this process's list. */
async function writeChanged(
  read: InstanceRecord,
  next: InstanceRecord,
  extra: Omit<InstanceWrite, 'uuid' | 'put'> = {},
): Promise<void> {
  const before = heldInstanceList(read.modelUuid);
  await commitInstanceWrite({ uuid: read.modelUuid, put: [{ record: next, read }], ...extra });
  await applyLocalWrite(read.modelUuid, before, { upsert: [next] });
}

const changed = (read: InstanceRecord, user: User, now: Date): InstanceRecord => ({
  ...read,
  modifiedOn: now.toISOString(),
  modifiedBy: user.id,
  rev: read.rev + 1,
});

/**
 * POST /v2/models/{uuid}/instances/name-check: whether an instance the caller may see has the name
 * (any case, trimmed; §5 "unique within the model"), not counting `instanceId` (an unchanged name is
 * exempt when editing).
 * 1. The entry is visible (404) and WebModel 2.0 (400); a caller who sees no instance section at all
 *    (no role on a published entry) gets 403, as the instance list does.
 * 2. A name held by an instance in a section the caller does not see answers `exists: false`: the
 *    check must not tell a scenario modeler which calibration names exist. Names stay unique in the
 *    whole entry, so saving such a name is still refused by the write's name guard, with the plain
 *    'Instance Name is not unique' that names nothing of the other instance.
 */
export async function checkInstanceName(
  user: User,
  uuid: string,
  body: { name: string; instanceId?: string | undefined },
): Promise<{ exists: boolean }> {
  const model = await loadSubModelEntry(uuid, user);
  const types = visibleTypes(user, model);
  if (types.size === 0) throw new ForbiddenError(SUB_MODEL_API_MESSAGES.sectionDenied);
  const owner = await getInstanceNameOwner(uuid, instanceNameKey(body.name));
  if (owner === undefined || owner === body.instanceId) return { exists: false };
  const holder = await getInstance(uuid, owner);
  return { exists: holder !== undefined && seesInstance(user, model, holder) };
}

/**
 * PATCH /v2/models/{uuid}/instances/{instanceId}: name, hidden, display scenarios, calibration.
 * 1. The caller must see the instance (404) and may edit it (403). A new name, new display
 *    scenarios or another calibration (calibration-choice.ts) also need an editable state (409: only
 *    DRAFT, FAILED, CANCELLED, §4); `hidden` alone
 *    may change in any state (saving an analysis shows a finished one, §4 visualization). Display
 *    scenarios belong to analyses (instances of a display sub-model) and follow the rules of
 *    display-scenarios.ts (422).
 * 2. A new name takes its guard and gives the old one back in the same transaction (409 'Instance Name
 *    is not unique' when taken); a change of case only keeps the guard.
 */
export async function updateInstance(
  user: User,
  uuid: string,
  instanceId: string,
  body: UpdateInstanceBody,
  now = new Date(),
): Promise<InstanceDetail> {
  const model = await loadSubModelEntry(uuid, user);
  const read = await loadInstance(user, model, instanceId);
  const rename = body.name !== undefined && body.name !== read.name;
  const scenarios =
    body.displayScenarios !== undefined &&
    JSON.stringify(body.displayScenarios) !== JSON.stringify(read.displayScenarios ?? []);
  const hide = body.hidden !== undefined && body.hidden !== read.hidden;
  const recalibrate =
    body.calibrationInstanceId !== undefined && body.calibrationInstanceId !== read.scenarioId;
  requireInstanceAction(rename || scenarios || recalibrate ? 'edit' : 'label', user, model, read);
  if (!rename && !scenarios && !hide && !recalibrate) return instanceDetail(user, model, read);
  if (recalibrate && body.calibrationInstanceId !== undefined) {
    const subModel = await getSubModel(uuid, read.executionSetupId);
    if (!subModel) throw new NotFoundError(SUB_MODEL_API_MESSAGES.subModelNotFound);
    await checkCalibrationChoice(user, model, subModel, body.calibrationInstanceId);
  }
  if (scenarios && body.displayScenarios) {
    if (read.type !== 'display')
      throw new UnprocessableError(MSG.displayScenariosNotDisplay, [
        { path: 'displayScenarios', message: MSG.displayScenariosNotDisplay },
      ]);
    const display = await getSubModel(uuid, read.executionSetupId);
    if (display) await checkDisplayScenarios(user, model, display, body.displayScenarios);
  }

  const next = changed(read, user, now);
  if (rename && body.name !== undefined) {
    next.name = body.name;
    next.nameKey = instanceNameKey(body.name);
  }
  if (scenarios && body.displayScenarios) next.displayScenarios = body.displayScenarios;
  if (hide && body.hidden !== undefined) next.hidden = body.hidden;
  if (recalibrate && body.calibrationInstanceId !== undefined) next.scenarioId = body.calibrationInstanceId;
  const guard = next.nameKey !== read.nameKey;
  await writeChanged(
    read,
    next,
    guard
      ? {
          takeNames: [{ nameKey: next.nameKey, name: next.name, instanceId: read.id }],
          releaseNames: [{ nameKey: read.nameKey, instanceId: read.id }],
        }
      : {},
  );
  return instanceDetail(user, model, next);
}

/**
 * PUT /v2/models/{uuid}/instances/{instanceId}/label: the row's Edit Label pop-up (required, at most
 * 50: the body schema). Anyone who may edit the instance, in any state: a label names results too.
 */
export async function setInstanceLabel(
  user: User,
  uuid: string,
  instanceId: string,
  label: string,
  now = new Date(),
): Promise<InstanceDetail> {
  const model = await loadSubModelEntry(uuid, user);
  const read = await loadInstance(user, model, instanceId);
  requireInstanceAction('label', user, model, read);
  if (read.label === label) return instanceDetail(user, model, read);
  const next = { ...changed(read, user, now), label };
  await writeChanged(read, next);
  return instanceDetail(user, model, next);
}

/**
 * PUT /v2/models/{uuid}/instances/{instanceId}/inputs: the parameters editor's Save (§2, §5, §6).
 * 1. The caller must see the instance (404) and may edit it in its state (403 / 409).
 * 2. The input definition must be one of the instance's sub-model (422); the text at most 350 KB
 *    (413), JSON (400 'Invalid data structure') and not an array (400 'Input Data must not be an
 *    Array.'). Nothing is written on any of these.
 * 3. Parameters above the caller's expertise level are ignored and keep their stored values; the rest
 *    are converted and checked against the template. Invalid values are saved anyway (the editor asked
 *    'Do you want to save it anyway?') and reported: `valid` false with the `issues`. A FILE value
 *    that is not a file uploaded for this entry is refused instead (422, file-values.ts): it names
 *    an object of the bucket.
 * 4. One transaction: the values, the instance (modified on, rev) and the counter.
 */
export async function putInstanceInputs(
  user: User,
  uuid: string,
  instanceId: string,
  body: PutInstanceInputsBody,
  now = new Date(),
): Promise<InstanceDetail & { valid: boolean; issues: ValueIssue[] }> {
  const model = await loadSubModelEntry(uuid, user);
  const read = await loadInstance(user, model, instanceId);
  requireInstanceAction('edit', user, model, read);
  if (Buffer.byteLength(body.value, 'utf8') > INSTANCE_VALUE_MAX_BYTES)
    throw new PayloadTooLargeError(MSG.valueTooLarge);
  const parsed = parseParametersJson(body.value);
  if (!parsed.ok)
    throw new ValidationError(parsed.message, [{ path: 'body.value', message: parsed.message }]);
  const [definition, storedInput, level] = await Promise.all([
    getInput(uuid, read.executionSetupId, body.modelInputId),
    getInstanceInput(read.id),
    expertiseLevelOf(uuid, user.id),
  ]);
  if (!definition) {
    const message = MSG.inputNotOfSubModel(body.modelInputId);
    throw new UnprocessableError(message, [{ path: 'body.modelInputId', message }]);
  }
  const stored =
    storedInput?.modelInputId === body.modelInputId ? parseStoredValues(storedInput.value) : undefined;
  const prepared = prepareIncomingValues({ definition, stored, incoming: parsed.values, level });
  await requireUploadedFileValues({ uuid, definition, stored, values: prepared.values });
  const value = JSON.stringify(prepared.values);
  if (Buffer.byteLength(value, 'utf8') > INSTANCE_VALUE_MAX_BYTES)
    throw new PayloadTooLargeError(MSG.valueTooLarge);

  const input: InstanceInput = {
    modelInputId: body.modelInputId,
    value,
    ...(body.addNewInstance !== undefined ? { addNewInstance: body.addNewInstance } : {}),
    modifiedOn: now.toISOString(),
  };
  const next = { ...changed(read, user, now), modelInputId: body.modelInputId };
  await writeChanged(read, next, { putInputs: [{ instanceId: read.id, input }] });
  const detail = await instanceDetail(user, model, next, { input });
  return { ...detail, valid: prepared.valid, issues: prepared.issues };
}
