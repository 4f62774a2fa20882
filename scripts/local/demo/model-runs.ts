import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nameKey } from '@shared/rules/model-name';
import { HELP_FILE_TAG } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { governInstance } from '../../../functions/core/executions/calibration-governance';
import { createExecution } from '../../../functions/core/executions/create-execution';
import { startExecutionGroup } from '../../../functions/core/executions/start-execution';
import { createInstance, currentInput } from '../../../functions/core/instances/create-instance';
import { createParameterFile } from '../../../functions/core/instances/parameter-files';
import { saveAnalysis } from '../../../functions/core/instances/save-analysis';
import { shareInstance } from '../../../functions/core/instances/share-instance';
import { putInstanceInputs } from '../../../functions/core/instances/update-instance';
import { putUserExpertise } from '../../../functions/core/models/user-expertise';
import { createSubModel } from '../../../functions/core/sub-models/create-sub-model';
import { updateInputOf } from '../../../functions/core/sub-models/inputs';
import { putObject } from '../../../functions/data/file-objects';
import { getInstance } from '../../../functions/data/instances';
import { listModelFiles, type ModelFileRecord } from '../../../functions/data/model-files';
import { getModelNameOwner } from '../../../functions/data/model-names';
import { parameterFileKey } from '../../../functions/data/parameter-files';
import { listInputs, listSubModels } from '../../../functions/data/sub-models';
import { DEMO_ENTRIES, type DemoEntry, demoEntry, demoEntryName } from './catalogue';
import { type DemoFile, XLSX_TYPE } from './files';
import type { DemoContext, DemoStep } from './seed-demo';
import { demoChainVersions, RESULTS_CHAIN } from './versions';

/**
 * Demo step 'runs' (issue 11 §3): the three computing demo entries (DemoEntry.modelDir) get a scenario
 * sub-model with the model's own input definition, two or three scenarios with different values, and
 * runs of them through the product's Execute and start use cases, so a newcomer opens COMPLETED
 * scenarios with real results. The Python entry shows the whole chain, each step through the use case
 * a user's click calls:
 * 1. its calibration sub-model (calibrate.py) gets an instance whose survival data is the sample
 *    Kaplan-Meier file, uploaded as the parameters editor uploads it; it runs and is ACCEPTED;
 * 2. its scenario sub-model links the calibration and a display sub-model (display.py); its scenarios
 *    run with the accepted calibration, so their survival curves are the calibrated ones;
 * 3. a hidden analysis on the display sub-model displays the three scenarios (the visualization's
 *    'Scenario Analysis') and runs: its result compares them in tables and charts. Once finished it is
 *    saved under a name (Save Analysis) and shared with the viewer, who finds it under 'Saved
 *    Analyses' in step 1 and in the share e-mail's link (issue 19).
 *
 * The R entry's scenario sub-model links a display sub-model too (display.R: a CE table, a CE plane
 * and the Markov traces); no analysis is seeded there, its finished scenarios wait in step 1.
 *
 * Runs need the Step Functions server: start.ts runs this step once the local cloud is up, without
 * waiting for it. A run that fails or does not end in time is logged and left as it is (the steps
 * after it are skipped): the demo never blocks the start. Idempotent: an entry that has any sub-model
 * is left as it is.
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
        await file('', 'display.R', 'text/plain', 'Code'),
        await file('', 'input-definition.json', json, 'Data'),
        readme,
      ];
    case 'partitioned-survival-python':
      return [
        await file('', 'partitioned_survival.py', 'text/x-python', 'Model', true),
        await file('', 'calibrate.py', 'text/x-python', 'Code'),
        await file('', 'display.py', 'text/x-python', 'Code'),
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

interface Run {
  uuid: string;
  instanceId: string;
  name: string;
  entry: string;
}

/** The Python entry's chain after its calibration run (steps 1-3 of the module comment). */
interface CalibratedChain {
  uuid: string;
  entry: string;
  calibration: Run;
  scenarios: { id: string; name: string }[];
  displayId: string;
}

