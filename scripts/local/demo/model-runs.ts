import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nameKey } from '@shared/rules/model-name';
import { HELP_FILE_TAG } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { createExecution } from '../../../functions/core/executions/create-execution';
import { startExecutionGroup } from '../../../functions/core/executions/start-execution';
import { createInstance, currentInput } from '../../../functions/core/instances/create-instance';
import { putInstanceInputs } from '../../../functions/core/instances/update-instance';
import { createSubModel } from '../../../functions/core/sub-models/create-sub-model';
import { updateInputOf } from '../../../functions/core/sub-models/inputs';
import { getInstance } from '../../../functions/data/instances';
import { listModelFiles, type ModelFileRecord } from '../../../functions/data/model-files';
import { getModelNameOwner } from '../../../functions/data/model-names';
import { listInputs, listSubModels } from '../../../functions/data/sub-models';
import { DEMO_ENTRIES, type DemoEntry, demoEntryName } from './catalogue';
import { type DemoFile, XLSX_TYPE } from './files';
import type { DemoContext, DemoStep } from './seed-demo';

/**
 * Demo step 'runs' (issue 11 §3): the three computing demo entries (DemoEntry.modelDir) get a scenario
 * sub-model with the model's own input definition, two or three scenarios with different values, and
 * runs of them through the product's Execute and start use cases, so a newcomer opens COMPLETED
 * scenarios with real results. The Python entry also gets its calibration sub-model (calibrate.py,
 * with a draft instance: a calibration runs with an uploaded survival file) and a display sub-model
 * the scenario links (display sub-models take no instances of their own).
 *
 * Runs need the Step Functions server: start.ts runs this step once the local cloud is up, without
 * waiting for it. A run that fails or does not end in time is logged and left as it is: the demo
 * never blocks the start. Idempotent: an entry that has any sub-model is left as it is.
 */
export const MODEL_RUNS_STEP: DemoStep = { name: 'runs', run: seedModelRuns };

/** How long the step waits for the runs of all three entries (they run side by side). */
const RUN_WAIT_MS = 5 * 60_000;
const POLL_MS = 1_000;
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'ACCEPTED', 'SUPERSEDED']);

export const COMPUTING_ENTRIES = DEMO_ENTRIES.filter((e) => e.modelDir);

const MODELS_DIR = join('models', 'demo');

/** The files of a computing entry: its model directory as the modeler would upload it. */
export async function modelDirFiles(entry: DemoEntry): Promise<DemoFile[]> {
  const dir = entry.modelDir;
  if (!dir) throw new Error(`Demo entry '${entry.key}' has no model directory`);
  const file = async (
    path: string,
    name: string,
    contentType: string,
    fileTag: string,
    mainFile = false,
  ): Promise<DemoFile> => ({
    name,
    path,
    body: await readFile(join(MODELS_DIR, dir, path, name)),
    contentType,
    fileTag,
    mainFile,
  });
  const json = 'application/json';
  const readme: DemoFile = {
    name: 'README.md',
    path: 'docs',
    body: await readFile(join(MODELS_DIR, 'README.md')),
    contentType: 'text/markdown',
    fileTag: 'Report',
    mainFile: false,
  };
  switch (dir) {
    case 'markov-cohort-r':
      return [
        await file('', 'markov_cohort.R', 'text/plain', 'Model', true),
        await file('', 'input-definition.json', json, 'Data'),
        readme,
      ];
    case 'partitioned-survival-python':
      return [
        await file('', 'partitioned_survival.py', 'text/x-python', 'Model', true),
        await file('', 'calibrate.py', 'text/x-python', 'Code'),
        await file('', 'input-definition.json', json, 'Data'),
        await file('', 'calibration-input-definition.json', json, 'Data'),
        // The calibration's FILE parameter names it as its help file: the sample data to upload.
        await file('data', 'km_comparator.csv', 'text/csv', HELP_FILE_TAG),
        readme,
      ];
    case 'budget-impact-excel':
      return [
        await file('', 'budget-impact.xlsx', XLSX_TYPE, 'Model', true),
        await file('', 'input-definition.json', json, 'Data'),
        readme,
      ];
  }
}

