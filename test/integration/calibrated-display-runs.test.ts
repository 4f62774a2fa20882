import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SurvivalInputs, survivalScenario, weibullFit } from '../support/survival-reference';
import {
  addInstance,
  call,
  createRunEntry,
  execute,
  instanceStatus,
  type Json,
  type RunEntry,
  type RunSubModel,
  waitForEnd,
} from './executions-helpers';

/**
 * The Python demo model's whole chain through the local state machine (issue 11 §3): a calibration
 * run on an uploaded Kaplan-Meier file, accepted; scenarios run with the accepted calibration; an
 * analysis on the display sub-model (spec 001 §4 visualization step 2: a hidden analysis scenario
 * that displays finished scenarios) whose run compares them in tables and charts. Every number is
 * computed again here (test/support/survival-reference.ts).
 */

const MODEL_DIR = join('models', 'demo', 'partitioned-survival-python');
const source = (name: string) => readFileSync(join(MODEL_DIR, name), 'utf8');
const definitionValue = (name: string) =>
  (JSON.parse(source(name)) as { value: { definitions: Json[] } }).value;
const KM_CSV = source(join('data', 'km_comparator.csv'));

type Cell = { row: number; column: number; value: unknown; th?: boolean };
type Element = {
  kind: string;
  title?: string;
  cells?: Cell[];
  chartType?: string;
  data?: { group: string; x: unknown; y: number }[];
  options?: { title?: string };
};

function elementTitled(elements: Element[], kind: string, title: string): Element {
  const found = elements.find((e) => e.kind === kind && e.options?.title === title);
  if (!found) throw new Error(`No ${kind} titled ${title}`);
  return found;
}

/** The row whose first cell is `label`, as values by column header. */
function row(table: Element, label: string): Record<string, unknown> {
  const cells = table.cells ?? [];
  const head = new Map(cells.filter((c) => c.row === 0).map((c) => [c.column, String(c.value)]));
  const first = cells.find((c) => c.column === 0 && c.value === label);
  if (!first) throw new Error(`No row ${label}`);
  return Object.fromEntries(
    cells.filter((c) => c.row === first.row).map((c) => [head.get(c.column), c.value]),
  );
}