async function seedModelRuns(ctx: DemoContext): Promise<number> {
  const started = Date.now();
  const lead = ctx.users.get('lead') as User;
  const runs: Run[] = [];
  const chains: CalibratedChain[] = [];
  let added = 0;
  const targets: { entry: DemoEntry; uuid: string | undefined }[] = [];
  for (const entry of COMPUTING_ENTRIES) {
    const uuid = ctx.uuids.get(entry.key) ?? (await getModelNameOwner(nameKey(demoEntryName(entry))));
    if (uuid) ctx.uuids.set(entry.key, uuid);
    targets.push({ entry, uuid });
  }
  // The R model's later version runs the same-named scenarios, so compare shows what it changed.
  targets.push(...(await resultVersionTargets(ctx)));
  for (const { entry, uuid } of targets) {
    if (!uuid || (await listSubModels(uuid)).length > 0) continue;
    let seeded: SeededEntry;
    try {
      seeded = await seedEntry(lead, uuid, entry);
      added++;
    } catch (error) {
      ctx.log(`demo catalogue: sub-models of ${entry.key} could not be set up: ${String(error)}`);
      continue;
    }
    if (seeded.calibrated) {
      const { calibration, scenarios, displayId } = seeded.calibrated;
      const run = await execute(ctx, lead, {
        uuid,
        instanceId: calibration.id,
        name: calibration.name,
        entry: entry.key,
      });
      if (run) chains.push({ uuid, entry: entry.key, calibration: run, scenarios, displayId });
    }
    for (const instance of seeded.scenarios) {
      const run = await execute(ctx, lead, {
        uuid,
        instanceId: instance.id,
        name: instance.name,
        entry: entry.key,
      });
      if (run) runs.push(run);
    }
  }
  if (runs.length === 0 && chains.length === 0) return added;
  ctx.log(
    `demo catalogue: running ${runs.length + chains.length} demo runs (then the calibrated scenarios and an analysis)...`,
  );
  const [statuses, chained] = await Promise.all([
    waitForRuns(runs),
    Promise.all(chains.map((chain) => runCalibratedChain(ctx, lead, chain))),
  ]);
  const all = [...runs, ...chained.flatMap((c) => c.runs)];
  const ended = [...statuses, ...chained.flatMap((c) => c.statuses)];
  const failed = all.filter((_, i) => ended[i] !== 'COMPLETED' && ended[i] !== 'ACCEPTED');
  for (const run of failed)
    ctx.log(
      `demo catalogue: run '${run.name}' of ${run.entry} ended ${ended[all.indexOf(run)] ?? 'unknown'}`,
    );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  ctx.log(
    `demo catalogue: ${all.length - failed.length} of ${all.length} demo runs completed in ${seconds} s`,
  );
  return added;
}

/**
 * The versions of RESULTS_CHAIN (versions.ts) that exist, each with its base entry's plan: the same
 * sub-model and scenarios, run with its own changed script (issue 18 §6).
 */
async function resultVersionTargets(ctx: DemoContext): Promise<{ entry: DemoEntry; uuid: string }[]> {
  const base = demoEntry(RESULTS_CHAIN.base);
  const baseUuid = ctx.uuids.get(base.key) ?? (await getModelNameOwner(nameKey(demoEntryName(base))));
  if (!baseUuid) return [];
  const versions = await demoChainVersions(RESULTS_CHAIN, baseUuid);
  return versions.map((uuid) => ({ entry: base, uuid }));
}

/** Execute and start, as the instance sidebar does; undefined (logged) when Execute refuses. */
async function execute(
  ctx: DemoContext,
  lead: User,
  run: Run,
  calibrationInstanceId?: string,
): Promise<Run | undefined> {
  try {
    const created = await createExecution(lead, run.uuid, {
      instanceIds: [run.instanceId],
      ...(calibrationInstanceId ? { calibrationInstanceId } : {}),
    });
    await startExecutionGroup(lead, created.result.groupId);
    return run;
  } catch (error) {
    ctx.log(`demo catalogue: '${run.name}' of ${run.entry} could not be executed: ${String(error)}`);
    return undefined;
  }
}

/**
 * The calibration's run, then Accept; the scenarios with the accepted calibration; then the analysis
 * that displays them. Returns every run of the chain with how it ended ('NOT RUN' when a step before
 * it failed).
 */
