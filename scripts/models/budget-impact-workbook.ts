import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';

/**
 * Generates models/demo/budget-impact-excel/budget-impact.xlsx, the Excel demo model the ExcelNative
 * runner calculates with LibreOffice. The workbook is committed; this script is how it was made, so it
 * can be made again (`npx tsx scripts/models/budget-impact-workbook.ts`).
 *
 * A five-year budget impact model: the eligible population grows each year; the new treatment takes
 * a share of it (UptakeNew, one value per year); the budget impact is the cost with the new treatment
 * minus the cost with current care only. Inputs and outputs are named ranges, so the runner can write
 * an instance's parameters and read the results without knowing the layout.
 */
export const WORKBOOK_FILE = fileURLToPath(
  new URL('../../models/demo/budget-impact-excel/budget-impact.xlsx', import.meta.url),
);

export const YEARS = 5;

export const BUDGET_IMPACT_DEFAULTS = {
  EligiblePopulation: 25_000,
  PopulationGrowth: 0.02,
  CostCurrent: 8_500,
  CostNew: 14_000,
  UptakeNew: [0.1, 0.2, 0.3, 0.4, 0.5],
};

/** Named inputs: name → cell(s) on the Inputs sheet. */
export const INPUT_RANGES = {
  EligiblePopulation: 'Inputs!$B$2',
  PopulationGrowth: 'Inputs!$B$3',
  CostCurrent: 'Inputs!$B$4',
  CostNew: 'Inputs!$B$5',
  UptakeNew: 'Inputs!$B$8:$F$8',
} as const;

export const OUTPUT_RANGES = {
  BudgetImpactTable: "'Budget Impact'!$A$1:$E$6",
  TotalBudgetImpact: "'Budget Impact'!$E$7",
} as const;

const HEADER_FONT = { bold: true };
const INPUT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };

export function buildBudgetImpactWorkbook(): ExcelJS.Workbook {
  const d = BUDGET_IMPACT_DEFAULTS;
  const wb = new ExcelJS.Workbook();
  // Fixed dates: the same script makes the same workbook.
  wb.creator = 'Model Repository demo';
  wb.created = new Date('2025-01-15T09:00:00Z');
  wb.modified = new Date('2025-01-15T09:00:00Z');

  const inputs = wb.addWorksheet('Inputs');
  inputs.columns = [{ width: 46 }, { width: 14 }, { width: 14 }, { width: 14 }, { width: 14 }, { width: 14 }];
  inputs.addRow(['Parameter', 'Value']).font = HEADER_FONT;
  const rows: [string, number][] = [
    ['Eligible population in year 1 (patients)', d.EligiblePopulation],
    ['Annual growth of the eligible population', d.PopulationGrowth],
    ['Annual cost per patient, current care', d.CostCurrent],
    ['Annual cost per patient, new treatment', d.CostNew],
  ];
  for (const [label, value] of rows) inputs.addRow([label, value]).getCell(2).fill = INPUT_FILL;
  inputs.addRow([]);
  inputs.addRow(['', ...Array.from({ length: YEARS }, (_, i) => `Year ${i + 1}`)]).font = HEADER_FONT;
  const uptake = inputs.addRow(['Uptake of the new treatment (share of patients)', ...d.UptakeNew]);
  for (let c = 2; c <= YEARS + 1; c++) uptake.getCell(c).fill = INPUT_FILL;
  for (const [name, ref] of Object.entries(INPUT_RANGES)) wb.definedNames.add(ref, name);

  const impact = wb.addWorksheet('Budget Impact');
  impact.columns = [8, 18, 22, 22, 18].map((width) => ({ width }));
  impact.addRow([
    'Year',
    'Eligible patients',
    'Cost, current care only',
    'Cost with new treatment',
    'Budget impact',
  ]).font = HEADER_FONT;
  let total = 0;
  for (let year = 1; year <= YEARS; year++) {
    const r = year + 1;
    const patients = d.EligiblePopulation * (1 + d.PopulationGrowth) ** (year - 1);
    const share = d.UptakeNew[year - 1] ?? 0;
    const current = patients * d.CostCurrent;
    const withNew = patients * (share * d.CostNew + (1 - share) * d.CostCurrent);
    total += withNew - current;
    // Cached results, so a spreadsheet viewer shows numbers before anything recalculates.
    impact.addRow([
      year,
      { formula: `EligiblePopulation*(1+PopulationGrowth)^(A${r}-1)`, result: patients },
      { formula: `B${r}*CostCurrent`, result: current },
      {
        formula: `B${r}*(INDEX(UptakeNew,1,A${r})*CostNew+(1-INDEX(UptakeNew,1,A${r}))*CostCurrent)`,
        result: withNew,
      },
      { formula: `D${r}-C${r}`, result: withNew - current },
    ]);
  }
  const totals = impact.addRow(['Total', '', '', '', { formula: `SUM(E2:E${YEARS + 1})`, result: total }]);
  totals.font = HEADER_FONT;
  for (const col of [2, 3, 4, 5]) impact.getColumn(col).numFmt = '#,##0';
  for (const [name, ref] of Object.entries(OUTPUT_RANGES)) wb.definedNames.add(ref, name);
  return wb;
}

export async function writeBudgetImpactWorkbook(file = WORKBOOK_FILE): Promise<void> {
  writeFileSync(file, Buffer.from(await buildBudgetImpactWorkbook().xlsx.writeBuffer()));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeBudgetImpactWorkbook();
  console.log(`wrote ${WORKBOOK_FILE}`);
}
