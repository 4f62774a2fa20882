import {
  type CreateInputBody,
  INPUT_VALUE_MAX_BYTES,
  type ModelInputView,
  SUB_MODEL_API_MESSAGES as MSG,
  type UpdateInputBody,
} from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import {
  DEFAULT_INPUT_NAME,
  type DefinitionIssue,
  type InputDefinitionType,
  inputSetupPlan,
  newModelInputValue,
  validateTemplateText,
} from '@shared/sub-models/model-input';
import { ulid } from 'ulid';
import type { ModelRecord } from '../../data/models';
import {
  createInput,
  deleteInputs,
  getInput,
  type InputRecord,
  listInputs,
  type SubModelRecord,
  updateInput,
} from '../../data/sub-models';
import { NotFoundError, PayloadTooLargeError, UnprocessableError } from '../../lib/errors';
import {
  definitionOutcome,
  loadSubModel,
  loadSubModelEntry,
  requireOutcome,
  requireSubModelAction,
} from './sub-model-access';

/**
 * Input definitions of a sub-model (spec 001 §3, §5, §7). A definition's value is JSON text: any JSON
 * object for the JSON type, `{"definitions": [...]}` for a template. An invalid template is stored as
 * well (the editor asked 'Do you want to save it anyway?'); every answer says whether it is valid and
 * lists its issues, so the editor and the Add Instance check see the same verdict.
 */

/** Whether a value passes the rules of its type, with the problems and their paths. */
export function definitionCheck(
  type: InputDefinitionType,
  value: string,
): { valid: boolean; issues: DefinitionIssue[] } {
  if (type === 'JSONTEMPLATE') {
    const check = validateTemplateText(value);
    return { valid: check.valid, issues: check.issues };
  }
  const parsed = parseJson(value);
  const ok =
    parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
  return ok
    ? { valid: true, issues: [] }
    : { valid: false, issues: [{ path: '', message: SUB_MODEL_MESSAGES.invalidDataStructure }] };
}

export function toInputView(record: InputRecord): ModelInputView {
  const { modelUuid: _m, createdBy: _c, modifiedBy: _b, ...input } = record;
  return { ...input, ...definitionCheck(record.type, record.value) };
}

export const newestFirst = (a: InputRecord, b: InputRecord) =>
  b.modifiedOn.localeCompare(a.modifiedOn) || b.id.localeCompare(a.id);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * A value the API stores: well-formed JSON (422 'Invalid data structure' otherwise: the editor saves
 * only valid JSON, §2) of at most 350 KB (413).
 */
export function requireStorableValue(value: string): void {
  if (Buffer.byteLength(value, 'utf8') > INPUT_VALUE_MAX_BYTES)
    throw new PayloadTooLargeError(MSG.valueTooLarge);
  if (!parseJson(value).ok)
    throw new UnprocessableError(SUB_MODEL_MESSAGES.invalidDataStructure, [
      { path: 'body.value', message: SUB_MODEL_MESSAGES.invalidDataStructure },
    ]);
}

/**
 * The input setup of an execution setup (§4): with no input, one empty JSON input is created; with
 * more than two, those beyond the two most recently modified are deleted. Returns the inputs kept,
 * newest first.
 */
export async function applyInputSetup(
  user: User,
  subModel: SubModelRecord,
  inputs: readonly InputRecord[],
  now = new Date(),
): Promise<InputRecord[]> {
  const sorted = [...inputs].sort(newestFirst);
  const plan = inputSetupPlan(sorted);
  if (plan.deleteIds.length > 0) await deleteInputs(subModel.modelUuid, subModel.id, plan.deleteIds);
  const kept = sorted.filter((i) => !plan.deleteIds.includes(i.id));
  if (!plan.create) return kept;
  const at = now.toISOString();
  const created: InputRecord = {
    id: ulid(now.getTime()),
    subModelId: subModel.id,
    modelUuid: subModel.modelUuid,
    type: plan.create.type,
    name: plan.create.name,
    value: plan.create.value,
    createdBy: user.id,
    createdOn: at,
    modifiedOn: at,
  };
  await createInput(created);
  return [created];
}

