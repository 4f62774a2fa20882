import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RunResultSchema } from '@shared/schemas/run-result';
import { excelMappingFromDefinition, InputDefinitionValueSchema } from '@shared/sub-models/input-definition';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runModel } from '../../functions/runner/run-model';
import { sha256Text } from '../../functions/runner/work-files';
import { type MarkovInputs, markovStrategy } from '../support/markov-reference';
import { type SurvivalInputs, survivalArm } from '../support/survival-reference';
import { DEMO_MODELS, demoDefaults, prepareRun, rowValue, tableTitled } from './support';

/**
 * The three demo models, run for real by their runners (Debian's R, python3 and LibreOffice), with
 * inputs that differ from the defaults; each number is computed again here, independently.
 */

// ---------- independent reference calculations ----------

function budgetImpact(i: {
  EligiblePopulation: number;
  PopulationGrowth: number;
  CostCurrent: number;
  CostNew: number;
  UptakeNew: number[];
}) {
  return i.UptakeNew.map((share, y) => {
    const patients = i.EligiblePopulation * (1 + i.PopulationGrowth) ** y;
    return { patients, impact: patients * share * (i.CostNew - i.CostCurrent) };
  });
}

// ---------- the runs ----------

describe('the R Markov cohort model', () => {
  it('computes the ICER the reference calculation computes, from the instance values', async () => {
    const inputs = {
      ...(await demoDefaults('markov-cohort-r')),
      cycles: 30,
      relative_risk: 0.6,
      cost_treatment: 1500,
      discount_rate_qalys: 0.015,
    } as unknown as MarkovInputs;
    // The folder also holds the display model (display.R): the scenario runs markov_cohort.R.
    const run = await prepareRun({
      language: 'R',
      modelDir: join(DEMO_MODELS, 'markov-cohort-r'),
      entry: 'markov_cohort.R',
      inputs,
    });

    const started = performance.now();
    const outcome = await runModel(run.spec);
    console.log(
      `R Markov model: run ${outcome.record.durationMs} ms, runModel ${Math.round(performance.now() - started)} ms`,
    );

    expect(outcome.fault).toBeUndefined();
    expect(outcome.status).toBe('COMPLETED');
    if (outcome.result?.kind !== 'visualization') throw new Error('expected a visualization result');
    const standard = markovStrategy(inputs, false);
    const treatment = markovStrategy(inputs, true);
    const icer = (treatment.cost - standard.cost) / (treatment.qalys - standard.qalys);
    const incremental = tableTitled(outcome.result.result, 'Incremental analysis');
    expect(rowValue(incremental, 'ICER (cost per QALY gained)')).toBeCloseTo(icer, 1);
    expect(rowValue(incremental, 'Incremental QALYs')).toBeCloseTo(treatment.qalys - standard.qalys, 3);
    expect(rowValue(tableTitled(outcome.result.result, 'Results per strategy'), 'Standard care')).toBeCloseTo(
      standard.cost,
      1,
    );
    // The trace is a plain file beside the result, listed and hashed.
    expect(outcome.outputFiles.map((f) => f.path)).toEqual(['result.json', 'trace.csv']);
    const resultBytes = await readFile(join(run.spec.workDir, 'output', 'result.json'));
    expect(outcome.record.resultSha256).toBe(sha256Text(resultBytes));
    expect(outcome.record.runtime.version).toMatch(/^R version \d/);
    expect(Object.keys(outcome.record.runtime.packages).sort()).toEqual(['data.table', 'jsonlite']);
    // Every file of the run's folder is hashed into the record, the display model's too.
    expect(outcome.record.modelFiles.map((f) => f.path)).toEqual([
      'display.R',
      'input-definition.json',
      'markov_cohort.R',
    ]);
    expect(outcome.record.exitCode).toBe(0);
  });

  it('fails with the model’s own message when a value is impossible', async () => {
    const run = await prepareRun({
      language: 'R',
      modelDir: join(DEMO_MODELS, 'markov-cohort-r'),
      entry: 'markov_cohort.R',
      inputs: { p_sick_healthy: 0.7, p_sick_dead: 0.5 },
    });
    const outcome = await runModel(run.spec);
    expect(outcome.fault?.code).toBe('NON_ZERO_EXIT');
    expect(outcome.fault?.message).toMatch(/^The model exited with code 1\./);
    expect(outcome.fault?.message).toContain('The probabilities of leaving Sick add up to more than 1.');
  });
});

