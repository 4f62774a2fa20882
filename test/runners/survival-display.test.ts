import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ResultElement, type RunResult, RunResultSchema } from '@shared/schemas/run-result';
import { describe, expect, it } from 'vitest';
import { runModel } from '../../functions/runner/run-model';
import { type SurvivalInputs, survivalScenario, weibullFit } from '../support/survival-reference';
import { DEMO_MODELS, demoDefaults, prepareRun, tableTitled } from './support';

/**
 * The Python demo's calibration on its sample data and its display model (display.py), run for real
 * by the Python runner; the numbers are computed again here, independently.
 */

const MODEL_DIR = join(DEMO_MODELS, 'partitioned-survival-python');

type Table = Extract<ResultElement, { kind: 'table' }>;
/** Charts of points in groups (every kind but the tornado, whose data are bars). */
type Chart = Exclude<Extract<ResultElement, { kind: 'chart' }>, { chartType: 'tornado' }>;

/** The row of a table whose first cell is `label`, as values by column header. */
function row(table: Table, label: string): Record<string, unknown> {
  const head = new Map(table.cells.filter((c) => c.row === 0).map((c) => [c.column, String(c.value)]));
  const first = table.cells.find((c) => c.column === 0 && c.value === label);
  if (!first) throw new Error(`No row ${label}`);
  return Object.fromEntries(
    table.cells.filter((c) => c.row === first.row).map((c) => [head.get(c.column) ?? c.column, c.value]),
  );
}

function chartTitled(result: RunResult, title: string): Chart {
  const chart = result.elements.find((e): e is Chart => e.kind === 'chart' && e.options?.title === title);
  if (!chart) throw new Error(`No chart titled ${title}`);
  return chart;
}

/** Runs partitioned_survival.py with `values`; its output files as text, by name. */
async function scenarioOutputs(values: Record<string, unknown>, calibration?: Record<string, number>) {
  const run = await prepareRun({
    language: 'Python',
    modelDir: MODEL_DIR,
    entry: 'partitioned_survival.py',
    inputs: values,
    ...(calibration
      ? { parameters: { '_calibration/calibrated_parameters.json': JSON.stringify(calibration) } }
      : {}),
  });
  const outcome = await runModel(run.spec);
  expect(outcome.fault).toBeUndefined();
  const read = (name: string) => readFile(join(run.spec.workDir, 'output', name), 'utf8');
  return {
    'result.json': await read('result.json'),
    'summary.json': await read('summary.json'),
    'state_occupancy.csv': await read('state_occupancy.csv'),
  };
}

describe('the calibration on the sample Kaplan-Meier data (data/km_comparator.csv)', () => {
  it('fits the Weibull parameters a least-squares fit of log(-log S) on log t gives', async () => {
    const csv = await readFile(join(MODEL_DIR, 'data', 'km_comparator.csv'), 'utf8');
    const points = (endpoint: string) =>
      csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
        .filter(([e]) => e === endpoint)
        .map(([, t, s]) => ({ t: Number(t), s: Number(s) }));
    const run = await prepareRun({
      language: 'Python',
      modelDir: MODEL_DIR,
      entry: 'calibrate.py',
      parameters: { 'survival_data/km_comparator.csv': csv },
    });

    const outcome = await runModel(run.spec);

    expect(outcome.fault).toBeUndefined();
    const calibrated = JSON.parse(
      await readFile(join(run.spec.workDir, 'output', 'calibrated_parameters.json'), 'utf8'),
    );
    const os = weibullFit(points('OS'));
    const pfs = weibullFit(points('PFS'));
    expect(calibrated.os_shape).toBeCloseTo(os.shape, 3);
    expect(calibrated.os_scale_years).toBeCloseTo(os.scale, 3);
    expect(calibrated.pfs_shape).toBeCloseTo(pfs.shape, 3);
    expect(calibrated.pfs_scale_years).toBeCloseTo(pfs.scale, 3);
    // The sample is not the model's defaults: a calibrated scenario differs from an uncalibrated one.
    const defaults = await demoDefaults('partitioned-survival-python');
    expect(calibrated.os_scale_years).not.toBeCloseTo(defaults.os_scale_years as number, 1);
    // Observed against fitted as the survival preset: the observations are the Kaplan-Meier steps.
    const result = RunResultSchema.parse(
      JSON.parse(await readFile(join(run.spec.workDir, 'output', 'result.json'), 'utf8')),
    );
    const chart = chartTitled(result, 'Observed and fitted survival');
    expect(chart.chartType).toBe('survival');
    if (chart.chartType === 'survival') expect(chart.observedGroups).toEqual(['OS observed', 'PFS observed']);
    expect(chart.data.filter((p) => p.group === 'OS observed')).toHaveLength(points('OS').length);
  });
});

