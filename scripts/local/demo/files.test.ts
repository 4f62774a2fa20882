import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { isValidFileName, isValidFolderPath } from '../../../functions/core/uploads/file-rules';
import { DEMO_ENTRIES, demoEntry, WALKTHROUGH, WALKTHROUGH_CONFIDENTIAL_FILE } from './catalogue';
import {
  budgetImpact,
  budgetImpactWorkbook,
  type DemoFile,
  demoFiles,
  entryInputs,
  revisedWorkbookFile,
  WORKBOOK_NAME,
} from './files';
import { markovCohort } from './scripts';

async function workbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer.
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  return wb;
}

function formulas(
  wb: ExcelJS.Workbook,
): { sheet: string; address: string; formula: string; result: unknown }[] {
  const found: { sheet: string; address: string; formula: string; result: unknown }[] = [];
  for (const ws of wb.worksheets) {
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.formula)
          found.push({ sheet: ws.name, address: cell.address, formula: cell.formula, result: cell.result });
      }),
    );
  }
  return found;
}

/** `parameter,value,...` rows of an inputs CSV as a set of parameter names. */
function parameterNames(file: DemoFile | undefined): Set<string> {
  const lines = (file?.body.toString('utf8') ?? '').trim().split('\n').slice(1);
  return new Set(lines.map((l) => l.split(',')[0] ?? ''));
}

const fileAt = (files: DemoFile[], path: string, name: string) =>
  files.find((f) => f.path === path && f.name === name);

describe('demo files', () => {
  const entry = demoEntry(WALKTHROUGH.filesAndNotify);

  it('builds a budget impact workbook with input and output names, formulas and their results', async () => {
    const wb = await workbook(await budgetImpactWorkbook(entry));

    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Cover',
      'Inputs',
      'Market Share',
      'Budget Impact',
      'Summary',
    ]);
    const names = (wb.definedNames.model as { name: string; ranges: string[] }[]).map((n) => n.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'TotalPopulation',
        'CostNew',
        'UptakeNew',
        'BudgetImpactByYear',
        'TotalBudgetImpact',
      ]),
    );
    const all = formulas(wb);
    expect(all.length).toBeGreaterThan(30);
    expect(all).toContainEqual(expect.objectContaining({ sheet: 'Budget Impact', formula: 'E2-D2' }));
    expect(all.some((f) => f.formula.startsWith('SUM('))).toBe(true);
    const total = all.find((f) => f.sheet === 'Summary' && f.formula === 'TotalBudgetImpact');
    expect(total?.result).toBeCloseTo(budgetImpact(entryInputs(entry).budget).total, 2);
  });

  it('computes the budget impact as the world with the product minus the world without', () => {
    const b = entryInputs(entry).budget;
    const { years, total } = budgetImpact(b);
    expect(years).toHaveLength(5);
    const perNew = b.costNew + b.adminNew + b.aeNew;
    const perComparator = b.costComparator + b.adminComparator + b.aeComparator;
    const first = years[0];
    expect(first?.impact).toBeCloseTo((first?.onNew ?? 0) * (perNew - perComparator), 4);
    expect(total).toBeCloseTo(
      years.reduce((s, y) => s + y.impact, 0),
      4,
    );
  });

  it('raises the uptake in the revised workbook, which replaces the first by name', async () => {
    const revised = await revisedWorkbookFile(entry);
    expect(revised.name).toBe(WORKBOOK_NAME);
    const uptake = (wb: ExcelJS.Workbook) => wb.getWorksheet('Market Share')?.getRow(2).getCell(6).value;
    const before = uptake(await workbook(await budgetImpactWorkbook(entry)));
    const after = uptake(await workbook(revised.body));
    expect(Number(after)).toBeGreaterThan(Number(before));
  });

  it('gives every entry one main file, valid names, scripts and the inputs they read', async () => {
    for (const e of DEMO_ENTRIES) {
      const files = await demoFiles(e);
      expect(
        files.filter((f) => f.mainFile),
        e.key,
      ).toHaveLength(1);
      expect(new Set(files.map((f) => `${f.path}/${f.name}`)).size, e.key).toBe(files.length);
      for (const f of files) {
        expect(isValidFileName(f.name), f.name).toBe(true);
        expect(isValidFolderPath(f.path), f.path).toBe(true);
        expect(f.fileTag, f.name).toMatch(/^[A-Za-z]{1,25}$/);
      }
      const py = fileAt(files, 'model', 'markov_cohort.py')?.body.toString('utf8') ?? '';
      const markov = parameterNames(fileAt(files, 'inputs', 'markov_inputs.csv'));
      for (const [, name] of py.matchAll(/p\["([a-z_]+)"\]/g))
        expect(markov.has(name ?? ''), name).toBe(true);
      const r = fileAt(files, 'model', 'partitioned_survival.R')?.body.toString('utf8') ?? '';
      const survival = parameterNames(fileAt(files, 'inputs', 'survival_inputs.csv'));
      for (const [, name] of r.matchAll(/p\[\["([a-z_]+)"\]\]/g))
        expect(survival.has(name ?? ''), name).toBe(true);
    }
  }, 60_000);

  it('marks the confidential, private and THEOREM files for the file manager', async () => {
    const step2 = await demoFiles(demoEntry(WALKTHROUGH.confidentialFile));
    expect(fileAt(step2, 'inputs', WALKTHROUGH_CONFIDENTIAL_FILE)).toMatchObject({
      attributes: { cdd: 'Yes' },
      shareWith: ['lead'],
    });
    expect(fileAt(step2, 'inputs', 'rebate_agreement_germany.csv')?.attributes).toEqual({
      cdd: 'Yes',
      isPrivate: true,
    });
    const theorem = await demoFiles(demoEntry('onc-nsclc-psm-global-v2'));
    expect(theorem.filter((f) => f.attributes?.asOfDate).map((f) => f.attributes?.asOfDate)).toEqual([
      '2023-03-31',
      '2024-01-31',
    ]);
  });

  it('reports the cost-effectiveness the Markov script computes: the product gains QALYs', () => {
    const result = markovCohort(entryInputs(entry).markov);
    expect(result.intervention.qalys).toBeGreaterThan(result.comparator.qalys);
    expect(result.intervention.lifeYears).toBeGreaterThan(result.comparator.lifeYears);
    expect(Number.isFinite(result.icer)).toBe(true);
  });
});