describe('the Python partitioned survival model', () => {
  it('writes a result.json that follows the result format, with the reference numbers', async () => {
    const inputs = {
      ...(await demoDefaults('partitioned-survival-python')),
      hr_os: 0.8,
      time_horizon_years: 15,
    } as unknown as SurvivalInputs;
    const run = await prepareRun({
      language: 'Python',
      modelDir: join(DEMO_MODELS, 'partitioned-survival-python'),
      entry: 'partitioned_survival.py',
      inputs,
    });

    const outcome = await runModel(run.spec);
    console.log(`Python partitioned survival model: run ${outcome.record.durationMs} ms`);

    expect(outcome.fault).toBeUndefined();
    const text = await readFile(join(run.spec.workDir, 'output', 'result.json'), 'utf8');
    const result = RunResultSchema.parse(JSON.parse(text));
    expect(
      result.elements.filter((e) => e.kind === 'chart').map((e) => e.kind === 'chart' && e.chartType),
    ).toEqual(['line', 'area', 'bar']);
    const comparator = survivalArm(inputs, false);
    const intervention = survivalArm(inputs, true);
    const perArm = tableTitled(result, 'Results per arm');
    expect(rowValue(perArm, 'Comparator', 3)).toBeCloseTo(comparator.qalys, 3);
    expect(rowValue(perArm, 'Intervention', 4)).toBeCloseTo(intervention.cost, 1);
    const icer = (intervention.cost - comparator.cost) / (intervention.qalys - comparator.qalys);
    expect(rowValue(tableTitled(result, 'Incremental analysis'), 'ICER (cost per QALY gained)')).toBeCloseTo(
      icer,
      1,
    );
    expect(outcome.outputFiles.map((f) => f.path)).toEqual([
      'result.json',
      'results.xlsx',
      'state_occupancy.csv',
      'summary.json',
    ]);
    const summary = JSON.parse(await readFile(join(run.spec.workDir, 'output', 'summary.json'), 'utf8'));
    expect(summary.arms.Intervention.costs).toBeCloseTo(intervention.cost, 6);
    expect(summary.incremental.icer_qaly).toBeCloseTo(icer, 4);
    expect(summary.calibrated).toBe(false);
    expect(outcome.record.runtime.version).toMatch(/^Python 3\./);
    expect(Object.keys(outcome.record.runtime.packages).sort()).toEqual(['numpy', 'openpyxl', 'pandas']);
  });
});

