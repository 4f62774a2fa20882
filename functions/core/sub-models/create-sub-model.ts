import type { CreateSubModelBody, SubModelView } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { DEFAULT_INPUT_NAME, newModelInputValue } from '@shared/sub-models/model-input';
import { ulid } from 'ulid';
import { listModelFiles } from '../../data/model-files';
import { inputPut, listSubModels, type SubModelRecord, subModelPut } from '../../data/sub-models';
import { runTransaction } from '../../data/transactions';
import { fullName } from '../models/model-users';
import {
  loadSubModelEntry,
  requireLinkableSections,
  requireSubModelAction,
  toSubModelView,
} from './sub-model-access';
import { executionFileIssues, linkIssues, throwIssues } from './sub-model-checks';

/**
 * Adds a sub-model (the Add sub-model dialog's Save, 'Sub-model has been created').
 * 1. Entry visible, WebModel 2.0; 'add' in the section of `type` (display viewers cannot add; a
 *    scenario modeler is forbidden in calibration); not on a retired entry.
 * 2. Links only to sections the caller sees (403: requireLinkableSections). Execution files are
 *    files of the entry its language executes; links name sub-models of the right type (422 with
 *    every issue).
 * 3. One transaction: the sub-model (version 1) and its input definition 'default' of the chosen
 *    definition type with the type's empty value (§3).
 */
export async function createSubModel(
  user: User,
  uuid: string,
  body: CreateSubModelBody,
  now = new Date(),
): Promise<SubModelView> {
  const model = await loadSubModelEntry(uuid, user);
  requireSubModelAction('add', user, model, body.type);
  requireLinkableSections(user, model, body);
  const [files, subModels] = await Promise.all([listModelFiles(uuid), listSubModels(uuid)]);
  throwIssues([...executionFileIssues(model, files, body.executionModels), ...linkIssues(body, subModels)]);

  const at = now.toISOString();
  const record: SubModelRecord = {
    id: ulid(now.getTime()),
    modelUuid: uuid,
    type: body.type,
    name: body.name,
    environment: body.environment,
    executionModels: body.executionModels,
    timeoutSeconds: body.timeoutSeconds,
    ...(body.executionSetupId ? { executionSetupId: body.executionSetupId } : {}),
    ...(body.displayExecutionSetupId ? { displayExecutionSetupId: body.displayExecutionSetupId } : {}),
    outputPathDir: body.outputPathDir,
    definitionType: body.definitionType,
    version: 1,
    createdBy: user.id,
    createdByName: fullName(user),
    createdOn: at,
    modifiedOn: at,
  };
  await runTransaction([
    subModelPut(record),
    inputPut({
      id: ulid(now.getTime()),
      subModelId: record.id,
      modelUuid: uuid,
      type: body.definitionType,
      name: DEFAULT_INPUT_NAME,
      value: newModelInputValue(body.definitionType),
      createdBy: user.id,
      createdOn: at,
      modifiedOn: at,
    }),
  ]);
  return toSubModelView(user, model, record);
}