async function runCalibratedChain(
  ctx: DemoContext,
  lead: User,
  chain: CalibratedChain,
): Promise<{ runs: Run[]; statuses: string[] }> {
  const { uuid, entry } = chain;
  const scenarioRuns = chain.scenarios.map((s) => ({ uuid, instanceId: s.id, name: s.name, entry }));
  const done = (runs: Run[], statuses: string[]) => ({ runs, statuses });
  const notRun = (runs: Run[]) => runs.map(() => 'NOT RUN');
  const [calibrated] = await waitForRuns([chain.calibration]);
  if (calibrated !== 'COMPLETED')
    return done([chain.calibration, ...scenarioRuns], [calibrated ?? 'unknown', ...notRun(scenarioRuns)]);
  try {
    await governInstance(lead, uuid, chain.calibration.instanceId, 'accept');
  } catch (error) {
    ctx.log(`demo catalogue: the calibration of ${entry} could not be accepted: ${String(error)}`);
    return done([chain.calibration, ...scenarioRuns], ['COMPLETED', ...notRun(scenarioRuns)]);
  }

  const started: Run[] = [];
  for (const run of scenarioRuns) {
    const ran = await execute(ctx, lead, run, chain.calibration.instanceId);
    if (ran) started.push(ran);
  }
  const statuses = await waitForRuns(started);
  const runs = [chain.calibration, ...started];
  const ended = ['ACCEPTED', ...statuses];
  const completed = started.filter((_, i) => statuses[i] === 'COMPLETED');
  if (completed.length === 0) return done(runs, ended);

  // The visualization's step 2 with the finished scenarios in their order: a hidden analysis.
  const name = `Scenario Analysis ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`;
  let analysis: Run;
  try {
    const created = await createInstance(lead, uuid, chain.displayId, {
      name,
      hidden: true,
      displayScenarios: completed.map((r, i) => ({ id: r.instanceId, order: i + 1 })),
    });
    analysis = { uuid, instanceId: created.id, name, entry };
  } catch (error) {
    ctx.log(`demo catalogue: the analysis of ${entry} could not be created: ${String(error)}`);
    return done(runs, ended);
  }
  const ran = await execute(ctx, lead, analysis);
  if (!ran) return done([...runs, analysis], [...ended, 'NOT RUN']);
  const [shown] = await waitForRuns([analysis]);
  if (shown === 'COMPLETED') await saveAndShareAnalysis(ctx, lead, analysis);
  return done([...runs, analysis], [...ended, shown ?? 'unknown']);
}

/** The analysis's name once saved: what the README's walkthrough tells the viewer to open. */
export const DEMO_ANALYSIS_NAME = 'Survival scenarios compared';

/** Save Analysis, then Share Link with the viewer (issue 19): what a lead does with a finished analysis. */
async function saveAndShareAnalysis(ctx: DemoContext, lead: User, analysis: Run): Promise<void> {
  try {
    await saveAnalysis(lead, analysis.uuid, analysis.instanceId, { name: DEMO_ANALYSIS_NAME });
    const viewer = ctx.users.get('viewer');
    if (viewer)
      await shareInstance(lead, analysis.uuid, analysis.instanceId, {
        isids: [viewer.id],
        messageText: `Leo Lead has shared the analysis "${DEMO_ANALYSIS_NAME}" with you. Open it in the visualization: /model/${analysis.uuid}/visualization/render/${analysis.instanceId}`,
      });
  } catch (error) {
    ctx.log(
      `demo catalogue: the analysis of ${analysis.entry} could not be saved or shared: ${String(error)}`,
    );
  }
}

interface SeededEntry {
  /** Scenarios to run at once. */
  scenarios: { id: string; name: string }[];
  /** The Python entry: its calibration instance, the scenarios that need it, the display sub-model. */
  calibrated?: {
    calibration: { id: string; name: string };
    scenarios: { id: string; name: string }[];
    displayId: string;
  };
}

