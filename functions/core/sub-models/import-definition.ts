import type { ImportDefinitionBody, ModelInputView } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { DEFAULT_INPUT_NAME } from '@shared/sub-models/model-input';
import { ulid } from 'ulid';
import { createInput, type InputRecord, listInputs } from '../../data/sub-models';
import { BadRequestError, UnprocessableError } from '../../lib/errors';
import { loadInput, newestFirst, requireStorableValue, saveInputValue, toInputView } from './inputs';
import {
  definitionOutcome,
  loadSubModel,
  loadSubModelEntry,
  requireOutcome,
  requireSubModelAction,
} from './sub-model-access';

/**
 * Imports an input definition from a .json or .xml file (spec 001 §5 "Definition import"; the rules
 * and the XML form are in shared/sub-models/definition-import.ts).
 * 1. Entry visible, WebModel 2.0; the caller may change the sub-model's definitions.
 * 2. The target: the input `inputId` names, else the sub-model's definition input (the newest of its
 *    definition type, created when there is none: the Add sub-model dialog imports right after adding).
 * 3. The file's extension against the target's type: 400 'Unsupported File Extension' or
 *    'Unsupported Input Definition Type'. Its content: 422 'Invalid data structure', 'Formatting
 *    failed. Unsupported type' or the controlled-by messages. Nothing is written on a refusal.
 * 4. The formatted value replaces the target's value (413 above 350 KB); a template that breaks an
 *    editor rule is stored too and answered with `valid: false` and its issues, as a save would be.
 */
export async function importDefinition(
  user: User,
  uuid: string,
  subModelId: string,
  body: ImportDefinitionBody,
  now = new Date(),
): Promise<ModelInputView> {
  const model = await loadSubModelEntry(uuid, user);
  const subModel = await loadSubModel(model, subModelId);
  requireSubModelAction('view', user, model, subModel.type);
  requireOutcome(definitionOutcome(user, model, subModel.type), model);

  const target = body.inputId
    ? await loadInput(model, subModel, body.inputId)
    : (await listInputs(uuid, subModel.id)).sort(newestFirst).find((i) => i.type === subModel.definitionType);
  const type = target?.type ?? subModel.definitionType;

  // Loaded on first use: with the XML parser it brings, about 70 kB that every other route of the
  // sub-models area would load at its cold start (docs/testing.md, "Cold import of the area functions").
  const { definitionFileProblem, importDefinitionFile } = await import(
    '@shared/sub-models/definition-import'
  );
  const fileProblem = definitionFileProblem(body.fileName, type);
  if (fileProblem) throw new BadRequestError(fileProblem);
  const imported = importDefinitionFile(body.fileName, body.content, type);
  if (!imported.ok)
    throw new UnprocessableError(imported.message, [{ path: 'body.content', message: imported.message }]);
  const value =
    imported.type === 'JSONTEMPLATE'
      ? JSON.stringify({ definitions: imported.definitions })
      : JSON.stringify(imported.value);
  requireStorableValue(value);

  if (target) return toInputView(await saveInputValue(user, target, value, undefined, now));
  const at = now.toISOString();
  const record: InputRecord = {
    id: ulid(now.getTime()),
    subModelId: subModel.id,
    modelUuid: uuid,
    type,
    name: DEFAULT_INPUT_NAME,
    value,
    createdBy: user.id,
    createdOn: at,
    modifiedOn: at,
  };
  await createInput(record);
  return toInputView(record);
}
