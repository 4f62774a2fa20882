import type { SubModelView, UpdateSubModelBody } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { FORM_MESSAGES } from '@shared/sub-models/messages';
import { definitionTypeChangeProblem } from '@shared/sub-models/sub-model';
import { outdateInstances } from '../../data/instances-outdate';
import { listModelFiles } from '../../data/model-files';
import { listSubModels, type SubModelRecord, updateSubModel } from '../../data/sub-models';
import {
  loadSubModel,
  loadSubModelEntry,
  requireLinkableSections,
  requireSubModelAction,
  toSubModelView,
} from './sub-model-access';
import { executionFileIssues, type Issue, linkIssues, throwIssues } from './sub-model-checks';

/**
 * Edits a sub-model (the Edit sub-model dialog's Save, 'Sub-model has been updated').
 * 1. Entry visible, WebModel 2.0; 'edit' on the sub-model (super users, owners, lead, steward; never
 *    a display sub-model); not on a retired entry.
 * 2. The type (section) and the definition type stay as they are (422); links, execution files
 *    as when adding (403 / 422).
 * 3. Replace the item conditional on the version read (409 when someone else saved meanwhile); the
 *    version goes up by one.
 * 4. With `outdateInstances` ('Outdate instances'), mark the sub-model's instances outdated.
 */
export async function updateSubModelOf(
  user: User,
  uuid: string,
  subModelId: string,
  body: UpdateSubModelBody,
  now = new Date(),
): Promise<SubModelView> {
  const model = await loadSubModelEntry(uuid, user);
  const current = await loadSubModel(model, subModelId);
  requireSubModelAction('edit', user, model, current.type);
  requireLinkableSections(user, model, body);

  const fixed: Issue[] = [];
  if (body.type !== current.type) fixed.push({ path: 'body.type', message: FORM_MESSAGES.invalid('Type') });
  const definitionProblem = definitionTypeChangeProblem(current.definitionType, body.definitionType);
  if (definitionProblem) fixed.push({ path: 'body.definitionType', message: definitionProblem });
  throwIssues(fixed);
  const [files, subModels] = await Promise.all([listModelFiles(uuid), listSubModels(uuid)]);
  throwIssues([
    ...executionFileIssues(model, files, body.executionModels),
    ...linkIssues(body, subModels, current.id),
  ]);

  const next: SubModelRecord = {
    id: current.id,
    modelUuid: uuid,
    type: current.type,
    name: body.name,
    environment: body.environment,
    executionModels: body.executionModels,
    timeoutSeconds: body.timeoutSeconds,
    ...(body.executionSetupId ? { executionSetupId: body.executionSetupId } : {}),
    ...(body.displayExecutionSetupId ? { displayExecutionSetupId: body.displayExecutionSetupId } : {}),
    outputPathDir: body.outputPathDir,
    definitionType: current.definitionType,
    version: current.version + 1,
    createdBy: current.createdBy,
    createdOn: current.createdOn,
    modifiedOn: now.toISOString(),
    modifiedBy: user.id,
  };
  await updateSubModel(next, current.version);
  if (body.outdateInstances) await outdateInstances(uuid, current.id, now);
  return toSubModelView(user, model, next);
}