/** Sub-models and instances of one computing entry; returns the instances to run. */
async function seedEntry(lead: User, uuid: string, entry: DemoEntry): Promise<SeededEntry> {
  const dir = entry.modelDir as NonNullable<DemoEntry['modelDir']>;
  const plan = PLANS[dir];
  const files = await listModelFiles(uuid);
  const fileNamed = (name: string) => files.find((f) => !f.folder && f.name === name) as ModelFileRecord;
  const common = { environment: plan.environment, outputPathDir: 'output' };

  let linked:
    | {
        display: { id: string };
        calibration: { id: string };
      }
    | undefined;
  if (dir === 'partitioned-survival-python') {
    const display = await createSubModel(lead, uuid, {
      ...common,
      type: 'display',
      name: 'Survival curves dashboard',
      executionModels: [fileNamed('display.py').uuid],
      timeoutSeconds: 10 * 60,
      definitionType: 'JSON',
    });
    // The display parameters of the visualization (display.py reads them).
    await saveDefinition(
      lead,
      uuid,
      display.id,
      JSON.stringify({ title: 'Survival curves dashboard', willingness_to_pay: 100000 }),
    );
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
    linked = { display, calibration };
  }
  // The R entry's display model (display.R, issue 19 §4): its scenarios can be compared in the
  // visualization at once. Versions of the entry made from other files have none.
  let rDisplay: { id: string } | undefined;
  const displayR = files.find((f) => !f.folder && f.name === 'display.R');
  if (dir === 'markov-cohort-r' && displayR) {
    rDisplay = await createSubModel(lead, uuid, {
      ...common,
      type: 'display',
      name: 'Scenario comparison dashboard',
      executionModels: [displayR.uuid],
      timeoutSeconds: 10 * 60,
      definitionType: 'JSON',
    });
    // The display parameters of the visualization (display.R reads them).
    await saveDefinition(
      lead,
      uuid,
      rDisplay.id,
      JSON.stringify({ title: 'Markov scenarios compared', willingness_to_pay: 30000 }),
    );
  }

  const scenario = await createSubModel(lead, uuid, {
    ...common,
    type: 'scenario',
    name: 'Base case and sensitivity analyses',
    executionModels: [fileNamed(plan.mainFile).uuid],
    timeoutSeconds: 10 * 60,
    definitionType: 'JSONTEMPLATE',
    ...(linked
      ? { executionSetupId: linked.calibration.id, displayExecutionSetupId: linked.display.id }
      : {}),
    ...(rDisplay ? { displayExecutionSetupId: rDisplay.id } : {}),
  });
  await saveDefinition(
    lead,
    uuid,
    scenario.id,
    JSON.stringify(await definitionOf(dir, 'input-definition.json')),
  );
  // User Settings: the lead is Expert here, else the values above the default level (500: discount
  // rates, the Weibull curves, the survival data) would be ignored when the lead saves them (§6).
  await putUserExpertise(lead, uuid, lead.id, {
    userId: lead.id,
    expertiseTypeLevel: 1000,
    subModelIdList: [...(linked ? [linked.calibration.id] : []), scenario.id],
  });
  let calibrationInstance: { id: string; name: string } | undefined;
  if (linked) {
    const created = await createInstance(lead, uuid, linked.calibration.id, {
      name: 'Calibration to comparator KM data',
    });
    await uploadSurvivalData(lead, uuid, created);
    calibrationInstance = { id: created.id, name: created.name };
  }

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
  if (!linked || !calibrationInstance) return { scenarios: instances };
  return {
    scenarios: [],
    calibrated: {
      calibration: calibrationInstance,
      scenarios: instances,
      displayId: linked.display.id,
    },
  };
}

/**
 * The sample survival data as the calibration instance's FILE parameter, the way the parameters
 * editor does it: a ticket from the parameter-file use case, the body where its presigned PUT would
 * put it (the seed writes it directly, as it does the entries' uploads), then the value saved.
 */
async function uploadSurvivalData(
  lead: User,
  uuid: string,
  instance: { id: string; input: { modelInputId: string; value: string } },
): Promise<void> {
  const body = await readFile(join(MODELS_DIR, 'partitioned-survival-python', 'data', 'km_comparator.csv'));
  const ticket = await createParameterFile(lead, uuid, instance.id, {
    parameterName: 'survival_data',
    fileName: 'km_comparator.csv',
    size: body.length,
  });
  await putObject(parameterFileKey(uuid, ticket.file.id), body, { contentType: 'text/csv' });
  const current = JSON.parse(instance.input.value) as Record<string, unknown>;
  const saved = await putInstanceInputs(lead, uuid, instance.id, {
    modelInputId: instance.input.modelInputId,
    value: JSON.stringify({ ...current, survival_data: ticket.file }),
  });
  // Values above the saver's expertise level are dropped without a word: make sure this one stuck.
  if (!(JSON.parse(saved.input.value) as Record<string, unknown>).survival_data)
    throw new Error('The survival data of the calibration instance was not saved.');
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
  if (runs.length === 0) return [];
  const deadline = Date.now() + RUN_WAIT_MS;
  for (;;) {
    const statuses = await Promise.all(
      runs.map(async (r) => (await getInstance(r.uuid, r.instanceId))?.status ?? 'MISSING'),
    );
    if (statuses.every((s) => FINAL.has(s)) || Date.now() > deadline) return statuses;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
