import type { User } from '@shared/schemas/user';
import { sampleTemplate, sampleValues } from '@shared/sub-models/sample-template';
import { createInstance, currentInput } from '../../../functions/core/instances/create-instance';
import { createParameterFile } from '../../../functions/core/instances/parameter-files';
import { shareInstance } from '../../../functions/core/instances/share-instance';
import { putInstanceInputs, setInstanceLabel } from '../../../functions/core/instances/update-instance';
import { putUserExpertise } from '../../../functions/core/models/user-expertise';
import { createSubModel } from '../../../functions/core/sub-models/create-sub-model';
import { createGroupOf } from '../../../functions/core/sub-models/groups';
import { updateInputOf } from '../../../functions/core/sub-models/inputs';
import { putObject } from '../../../functions/data/file-objects';
import { listModelFiles } from '../../../functions/data/model-files';
import { getModel } from '../../../functions/data/models';
import { parameterFileKey } from '../../../functions/data/parameter-files';
import { listInputs, listSubModels } from '../../../functions/data/sub-models';
import { DEMO_ENTRIES, type DemoPersona } from './catalogue';
import type { DemoContext, DemoStep } from './seed-demo';

/**
 * Demo step 'sub-models' (issue 10): every WebModel 2.0 demo entry that is not retired gets what a
 * newcomer needs to try sub-models at once, written through the product's own use cases:
 * - a calibration, a scenario (linked to the calibration and the display) and a display sub-model,
 *   executing the entry's Python script; the calibration and scenario definitions are templates with
 *   one parameter of each of the 13 types (shared/sub-models/sample-template.ts);
 * - scenario instances by the lead, the modeler and an owner (one with a label, one with edited
 *   values), a calibration instance by the modeler, one instance shared with the viewer;
 * - a group 'Sensitivity analyses' holding two scenarios;
 * - User Settings: the viewer Basic (250), the modeler Expert (1000) with both sub-models, so the two
 *   see different parameters of the same instance.
 * Instances stay drafts here: runs and their statuses come with the execution pipeline (issue 11).
 * Idempotent: an entry that has any sub-model is left as it is.
 */
export const SUB_MODELS_STEP: DemoStep = { name: 'sub-models', run: seedSubModels };

// The computing demo models (modelDir) get their own sub-models and runs (model-runs.ts).
const WEBMODEL_KEYS = DEMO_ENTRIES.filter(
  (e) => e.metadata.platform === 'WebModel 2.0' && e.status !== 'RETIRED' && !e.modelDir,
).map((e) => e.key);

async function seedSubModels(ctx: DemoContext): Promise<number> {
  let added = 0;
  for (const key of WEBMODEL_KEYS) {
    const uuid = ctx.uuids.get(key);
    if (!uuid || (await listSubModels(uuid)).length > 0) continue;
    await seedEntry(ctx, uuid);
    added++;
  }
  if (added > 0) ctx.log(`demo catalogue: sub-models, instances and groups on ${added} WebModel 2.0 entries`);
  return added;
}

async function seedEntry(ctx: DemoContext, uuid: string): Promise<void> {
  const as = (key: DemoPersona) => ctx.users.get(key) as User;
  const lead = as('lead');
  const model = await getModel(uuid);
  if (!model) return;
  const script = (await listModelFiles(uuid)).find((f) => !f.folder && f.name.endsWith('.py'));
  if (!script) return;
  const environment = String(model.metadata.python_environment ?? 'Python 3.11 (WebModel runtime)');
  const common = { environment, executionModels: [script.uuid], outputPathDir: 'outputs' };

  const display = await createSubModel(lead, uuid, {
    ...common,
    type: 'display',
    name: 'Results dashboard',
    timeoutSeconds: 10 * 60,
    definitionType: 'JSON',
  });
  const calibration = await createSubModel(lead, uuid, {
    ...common,
    type: 'calibration',
    name: 'Calibration to surveillance data',
    timeoutSeconds: 60 * 60,
    displayExecutionSetupId: display.id,
    definitionType: 'JSONTEMPLATE',
  });
  const scenario = await createSubModel(lead, uuid, {
    ...common,
    type: 'scenario',
    name: 'Base case and sensitivity',
    timeoutSeconds: 30 * 60,
    executionSetupId: calibration.id,
    displayExecutionSetupId: display.id,
    definitionType: 'JSONTEMPLATE',
  });
  const template = JSON.stringify(demoTemplate());
  for (const subModel of [calibration, scenario]) {
    const input = currentInput(await listInputs(uuid, subModel.id));
    if (input) await updateInputOf(lead, uuid, subModel.id, input.id, { value: template });
  }

  const base = await createInstance(lead, uuid, scenario.id, { name: `Base case` });
  const uptake = await createInstance(as('modeler'), uuid, scenario.id, {
    name: `Higher vaccine uptake`,
    label: 'Uptake +10 pp',
  });
  await createInstance(as('owner'), uuid, scenario.id, { name: `Lower price` });
  await createInstance(as('modeler'), uuid, calibration.id, { name: `Calibration run 1` });
  await setInstanceLabel(lead, uuid, base.id, 'Reference');
  const values = sampleValues(demoTemplate().definitions);
  // The FILE parameter holds a file uploaded for this instance, as the parameters editor uploads it:
  // only such a value is accepted (issue 16 §2).
  for (const file of demoTemplate().definitions.filter((d) => d.type === 'FILE'))
    values[file.name] = await uploadParameterFile(as('modeler'), uuid, uptake.id, file.name);
  await putInstanceInputs(as('modeler'), uuid, uptake.id, {
    modelInputId: uptake.input.modelInputId,
    value: JSON.stringify(values),
  });
  await shareInstance(lead, uuid, base.id, {
    isids: [as('viewer').id],
    messageText: 'Please review the base case before the steering meeting.',
  });
  await createGroupOf(lead, uuid, {
    executionSetupId: scenario.id,
    name: 'Sensitivity analyses',
    scenarioIds: [base.id, uptake.id],
  });
  const viewer = as('viewer').id;
  const modeler = as('modeler').id;
  await putUserExpertise(lead, uuid, viewer, {
    userId: viewer,
    expertiseTypeLevel: 250,
    subModelIdList: [scenario.id],
  });
  await putUserExpertise(lead, uuid, modeler, {
    userId: modeler,
    expertiseTypeLevel: 1000,
    subModelIdList: [calibration.id, scenario.id],
  });
}

/** One parameter of each type, spread over the four expertise levels so that levels make a difference. */
function demoTemplate() {
  const levels = [250, 500, 750, 1000] as const;
  const { definitions } = sampleTemplate();
  return {
    definitions: definitions.map((d, i) => ({ ...d, expertiseLevel: levels[i % levels.length] ?? 500 })),
  };
}

/** Uptake by age group: the sample CSV a modeler uploads for the template's FILE parameter. */
const UPTAKE_CSV = 'age_group,uptake\n0-17,0.15\n18-64,0.25\n65+,0.35\n';

/**
 * A parameter file uploaded for an instance the way the parameters editor does it: a ticket from the
 * parameter-file use case, the body where its presigned PUT would put it; returns the value to save.
 */
async function uploadParameterFile(
  user: User,
  uuid: string,
  instanceId: string,
  parameterName: string,
): Promise<{ id: string; name: string }> {
  const body = Buffer.from(UPTAKE_CSV);
  const ticket = await createParameterFile(user, uuid, instanceId, {
    parameterName,
    fileName: 'uptake_by_age.csv',
    size: body.length,
  });
  await putObject(parameterFileKey(uuid, ticket.file.id), body, { contentType: 'text/csv' });
  return ticket.file;
}