interface Scenario {
  name: string;
  label?: string;
  /** Values over the defaults. */
  values: Record<string, unknown>;
}

interface ModelPlan {
  environment: string;
  mainFile: string;
  scenarios: Scenario[];
}

const PLANS: Record<NonNullable<DemoEntry['modelDir']>, ModelPlan> = {
  'markov-cohort-r': {
    environment: 'R 4.2',
    mainFile: 'markov_cohort.R',
    scenarios: [
      { name: 'Base case', label: 'Reference', values: {} },
      { name: 'Discount rates 1.5%', values: { discount_rate_costs: 0.015, discount_rate_qalys: 0.015 } },
      { name: 'Treatment cost +25%', values: { cost_treatment: 2500 } },
    ],
  },
  'partitioned-survival-python': {
    environment: 'Python 3.11 (WebModel runtime)',
    mainFile: 'partitioned_survival.py',
    scenarios: [
      { name: 'Base case', label: 'Reference', values: {} },
      { name: 'Hazard ratio OS 0.85', values: { hr_os: 0.85 } },
      { name: 'Ten-year horizon', values: { time_horizon_years: 10 } },
    ],
  },
  'budget-impact-excel': {
    environment: 'Excel (LibreOffice headless)',
    mainFile: 'budget-impact.xlsx',
    scenarios: [
      { name: 'Base case', label: 'Reference', values: {} },
      { name: 'Faster uptake', values: { UptakeNew: [[0.2, 0.35, 0.5, 0.6, 0.7]] } },
    ],
  },
};

async function seedModelRuns(ctx: DemoContext): Promise<number> {
  const started = Date.now();
  const lead = ctx.users.get('lead') as User;
  const toRun: { uuid: string; instanceId: string; name: string; entry: string }[] = [];
  let added = 0;
  for (const entry of COMPUTING_ENTRIES) {
    const uuid = ctx.uuids.get(entry.key) ?? (await getModelNameOwner(nameKey(demoEntryName(entry))));
    if (!uuid || (await listSubModels(uuid)).length > 0) continue;
    ctx.uuids.set(entry.key, uuid);
    let instances: { id: string; name: string }[];
    try {
      instances = await seedEntry(lead, uuid, entry);
      added++;
    } catch (error) {
      ctx.log(`demo catalogue: sub-models of ${entry.key} could not be set up: ${String(error)}`);
      continue;
    }
    for (const instance of instances) {
      try {
        const created = await createExecution(lead, uuid, { instanceIds: [instance.id] });
        await startExecutionGroup(lead, created.result.groupId);
        toRun.push({ uuid, instanceId: instance.id, name: instance.name, entry: entry.key });
      } catch (error) {
        ctx.log(`demo catalogue: '${instance.name}' of ${entry.key} could not be executed: ${String(error)}`);
      }
    }
  }
  if (toRun.length === 0) return added;
  ctx.log(`demo catalogue: running ${toRun.length} scenarios of the computing demo models...`);
  const statuses = await waitForRuns(toRun);
  const failed = toRun.filter((_, i) => statuses[i] !== 'COMPLETED');
  for (const run of failed)
    ctx.log(
      `demo catalogue: run '${run.name}' of ${run.entry} ended ${statuses[toRun.indexOf(run)] ?? 'unknown'}`,
    );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  ctx.log(
    `demo catalogue: ${toRun.length - failed.length} of ${toRun.length} demo runs completed in ${seconds} s`,
  );
  return added;
}