async function addSubModel(
  entry: RunEntry,
  body: Record<string, unknown>,
  definition: string,
): Promise<RunSubModel> {
  const created = await call('owner', 'POST', `/v2/models/${entry.uuid}/sub-models`, {
    environment: 'Python 3.11',
    timeoutSeconds: 600,
    outputPathDir: 'output',
    ...body,
  });
  if (created.status !== 201) throw new Error(`sub-model: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const inputs = await call('owner', 'GET', `/v2/models/${entry.uuid}/sub-models/${id}/inputs`);
  const inputId = inputs.body.items[0].id as string;
  const saved = await call('owner', 'PUT', `/v2/models/${entry.uuid}/sub-models/${id}/inputs/${inputId}`, {
    value: definition,
  });
  if (saved.status !== 200) throw new Error(`definition: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { id, inputId };
}

const result = async (entry: RunEntry, id: string, persona = 'owner') =>
  (await call(persona, 'GET', `/v2/models/${entry.uuid}/instances/${id}/result`)).body;
const record = async (entry: RunEntry, id: string) =>
  (await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${id}/record`)).body.record;

let entry: RunEntry;
let calibrationSubModel: RunSubModel;
let scenarioSubModel: RunSubModel;
let displaySubModel: RunSubModel;
let defaults: SurvivalInputs;

beforeAll(async () => {
  entry = await createRunEntry(
    {
      'partitioned_survival.py': source('partitioned_survival.py'),
      'calibrate.py': source('calibrate.py'),
      'display.py': source('display.py'),
    },
    {},
    { 'km_comparator.csv': KM_CSV },
  );
  displaySubModel = await addSubModel(
    entry,
    {
      type: 'display',
      name: 'Survival curves dashboard',
      executionModels: [entry.files['display.py']],
      definitionType: 'JSON',
    },
    JSON.stringify({ title: 'Survival curves dashboard', willingness_to_pay: 50_000 }),
  );
  const calibrationTemplate = definitionValue('calibration-input-definition.json');
  calibrationSubModel = await addSubModel(
    entry,
    {
      type: 'calibration',
      name: 'Weibull calibration',
      executionModels: [entry.files['calibrate.py']],
      definitionType: 'JSONTEMPLATE',
    },
    JSON.stringify({
      definitions: calibrationTemplate.definitions.map((d) => ({
        id: d.name,
        ...d,
        files: entry.files['km_comparator.csv'],
      })),
    }),
  );
  const scenarioTemplate = definitionValue('input-definition.json');
  scenarioSubModel = await addSubModel(
    entry,
    {
      type: 'scenario',
      name: 'Scenarios',
      executionModels: [entry.files['partitioned_survival.py']],
      definitionType: 'JSONTEMPLATE',
      executionSetupId: calibrationSubModel.id,
      displayExecutionSetupId: displaySubModel.id,
    },
    JSON.stringify(scenarioTemplate),
  );
  defaults = Object.fromEntries(
    scenarioTemplate.definitions.map((d) => [d.name, Number(d.defaultValue)]),
  ) as unknown as SurvivalInputs;
}, 120_000);

/** The Weibull parameters calibrate.py fits to the sample, as it writes them (4 decimals). */
function calibratedFromSample() {
  const points = (endpoint: string) =>
    KM_CSV.trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .filter(([e]) => e === endpoint)
      .map(([, t, s]) => ({ t: Number(t), s: Number(s) }));
  const round = (x: number) => Math.round(x * 10_000) / 10_000;
  const os = weibullFit(points('OS'));
  const pfs = weibullFit(points('PFS'));
  return {
    os_shape: round(os.shape),
    os_scale_years: round(os.scale),
    pfs_shape: round(pfs.shape),
    pfs_scale_years: round(pfs.scale),
  };
}

describe('the partitioned survival model with its calibration and its display', () => {
  let calibration: { id: string; name: string };
  const scenarios: Record<string, { id: string; name: string }> = {};

  it('calibrates to an uploaded Kaplan-Meier file, is accepted, and the scenarios run with it', async () => {
    // 1. The calibration instance's FILE parameter, uploaded as the parameters editor does.
    calibration = await addInstance(entry, calibrationSubModel);
    const ticket = await call(
      'owner',
      'POST',
      `/v2/models/${entry.uuid}/instances/${calibration.id}/parameter-files`,
      {
        parameterName: 'survival_data',
        fileName: 'km_comparator.csv',
        size: Buffer.byteLength(KM_CSV),
      },
    );
    expect(ticket.status).toBe(200);
    const put = await fetch(ticket.body.upload.url, {
      method: 'PUT',
      body: KM_CSV,
      headers: ticket.body.upload.headers,
    });
    expect(put.status).toBe(200);
    const saved = await call('owner', 'PUT', `/v2/models/${entry.uuid}/instances/${calibration.id}/inputs`, {
      modelInputId: calibrationSubModel.inputId,
      value: JSON.stringify({ survival_data: ticket.body.file }),
    });
    expect(saved.status).toBe(200);

    const calibrationStarted = Date.now();
    await execute(entry, [calibration.id]);
    expect(await waitForEnd(entry, calibration.id)).toBe('COMPLETED');
    console.log(
      `calibration run: Execute → COMPLETED in ${((Date.now() - calibrationStarted) / 1000).toFixed(1)} s`,
    );
    const fitted = calibratedFromSample();
    const fittedTable = elementTitled(
      (await result(entry, calibration.id)).result.result.elements,
      'table',
      'Fitted Weibull parameters',
    );
    expect(row(fittedTable, 'OS')['Weibull scale (years)']).toBeCloseTo(fitted.os_scale_years, 3);
    expect(row(fittedTable, 'PFS')['Weibull shape']).toBeCloseTo(fitted.pfs_shape, 3);
    expect((await record(entry, calibration.id)).parameterFiles).toEqual([
      expect.objectContaining({ path: 'survival_data/km_comparator.csv', bytes: Buffer.byteLength(KM_CSV) }),
    ]);

    // 2. Accepted (governance), so the linked scenarios may run with it.
    const accepted = await call(
      'owner',
      'POST',
      `/v2/models/${entry.uuid}/instances/${calibration.id}/accept`,
    );
    expect(accepted.body).toEqual({ instanceId: calibration.id, status: 'ACCEPTED' });

    // 3. Two scenarios with the accepted calibration.
    scenarios.base = await addInstance(entry, scenarioSubModel);
    scenarios.hr = await addInstance(entry, scenarioSubModel, { hr_os: 0.85 });
    const ids = [scenarios.base.id, scenarios.hr.id];
    const started = Date.now();
    await execute(entry, ids, 'owner', { calibrationInstanceId: calibration.id });
    for (const id of ids) expect(await waitForEnd(entry, id)).toBe('COMPLETED');
    console.log(
      `2 calibrated scenarios: Execute → COMPLETED in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const expected = survivalScenario({ ...defaults, hr_os: 0.85, ...fitted });
    const elements = (await result(entry, scenarios.hr.id)).result.result.elements as Element[];
    expect(row(elementTitled(elements, 'table', 'Results per arm'), 'Comparator').QALYs).toBeCloseTo(
      expected.comparator.qalys,
      3,
    );
    expect(
      row(elementTitled(elements, 'table', 'Incremental analysis'), 'ICER (cost per QALY gained)').Value,
    ).toBeCloseTo(expected.icer, 1);
    expect(row(elementTitled(elements, 'table', 'Calibrated parameters'), 'os_scale_years')).toMatchObject({
      'Instance value': defaults.os_scale_years,
      'Calibrated value': fitted.os_scale_years,
    });
    // The uncalibrated model would have given other numbers.
    expect(survivalScenario({ ...defaults, hr_os: 0.85 }).icer).not.toBeCloseTo(expected.icer, -2);
    expect((await record(entry, scenarios.hr.id)).parameterFiles.map((f: Json) => f.path)).toEqual([
      '_calibration/calibrated_parameters.json',
      '_calibration/result.json',
    ]);
    const detail = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances/${scenarios.hr.id}`);
    expect(detail.body.scenarioId).toBe(calibration.id);
  }, 400_000);

  it('runs a hidden analysis that compares the displayed scenarios in tables and charts', async () => {
    const created = await call(
      'owner',
      'POST',
      `/v2/models/${entry.uuid}/sub-models/${displaySubModel.id}/instances`,
      {
        name: `Scenario Analysis ${Date.now()}`,
        displayScenarios: [
          { id: scenarios.base?.id, order: 1, label: 'Reference' },
          { id: scenarios.hr?.id, order: 2 },
        ],
      },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: 'display', hidden: true, status: 'DRAFT' });
    const analysis = created.body.id as string;

    // Hidden: out of the instance lists unless asked for.
    const listed = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances?pageSize=100`);
    expect((listed.body.items as Json[]).map((i) => i.id)).not.toContain(analysis);
    const hidden = await call('owner', 'GET', `/v2/models/${entry.uuid}/instances?hidden=true&pageSize=100`);
    expect((hidden.body.items as Json[]).map((i) => i.id)).toEqual([analysis]);

    const started = Date.now();
    await execute(entry, [analysis]);
    expect(await waitForEnd(entry, analysis)).toBe('COMPLETED');
    console.log(`display run: Execute → COMPLETED in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const body = await result(entry, analysis);
    expect(body.files.map((f: Json) => f.path)).toEqual(['comparison.csv', 'result.json']);
    const shown = body.result.result;
    expect(shown.options.title).toBe('Survival curves dashboard');
    const fitted = calibratedFromSample();
    const table = elementTitled(shown.elements, 'table', 'Cost-effectiveness by scenario');
    for (const [label, values] of [
      ['Reference', {}],
      [scenarios.hr?.name as string, { hr_os: 0.85 }],
    ] as const) {
      const expected = survivalScenario({ ...defaults, ...values, ...fitted });
      const cells = row(table, label);
      expect(cells['Costs, intervention'], label).toBeCloseTo(expected.intervention.cost, 1);
      expect(cells['Incremental QALYs'], label).toBeCloseTo(expected.incrementalQalys, 3);
      expect(cells['ICER (cost per QALY gained)'], label).toBeCloseTo(expected.icer, 1);
      expect(cells['Net monetary benefit'], label).toBeCloseTo(
        50_000 * expected.incrementalQalys - expected.incrementalCosts,
        1,
      );
    }
    const survival = elementTitled(shown.elements, 'chart', 'Overall survival by scenario');
    // The survival preset (issue 19 §3): the same points, drawn as survival curves.
    expect(survival.chartType).toBe('survival');
    expect([...new Set(survival.data?.map((p) => p.group))]).toEqual([
      'Reference: Comparator',
      'Reference: Intervention',
      `${scenarios.hr?.name}: Comparator`,
      `${scenarios.hr?.name}: Intervention`,
    ]);
    const reference = survivalScenario({ ...defaults, ...fitted });
    expect(survival.data?.find((p) => p.group === 'Reference: Comparator' && p.x === 3)?.y).toBeCloseTo(
      reference.comparator.overallSurvival(3),
      5,
    );
    const costs = elementTitled(shown.elements, 'chart', 'Discounted costs by scenario');
    expect(costs.chartType).toBe('column');
    expect(costs.data?.map((p) => [p.group, p.x])).toEqual([
      ['Comparator', 'Reference'],
      ['Intervention', 'Reference'],
      ['Comparator', scenarios.hr?.name],
      ['Intervention', scenarios.hr?.name],
    ]);

    // The display model got each scenario's outputs and the index; the record hashes them.
    const paths = (await record(entry, analysis)).parameterFiles.map((f: Json) => f.path) as string[];
    expect(paths).toContain('_scenarios/index.json');
    expect(paths).toContain(`_scenarios/1_${scenarios.base?.id}/summary.json`);
    expect(paths).toContain(`_scenarios/2_${scenarios.hr?.id}/state_occupancy.csv`);
  }, 300_000);

  it('refuses analyses of what cannot be displayed, with a reason per scenario', async () => {
    const create = (subModelId: string, body: Record<string, unknown>, persona = 'owner') =>
      call(persona, 'POST', `/v2/models/${entry.uuid}/sub-models/${subModelId}/instances`, {
        name: `Analysis ${Date.now()} ${Math.random().toString(36).slice(2, 6)}`,
        ...body,
      });
    const draft = await addInstance(entry, scenarioSubModel);

    const none = await create(displaySubModel.id, {});
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(
      'An analysis of a display sub-model needs at least one scenario to display.',
    );

    const refused = await create(displaySubModel.id, {
      displayScenarios: [
        { id: scenarios.base?.id, order: 1 },
        { id: draft.id, order: 2 },
        { id: 'NO_SUCH_INSTANCE', order: 3 },
        { id: calibration.id, order: 4 },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.issues).toEqual([
      {
        path: 'displayScenarios.1.id',
        message: `${draft.name} has no finished result to display: only completed, accepted or superseded instances can be displayed.`,
      },
      { path: 'displayScenarios.2.id', message: 'Scenario NO_SUCH_INSTANCE was not found.' },
      {
        path: 'displayScenarios.3.id',
        message: `${calibration.name} belongs to a sub-model that does not use the display sub-model Survival curves dashboard.`,
      },
    ]);

    const onScenario = await create(scenarioSubModel.id, {
      displayScenarios: [{ id: scenarios.base?.id, order: 1 }],
    });
    expect(onScenario.status).toBe(422);
    expect(onScenario.body.message).toBe('Only instances of a display sub-model display scenarios.');

    // A display viewer makes analyses too (the display section is theirs); no role: nothing to see.
    const byViewer = await create(
      displaySubModel.id,
      { displayScenarios: [{ id: scenarios.base?.id, order: 1 }] },
      'vendor',
    );
    expect(byViewer.status).toBe(201);
    expect(byViewer.body.hidden).toBe(true);
    const noRole = await create(
      displaySubModel.id,
      { displayScenarios: [{ id: scenarios.base?.id, order: 1 }] },
      'hta',
    );
    expect(noRole.status).toBe(404);

    // Changing the scenarios follows the same rules.
    const patched = await call('vendor', 'PATCH', `/v2/models/${entry.uuid}/instances/${byViewer.body.id}`, {
      displayScenarios: [{ id: draft.id, order: 1 }],
    });
    expect(patched.status).toBe(422);
    const patchedScenario = await call('owner', 'PATCH', `/v2/models/${entry.uuid}/instances/${draft.id}`, {
      displayScenarios: [{ id: scenarios.base?.id, order: 1 }],
    });
    expect(patchedScenario.status).toBe(422);
    const shownAgain = await call(
      'vendor',
      'PATCH',
      `/v2/models/${entry.uuid}/instances/${byViewer.body.id}`,
      {
        displayScenarios: [
          { id: scenarios.hr?.id, order: 1 },
          { id: scenarios.base?.id, order: 2 },
        ],
      },
    );
    expect(shownAgain.status).toBe(200);
    expect(shownAgain.body.displayScenarios).toHaveLength(2);
  });

  it('does not execute an analysis whose displayed scenario is gone', async () => {
    const gone = await addInstance(entry, scenarioSubModel, { hr_pfs: 0.5 });
    await execute(entry, [gone.id], 'owner', { calibrationInstanceId: calibration.id });
    expect(await waitForEnd(entry, gone.id)).toBe('COMPLETED');
    const created = await call(
      'owner',
      'POST',
      `/v2/models/${entry.uuid}/sub-models/${displaySubModel.id}/instances`,
      {
        name: `Scenario Analysis gone ${Date.now()}`,
        displayScenarios: [{ id: gone.id, order: 1 }],
      },
    );
    expect(created.status).toBe(201);
    expect((await call('owner', 'DELETE', `/v2/models/${entry.uuid}/instances/${gone.id}`)).status).toBe(204);

    const refused = await call('owner', 'POST', `/v2/models/${entry.uuid}/executions`, {
      instanceIds: [created.body.id],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Scenario ${gone.id} was not found.`);
    expect(await instanceStatus(entry, created.body.id)).toBe('DRAFT');
  }, 300_000);
});