async function loadForView(user: User, uuid: string, subModelId: string) {
  const model = await loadSubModelEntry(uuid, user);
  const subModel = await loadSubModel(model, subModelId);
  requireSubModelAction('view', user, model, subModel.type);
  return { model, subModel };
}

async function loadForChange(user: User, uuid: string, subModelId: string) {
  const { model, subModel } = await loadForView(user, uuid, subModelId);
  requireOutcome(definitionOutcome(user, model, subModel.type), model);
  return { model, subModel };
}

export async function loadInput(model: ModelRecord, subModel: SubModelRecord, inputId: string) {
  const input = await getInput(model.uuid, subModel.id, inputId);
  if (!input) throw new NotFoundError(MSG.inputNotFound);
  return input;
}

/**
 * The input definitions of a sub-model, newest first (§7), after the input setup rule of §4 (which
 * writes only when the setup is off: a sub-model always gets its input when it is added).
 */
export async function listInputsOf(
  user: User,
  uuid: string,
  subModelId: string,
): Promise<{ items: ModelInputView[] }> {
  const { subModel } = await loadForView(user, uuid, subModelId);
  const inputs = await applyInputSetup(user, subModel, await listInputs(uuid, subModel.id));
  return { items: inputs.map(toInputView) };
}

export async function getInputOf(
  user: User,
  uuid: string,
  subModelId: string,
  inputId: string,
): Promise<ModelInputView> {
  const { model, subModel } = await loadForView(user, uuid, subModelId);
  return toInputView(await loadInput(model, subModel, inputId));
}

/**
 * Adds an input definition (§7 "create (name default 'default')"); its value defaults to the type's
 * empty value. The input setup rule then keeps the two newest.
 */
export async function createInputOf(
  user: User,
  uuid: string,
  subModelId: string,
  body: CreateInputBody,
  now = new Date(),
): Promise<ModelInputView> {
  const { subModel } = await loadForChange(user, uuid, subModelId);
  const value = body.value ?? newModelInputValue(body.type);
  requireStorableValue(value);
  const at = now.toISOString();
  const record: InputRecord = {
    id: ulid(now.getTime()),
    subModelId: subModel.id,
    modelUuid: uuid,
    type: body.type,
    name: body.name || DEFAULT_INPUT_NAME,
    value,
    createdBy: user.id,
    createdOn: at,
    modifiedOn: at,
  };
  await createInput(record);
  await applyInputSetup(user, subModel, await listInputs(uuid, subModel.id), now);
  return toInputView(record);
}

/** Saves a definition's value (and name); an invalid template is saved too, with its verdict. */
export async function updateInputOf(
  user: User,
  uuid: string,
  subModelId: string,
  inputId: string,
  body: UpdateInputBody,
  now = new Date(),
): Promise<ModelInputView> {
  const { model, subModel } = await loadForChange(user, uuid, subModelId);
  const current = await loadInput(model, subModel, inputId);
  requireStorableValue(body.value);
  return toInputView(await saveInputValue(user, current, body.value, body.name, now));
}

/** Writes a new value onto an input read as `current` (409 when it changed meanwhile). */
export async function saveInputValue(
  user: User,
  current: InputRecord,
  value: string,
  name: string | undefined,
  now = new Date(),
): Promise<InputRecord> {
  const at = now.toISOString();
  const next: InputRecord = {
    ...current,
    value,
    name: name || current.name,
    // Strictly after the value read, so the condition of the next save tells the two apart.
    modifiedOn: at > current.modifiedOn ? at : new Date(Date.parse(current.modifiedOn) + 1).toISOString(),
    modifiedBy: user.id,
  };
  await updateInput(next, current.modifiedOn);
  return next;
}

/** Deletes a definition; a sub-model left without one gets an empty JSON input (§4). */
export async function deleteInputOf(
  user: User,
  uuid: string,
  subModelId: string,
  inputId: string,
): Promise<void> {
  const { model, subModel } = await loadForChange(user, uuid, subModelId);
  await loadInput(model, subModel, inputId);
  await deleteInputs(uuid, subModel.id, [inputId]);
  await applyInputSetup(user, subModel, await listInputs(uuid, subModel.id));
}