describe('the Python partitioned survival model with an accepted calibration', () => {
  it('takes the calibrated Weibull curves from _calibration/ over the instance values', async () => {
    const defaults = (await demoDefaults('partitioned-survival-python')) as unknown as SurvivalInputs;
    const calibrated = { os_shape: 1.3, os_scale_years: 5.2, pfs_shape: 1.15, pfs_scale_years: 2.1 };
    const run = await prepareRun({
      language: 'Python',
      modelDir: join(DEMO_MODELS, 'partitioned-survival-python'),
      entry: 'partitioned_survival.py',
      inputs: defaults,
      parameters: { '_calibration/calibrated_parameters.json': JSON.stringify(calibrated) },
    });

    const outcome = await runModel(run.spec);

    expect(outcome.fault).toBeUndefined();
    if (outcome.result?.kind !== 'visualization') throw new Error('expected a visualization result');
    const result = outcome.result.result;
    const used = { ...defaults, ...calibrated };
    const comparator = survivalArm(used, false);
    const intervention = survivalArm(used, true);
    expect(rowValue(tableTitled(result, 'Results per arm'), 'Comparator', 3)).toBeCloseTo(
      comparator.qalys,
      3,
    );
    expect(rowValue(tableTitled(result, 'Incremental analysis'), 'ICER (cost per QALY gained)')).toBeCloseTo(
      (intervention.cost - comparator.cost) / (intervention.qalys - comparator.qalys),
      1,
    );
    const calibratedTable = tableTitled(result, 'Calibrated parameters');
    expect(rowValue(calibratedTable, 'os_scale_years', 1)).toBe(defaults.os_scale_years);
    expect(rowValue(calibratedTable, 'os_scale_years', 2)).toBe(5.2);
    // Without the calibration the same values give other numbers: the calibration made the difference.
    expect(survivalArm(defaults, false).qalys).not.toBeCloseTo(comparator.qalys, 2);
  });

  it('fails with a message when the calibration output lacks a parameter', async () => {
    const run = await prepareRun({
      language: 'Python',
      modelDir: join(DEMO_MODELS, 'partitioned-survival-python'),
      entry: 'partitioned_survival.py',
      parameters: { '_calibration/calibrated_parameters.json': '{"os_shape": 1.3}' },
    });
    const outcome = await runModel(run.spec);
    expect(outcome.fault?.code).toBe('NON_ZERO_EXIT');
    expect(outcome.fault?.message).toContain(
      "The calibration's calibrated_parameters.json needs os_scale_years greater than 0, got null.",
    );
  });
});

describe('the Python calibration', () => {
  it('fits Weibull curves to the uploaded survival data', async () => {
    const rows = ['endpoint,time_years,survival'];
    for (const [endpoint, shape, scale] of [
      ['OS', 1.5, 4],
      ['PFS', 0.9, 1.5],
    ] as const)
      for (let k = 1; k <= 20; k++)
        rows.push(`${endpoint},${k / 4},${Math.exp(-((k / 4 / scale) ** shape))}`);
    const run = await prepareRun({
      language: 'Python',
      modelDir: join(DEMO_MODELS, 'partitioned-survival-python'),
      entry: 'calibrate.py',
      parameters: { 'survival_data/trial-km.csv': `${rows.join('\n')}\n` },
    });

    const outcome = await runModel(run.spec);

    expect(outcome.fault).toBeUndefined();
    const calibrated = JSON.parse(
      await readFile(join(run.spec.workDir, 'output', 'calibrated_parameters.json'), 'utf8'),
    );
    expect(calibrated).toEqual({ os_shape: 1.5, os_scale_years: 4, pfs_shape: 0.9, pfs_scale_years: 1.5 });
    expect(outcome.record.parameterFiles.map((f) => f.path)).toEqual(['survival_data/trial-km.csv']);
  });
});