/** Sub-models and instances of one computing entry; returns the instances to run. */
async function seedEntry(
  lead: User,
  uuid: string,
  entry: DemoEntry,
): Promise<{ id: string; name: string }[]> {
  const dir = entry.modelDir as NonNullable<DemoEntry['modelDir']>;
  const plan = PLANS[dir];
  const files = await listModelFiles(uuid);
  const fileNamed = (name: string) => files.find((f) => !f.folder && f.name === name) as ModelFileRecord;
  const common = { environment: plan.environment, outputPathDir: 'output' };

  let display: { id: string } | undefined;
  if (dir === 'partitioned-survival-python') {
    display = await createSubModel(lead, uuid, {
      ...common,
      type: 'display',
      name: 'Survival curves dashboard',
      executionModels: [fileNamed(plan.mainFile).uuid],
      timeoutSeconds: 10 * 60,
      definitionType: 'JSON',
    });
    const calibration = await createSubModel(lead, uuid, {
      ...common,
      type: 'calibration',
      name: 'Weibull calibration to Kaplan-Meier data',
      executionModels: [fileNamed('calibrate.py').uuid],
      timeoutSeconds: 10 * 60,
      definitionType: 'JSONTEMPLATE',
    });
    const template = await definitionOf(dir, 'calibration-input-definition.json');
    const help = fileNamed('km_comparator.csv');
    const definitions = (template.definitions as Record<string, unknown>[]).map((d) => ({
      id: d.name,
      ...d,
      ...(d.type === 'FILE' ? { files: help.uuid } : {}),
    }));
    await saveDefinition(lead, uuid, calibration.id, JSON.stringify({ ...template, definitions }));
    await createInstance(lead, uuid, calibration.id, { name: 'Calibration to comparator KM data' });
  }

  const scenario = await createSubModel(lead, uuid, {
    ...common,
    type: 'scenario',
    name: 'Base case and sensitivity analyses',
    executionModels: [fileNamed(plan.mainFile).uuid],
    timeoutSeconds: 10 * 60,
    definitionType: 'JSONTEMPLATE',
    ...(display ? { displayExecutionSetupId: display.id } : {}),
  });
  await saveDefinition(
    lead,
    uuid,
    scenario.id,
    JSON.stringify(await definitionOf(dir, 'input-definition.json')),
  );

  const instances: { id: string; name: string }[] = [];
  for (const s of plan.scenarios) {
    const created = await createInstance(lead, uuid, scenario.id, {
      name: s.name,
      ...(s.label ? { label: s.label } : {}),
    });
    if (Object.keys(s.values).length > 0) {
      const current = JSON.parse(created.input.value) as Record<string, unknown>;
      await putInstanceInputs(lead, uuid, created.id, {
        modelInputId: created.input.modelInputId,
        value: JSON.stringify({ ...current, ...s.values }),
      });
    }
    instances.push({ id: created.id, name: s.name });
  }
  return instances;
}

async function definitionOf(dir: string, name: string): Promise<Record<string, unknown>> {
  const file = JSON.parse(await readFile(join(MODELS_DIR, dir, name), 'utf8')) as {
    value: Record<string, unknown>;
  };
  return file.value;
}

async function saveDefinition(lead: User, uuid: string, subModelId: string, value: string): Promise<void> {
  const input = currentInput(await listInputs(uuid, subModelId));
  if (!input) throw new Error(`Sub-model ${subModelId} has no input definition`);
  await updateInputOf(lead, uuid, subModelId, input.id, { value });
}

/** Polls the instances until each has ended or the time is up; returns their statuses. */
async function waitForRuns(runs: readonly { uuid: string; instanceId: string }[]): Promise<string[]> {
  const deadline = Date.now() + RUN_WAIT_MS;
  for (;;) {
    const statuses = await Promise.all(
      runs.map(async (r) => (await getInstance(r.uuid, r.instanceId))?.status ?? 'MISSING'),
    );
    if (statuses.every((s) => FINAL.has(s)) || Date.now() > deadline) return statuses;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
