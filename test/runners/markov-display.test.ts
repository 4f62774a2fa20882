import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ResultElement, RunResultSchema } from '@shared/schemas/run-result';
import { describe, expect, it } from 'vitest';
import { runModel } from '../../functions/runner/run-model';
import { DEMO_MODELS, prepareRun, tableTitled } from './support';

/**
 * The R demo's display model (display.R), run for real by the R runner on the outputs of two real
 * runs of markov_cohort.R: the comparison is computed again here from the scenarios' own tables.
 */

const MODEL_DIR = join(DEMO_MODELS, 'markov-cohort-r');
type Table = Extract<ResultElement, { kind: 'table' }>;

/** The table's row whose first cell is `label`, as values by column header. */
function row(table: Table, label: string): Record<string, unknown> {
  const head = new Map(table.cells.filter((c) => c.row === 0).map((c) => [c.column, String(c.value)]));
  const first = table.cells.find((c) => c.column === 0 && c.value === label);
  if (!first) throw new Error(`No row ${label}`);
  return Object.fromEntries(
    table.cells.filter((c) => c.row === first.row).map((c) => [head.get(c.column) ?? c.column, c.value]),
  );
}

/** Runs markov_cohort.R with `values`: its result.json and trace.csv. */
async function scenarioOutputs(values: Record<string, unknown>) {
  const run = await prepareRun({
    language: 'R',
    modelDir: MODEL_DIR,
    entry: 'markov_cohort.R',
    inputs: values,
  });
  const outcome = await runModel(run.spec);
  expect(outcome.fault).toBeUndefined();
  const read = (name: string) => readFile(join(run.spec.workDir, 'output', name), 'utf8');
  return { 'result.json': await read('result.json'), 'trace.csv': await read('trace.csv') };
}

describe('the R display model (display.R)', () => {
  it('compares the displayed scenarios: a table, a CE plane and a Markov trace per scenario', {
    timeout: 120_000,
  }, async () => {
    const scenarios = [
      { id: 'BASE', name: 'Base case', label: 'Reference', values: {} },
      { id: 'COST', name: 'Treatment cost +25%', values: { cost_treatment: 2500 } },
    ];
    const parameters: Record<string, string> = {};
    const index: unknown[] = [];
    const own = new Map<string, { dCost: number; dQalys: number }>();
    for (const [i, s] of scenarios.entries()) {
      const directory = `${i + 1}_${s.id}`;
      const outputs = await scenarioOutputs(s.values);
      for (const [name, text] of Object.entries(outputs))
        parameters[`_scenarios/${directory}/${name}`] = text;
      index.push({ id: s.id, name: s.name, label: s.label ?? null, order: i + 1, directory });
      const incremental = tableTitled(
        RunResultSchema.parse(JSON.parse(outputs['result.json'])),
        'Incremental analysis',
      );
      const value = (label: string) => Number(row(incremental, label).Value);
      own.set(s.label ? `${s.name} (${s.label})` : s.name, {
        dCost: value('Incremental costs'),
        dQalys: value('Incremental QALYs'),
      });
    }
    // A scenario without the model's files: an error element, the others are still compared.
    parameters['_scenarios/3_X/result.json'] = '{"elements": []}';
    index.push({ id: 'X', name: 'Other model', label: null, order: 3, directory: '3_X' });
    parameters['_scenarios/index.json'] = JSON.stringify(index);

    const run = await prepareRun({
      language: 'R',
      modelDir: MODEL_DIR,
      entry: 'display.R',
      inputs: { title: 'Markov scenarios', willingness_to_pay: 20_000 },
      parameters,
    });
    const outcome = await runModel(run.spec);
    expect(outcome.fault).toBeUndefined();
    const result = RunResultSchema.parse(
      JSON.parse(await readFile(join(run.spec.workDir, 'output', 'result.json'), 'utf8')),
    );
    expect(result.options?.title).toBe('Markov scenarios');
    const table = tableTitled(result, 'Cost-effectiveness by scenario');
    for (const [name, expected] of own) {
      const shown = row(table, name);
      expect(shown['Incremental costs'], name).toBeCloseTo(expected.dCost, 1);
      expect(shown['Incremental QALYs'], name).toBeCloseTo(expected.dQalys, 3);
      expect(shown['ICER (cost per QALY gained)'], name).toBeCloseTo(expected.dCost / expected.dQalys, -1);
      expect(shown['Net monetary benefit'], name).toBeCloseTo(20_000 * expected.dQalys - expected.dCost, -1);
    }
    const plane = result.elements.find((e) => e.kind === 'chart' && e.chartType === 'ce-plane');
    expect(plane).toMatchObject({ options: { willingnessToPay: 20_000 } });
    expect(plane && 'data' in plane ? plane.data.map((p) => p.group) : []).toEqual([...own.keys()]);
    const traces = result.elements.filter((e) => e.kind === 'chart' && e.chartType === 'markov-trace');
    expect(traces).toHaveLength(2);
    expect(result.elements.find((e) => e.kind === 'error')).toMatchObject({ title: 'Other model' });
  });
});