describe('the Excel budget impact workbook', () => {
  const inputs = {
    EligiblePopulation: 40_000,
    PopulationGrowth: 0.01,
    CostCurrent: 9_000,
    CostNew: 15_000,
    UptakeNew: [[0.05, 0.1, 0.2, 0.3, 0.4]],
  };
  const expected = budgetImpact({ ...inputs, UptakeNew: inputs.UptakeNew.flat() });

  async function mapping() {
    const file = JSON.parse(
      await readFile(join(DEMO_MODELS, 'budget-impact-excel', 'input-definition.json'), 'utf8'),
    ) as { value: unknown };
    return excelMappingFromDefinition(InputDefinitionValueSchema.parse(file.value));
  }

  it('writes the instance values into the named ranges, recalculates and returns the output ranges', async () => {
    const run = await prepareRun({
      language: 'ExcelNative',
      modelDir: join(DEMO_MODELS, 'budget-impact-excel'),
      inputs,
    });
    const outcome = await runModel({ ...run.spec, excel: await mapping() });
    console.log(`Excel budget impact workbook: run ${outcome.record.durationMs} ms`);

    expect(outcome.fault).toBeUndefined();
    if (outcome.result?.kind !== 'visualization') throw new Error('expected a visualization result');
    const total = expected.reduce((sum, y) => sum + y.impact, 0);
    expect(rowValue(tableTitled(outcome.result.result, 'Outputs'), 'TotalBudgetImpact')).toBeCloseTo(
      total,
      4,
    );
    const byYear = tableTitled(outcome.result.result, 'BudgetImpactTable');
    expect(byYear.options?.tableHeadTillRow).toBe(1);
    expect(rowValue(byYear, 3, 1)).toBeCloseTo(expected[2]?.patients ?? Number.NaN, 6);
    expect(rowValue(byYear, 5, 4)).toBeCloseTo(expected[4]?.impact ?? Number.NaN, 4);
    expect(outcome.notes).toEqual([]);
    expect(outcome.outputFiles.map((f) => f.path)).toEqual(['budget-impact-calculated.xlsx', 'result.json']);
    expect(outcome.record.runtime.version).toMatch(/^LibreOffice \d/);
  });

  it('says that macros were not run when the workbook has them', async () => {
    const original = await readFile(join(DEMO_MODELS, 'budget-impact-excel', 'budget-impact.xlsx'));
    const entries = unzipSync(new Uint8Array(original));
    entries['xl/vbaProject.bin'] = new TextEncoder().encode('not a real VBA project');
    const run = await prepareRun({
      language: 'ExcelNative',
      files: { 'budget-impact.xlsm': Buffer.from(zipSync(entries)) },
      inputs,
    });
    const outcome = await runModel({ ...run.spec, excel: await mapping() });

    expect(outcome.status).toBe('COMPLETED');
    expect(outcome.notes[0]).toMatch(/^This workbook contains macros\. The runner does not run macros/);
    if (outcome.result?.kind !== 'visualization') throw new Error('expected a visualization result');
    expect(outcome.result.result.elements).toContainEqual(
      expect.objectContaining({ kind: 'section', title: 'Macros were not run' }),
    );
  });

  it('fails with the name of a named range the mapping expects and the workbook lacks', async () => {
    const run = await prepareRun({
      language: 'ExcelNative',
      modelDir: join(DEMO_MODELS, 'budget-impact-excel'),
      inputs: { CostNew: 1 },
    });
    const outcome = await runModel({ ...run.spec, excel: { inputs: { CostNew: 'PricePerPack' } } });
    expect(outcome.fault?.code).toBe('NON_ZERO_EXIT');
    expect(outcome.fault?.message).toMatch(/^The workbook could not be calculated \(exit code 2\)\./);
    expect(outcome.fault?.message).toContain(
      "The workbook has no named range 'PricePerPack' (the range of parameter 'CostNew').",
    );
  });
});

describe('the committed workbook', () => {
  it('is what scripts/models/budget-impact-workbook.ts generates', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const { buildBudgetImpactWorkbook, WORKBOOK_FILE } = await import(
      '../../scripts/models/budget-impact-workbook'
    );
    const committed = new ExcelJS.Workbook();
    await committed.xlsx.load((await readFile(WORKBOOK_FILE)) as unknown as ArrayBuffer);
    const generated = new ExcelJS.Workbook();
    await generated.xlsx.load(await buildBudgetImpactWorkbook().xlsx.writeBuffer());
    const describeBook = (wb: InstanceType<typeof ExcelJS.Workbook>) => ({
      names: wb.definedNames.model,
      sheets: wb.worksheets.map((ws) => {
        const cells: unknown[] = [];
        ws.eachRow((row) => row.eachCell((cell) => cells.push([cell.address, cell.formula ?? cell.value])));
        return { name: ws.name, cells };
      }),
    });
    expect(describeBook(committed)).toEqual(describeBook(generated));
  });
});