describe('the display model (display.py)', () => {
  it('compares the displayed scenarios in a table and charts built from their outputs', async () => {
    const defaults = (await demoDefaults('partitioned-survival-python')) as unknown as SurvivalInputs;
    const calibration = { os_shape: 1.3, os_scale_years: 5.2, pfs_shape: 1.15, pfs_scale_years: 2.1 };
    const scenarios = [
      { id: 'BASE', name: 'Base case', label: 'Reference', values: {} },
      { id: 'HR', name: 'Hazard ratio OS 0.85', values: { hr_os: 0.85 } },
      { id: 'CAL', name: 'Ten years, calibrated', values: { time_horizon_years: 10 }, calibration },
    ];
    const parameters: Record<string, string> = {};
    const index: unknown[] = [];
    for (const [i, s] of scenarios.entries()) {
      const directory = `${i + 1}_${s.id}`;
      const outputs = await scenarioOutputs({ ...defaults, ...s.values }, s.calibration);
      for (const [name, text] of Object.entries(outputs))
        parameters[`_scenarios/${directory}/${name}`] = text;
      index.push({ id: s.id, name: s.name, label: s.label ?? null, order: i + 1, directory });
    }
    // A scenario of another model (an R run): shown as an error, the others are still compared.
    parameters['_scenarios/4_R/result.json'] = '{"elements": []}';
    index.push({ id: 'R', name: 'Markov base case', label: null, order: 4, directory: '4_R' });
    parameters['_scenarios/index.json'] = JSON.stringify(index);
    const run = await prepareRun({
      language: 'Python',
      modelDir: MODEL_DIR,
      entry: 'display.py',
      inputs: { title: 'Survival dashboard', willingness_to_pay: 50_000 },
      parameters,
    });

    const outcome = await runModel(run.spec);
    console.log(`Python display model: run ${outcome.record.durationMs} ms`);

    expect(outcome.fault).toBeUndefined();
    const result = RunResultSchema.parse(
      JSON.parse(await readFile(join(run.spec.workDir, 'output', 'result.json'), 'utf8')),
    );
    expect(result.options?.title).toBe('Survival dashboard');
    const table = tableTitled(result, 'Cost-effectiveness by scenario');
    const expected = {
      Reference: survivalScenario({ ...defaults }),
      'Hazard ratio OS 0.85': survivalScenario({ ...defaults, hr_os: 0.85 }),
      'Ten years, calibrated': survivalScenario({ ...defaults, time_horizon_years: 10, ...calibration }),
    };
    for (const [name, reference] of Object.entries(expected)) {
      const shown = row(table, name);
      expect(shown['Costs, comparator'], name).toBeCloseTo(reference.comparator.cost, 1);
      expect(shown['Costs, intervention'], name).toBeCloseTo(reference.intervention.cost, 1);
      expect(shown['Incremental QALYs'], name).toBeCloseTo(reference.incrementalQalys, 3);
      expect(shown['ICER (cost per QALY gained)'], name).toBeCloseTo(reference.icer, 1);
      expect(shown['Net monetary benefit'], name).toBeCloseTo(
        50_000 * reference.incrementalQalys - reference.incrementalCosts,
        1,
      );
    }
    expect(table.cells.filter((c) => c.column === 0 && !c.th).map((c) => c.value)).toEqual(
      Object.keys(expected),
    );
    expect(result.elements).toContainEqual(
      expect.objectContaining({ kind: 'error', title: 'Markov base case' }),
    );

    // What makes the scenarios differ.
    const differing = tableTitled(result, 'Parameters that differ');
    expect(differing.cells.filter((c) => c.column === 0 && !c.th).map((c) => c.value)).toEqual([
      'time_horizon_years',
      'os_shape',
      'os_scale_years',
      'pfs_shape',
      'pfs_scale_years',
      'hr_os',
    ]);

    // Survival per scenario and arm as fitted curves, every 3 months over each scenario's horizon, after
    // the observed Kaplan-Meier steps of data/km_comparator.csv.
    const survival = chartTitled(result, 'Overall survival by scenario');
    expect(survival.chartType).toBe('survival');
    if (survival.chartType === 'survival')
      expect(survival.observedGroups).toEqual(['Observed (Kaplan-Meier): Comparator']);
    const groups = [...new Set(survival.data.map((p) => p.group))];
    expect(groups).toEqual([
      'Observed (Kaplan-Meier): Comparator',
      'Reference: Comparator',
      'Reference: Intervention',
      'Hazard ratio OS 0.85: Comparator',
      'Hazard ratio OS 0.85: Intervention',
      'Ten years, calibrated: Comparator',
      'Ten years, calibrated: Intervention',
    ]);
    const at = (group: string, x: number) =>
      survival.data.find((p) => p.group === group && p.x === x)?.y as number;
    expect(at('Hazard ratio OS 0.85: Intervention', 5)).toBeCloseTo(
      expected['Hazard ratio OS 0.85'].intervention.overallSurvival(5),
      5,
    );
    expect(at('Ten years, calibrated: Comparator', 2.5)).toBeCloseTo(
      expected['Ten years, calibrated'].comparator.overallSurvival(2.5),
      5,
    );
    expect(survival.data.filter((p) => p.group === 'Ten years, calibrated: Comparator')).toHaveLength(41);

    // Costs and QALYs per scenario and arm as columns.
    const costs = chartTitled(result, 'Discounted costs by scenario');
    expect(costs.chartType).toBe('column');
    expect(costs.data.find((p) => p.group === 'Intervention' && p.x === 'Reference')?.y).toBeCloseTo(
      expected.Reference.intervention.cost,
      1,
    );
    expect(chartTitled(result, 'QALYs by scenario').chartType).toBe('column');

    // The health-economics presets.
    const plane = chartTitled(result, 'Cost-effectiveness plane: intervention against comparator');
    expect(plane.chartType).toBe('ce-plane');
    if (plane.chartType === 'ce-plane') expect(plane.options?.willingnessToPay).toBe(50_000);
    const hr = plane.data.find((p) => p.group === 'Hazard ratio OS 0.85');
    expect(hr?.x).toBeCloseTo(expected['Hazard ratio OS 0.85'].incrementalQalys, 4);
    expect(hr?.y).toBeCloseTo(expected['Hazard ratio OS 0.85'].incrementalCosts, 1);

    const ceac = chartTitled(result, 'Acceptability of the intervention (assumed 20% variation)');
    expect(ceac.chartType).toBe('acceptability-curve');
    const reference = ceac.data.filter((p) => p.group === 'Reference');
    expect(reference).toHaveLength(41);
    // A probability that rises with the willingness to pay (the ICER is positive).
    expect(reference[0]?.y).toBeLessThan(reference[40]?.y as number);

    const tornado = result.elements.find((e) => e.kind === 'chart' && e.chartType === 'tornado');
    if (tornado?.kind !== 'chart' || tornado.chartType !== 'tornado') throw new Error('No tornado diagram');
    const base = 50_000 * expected.Reference.incrementalQalys - expected.Reference.incrementalCosts;
    expect(tornado.baseCase).toBeCloseTo(base, 1);
    const wtpBar = tornado.data.find((b) => b.parameter === 'Willingness to pay');
    expect(wtpBar?.low).toBeCloseTo(
      0.8 * 50_000 * expected.Reference.incrementalQalys - expected.Reference.incrementalCosts,
      1,
    );
    expect(tornado.data.map((b) => b.parameter)).toHaveLength(5);

    const trace = chartTitled(result, 'Health states over time: Reference, intervention');
    expect(trace.chartType).toBe('markov-trace');
    // Each time point's states add up to the whole cohort.
    const atZero = trace.data.filter((p) => p.x === 0).reduce((sum, p) => sum + (p.y ?? 0), 0);
    expect(atZero).toBeCloseTo(1, 5);
    expect(outcome.outputFiles.map((f) => f.path)).toEqual(['comparison.csv', 'result.json']);
    // The displayed scenarios are in the record like any parameter file.
    expect(outcome.record.parameterFiles.map((f) => f.path)).toContain('_scenarios/index.json');
  });

  it('fails with a message when it runs without displayed scenarios', async () => {
    const run = await prepareRun({ language: 'Python', modelDir: MODEL_DIR, entry: 'display.py' });
    const outcome = await runModel(run.spec);
    expect(outcome.fault?.code).toBe('NON_ZERO_EXIT');
    expect(outcome.fault?.message).toContain(
      'No displayed scenarios: this model runs as a display sub-model of an analysis',
    );
  });
});
