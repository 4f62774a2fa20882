import ExcelJS from 'exceljs';
import type { DemoEntry, DemoExtraFile, DemoPersona } from './catalogue';
import { demoEntryName } from './catalogue';
import {
  type MarkovInputs,
  markovCohort,
  pythonMarkovScript,
  rPartitionedSurvivalScript,
  type SurvivalInputs,
  weibullSurvival,
} from './scripts';

/**
 * The files of a demo entry, generated from its metadata (deterministic per entry key, so every
 * fresh clone gets the same numbers):
 * - `budget_impact_model.xlsx`: a five-year budget impact model with live formulas (SUM, INDEX,
 *   named ranges for inputs and outputs) and cached results, so a viewer shows numbers at once;
 * - `model/markov_cohort.py` and `model/partitioned_survival.R`, runnable, reading `inputs/*.csv`;
 * - `inputs/budget_inputs.csv`, `inputs/markov_inputs.csv`, `inputs/survival_inputs.csv`;
 * - `docs/technical_report.md` (methods, inputs, results) and `docs/CHANGELOG.md`;
 * - extras per entry: a confidential net price list, a private rebate agreement, THEOREM data cuts.
 * The report is Markdown: no PDF library is installed, and writing PDF by hand is not worth owning.
 */

export interface DemoFile {
  name: string;
  /** Folder path inside the entry ('' for the root). */
  path: string;
  body: Buffer;
  contentType: string;
  fileTag: string;
  mainFile: boolean;
  /** Attributes the file manager sets after the upload (Editing › Files). */
  attributes?: { cdd?: 'Yes' | 'No'; isPrivate?: boolean; asOfDate?: string; comment?: string };
  /** Users the file's owner shares it with (Manage File Access). */
  shareWith?: DemoPersona[];
}

export const WORKBOOK_NAME = 'budget_impact_model.xlsx';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** mulberry32 seeded by the entry key: the same entry always gets the same numbers. */
function numbersFor(key: string): (min: number, max: number, digits?: number) => number {
  let seed = 2166136261;
  for (const ch of key) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  const next = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (min, max, digits = 4) => Number((min + next() * (max - min)).toFixed(digits));
}

/** Approximate populations and currencies (USD per unit) of the countries the demo uses. */
const COUNTRY_FACTS: Record<string, { population: number; currency: string; perUsd: number }> = {
  Australia: { population: 26_600_000, currency: 'AUD', perUsd: 1.5 },
  Brazil: { population: 216_400_000, currency: 'BRL', perUsd: 5 },
  Canada: { population: 40_100_000, currency: 'CAD', perUsd: 1.36 },
  Denmark: { population: 5_900_000, currency: 'DKK', perUsd: 6.9 },
  Egypt: { population: 112_700_000, currency: 'EGP', perUsd: 48 },
  Finland: { population: 5_600_000, currency: 'EUR', perUsd: 0.92 },
  France: { population: 68_200_000, currency: 'EUR', perUsd: 0.92 },
  Germany: { population: 84_400_000, currency: 'EUR', perUsd: 0.92 },
  India: { population: 1_428_600_000, currency: 'INR', perUsd: 83 },
  Indonesia: { population: 277_500_000, currency: 'IDR', perUsd: 15_600 },
  Italy: { population: 58_900_000, currency: 'EUR', perUsd: 0.92 },
  Japan: { population: 124_500_000, currency: 'JPY', perUsd: 150 },
  Mexico: { population: 128_500_000, currency: 'MXN', perUsd: 17 },
  Netherlands: { population: 17_900_000, currency: 'EUR', perUsd: 0.92 },
  'New Zealand': { population: 5_200_000, currency: 'NZD', perUsd: 1.6 },
  Norway: { population: 5_500_000, currency: 'NOK', perUsd: 10.7 },
  Poland: { population: 36_700_000, currency: 'PLN', perUsd: 4 },
  'South Africa': { population: 60_400_000, currency: 'ZAR', perUsd: 18.5 },
  'South Korea': { population: 51_700_000, currency: 'KRW', perUsd: 1_350 },
  Spain: { population: 48_300_000, currency: 'EUR', perUsd: 0.92 },
  Sweden: { population: 10_500_000, currency: 'SEK', perUsd: 10.5 },
  'United Kingdom': { population: 67_700_000, currency: 'GBP', perUsd: 0.8 },
  'United States': { population: 334_900_000, currency: 'USD', perUsd: 1 },
};

/** Share of the population eligible, and of those the share treated (or vaccinated). */
const DISEASE_FACTS: Record<string, { prevalence: number; treated: number }> = {
  'Non-small cell lung cancer': { prevalence: 0.00045, treated: 0.6 },
  Melanoma: { prevalence: 0.0003, treated: 0.55 },
  'Triple-negative breast cancer': { prevalence: 0.0002, treated: 0.7 },
  'Renal cell carcinoma': { prevalence: 0.00025, treated: 0.5 },
  'Classical Hodgkin lymphoma': { prevalence: 0.00008, treated: 0.8 },
  'Endometrial carcinoma': { prevalence: 0.0003, treated: 0.45 },
  'Cervical cancer': { prevalence: 0.00015, treated: 0.6 },
  'Recurrent or metastatic head and neck squamous cell carcinoma': { prevalence: 0.0002, treated: 0.5 },
  'Pneumococcal disease': { prevalence: 0.18, treated: 0.45 },
  'Human papillomavirus infection': { prevalence: 0.012, treated: 0.7 },
  'Herpes zoster': { prevalence: 0.2, treated: 0.3 },
  'Rotavirus gastroenteritis': { prevalence: 0.011, treated: 0.85 },
  'Respiratory syncytial virus infection': { prevalence: 0.05, treated: 0.4 },
  'Seasonal influenza': { prevalence: 0.22, treated: 0.5 },
  'HIV-1 infection': { prevalence: 0.004, treated: 0.75 },
  'Chronic hepatitis C': { prevalence: 0.01, treated: 0.3 },
  'Cytomegalovirus infection': { prevalence: 0.0001, treated: 0.9 },
  'Clostridioides difficile infection': { prevalence: 0.0005, treated: 0.9 },
  'Type 2 diabetes mellitus': { prevalence: 0.09, treated: 0.55 },
  'Heterozygous familial hypercholesterolemia': { prevalence: 0.004, treated: 0.4 },
  'Heart failure with reduced ejection fraction': { prevalence: 0.008, treated: 0.6 },
  'Pulmonary arterial hypertension': { prevalence: 0.00005, treated: 0.8 },
  'Chronic cough': { prevalence: 0.01, treated: 0.2 },
  'Moderate-to-severe atopic dermatitis': { prevalence: 0.01, treated: 0.25 },
  'Ulcerative colitis': { prevalence: 0.0025, treated: 0.5 },
  'Alzheimer disease': { prevalence: 0.015, treated: 0.3 },
};

/** Annual cost ranges (USD) of the new product by therapeutic area: vaccines are one course. */
const COST_RANGES: Record<string, [number, number]> = {
  Oncology: [90_000, 160_000],
  Vaccines: [120, 260],
  Virology: [14_000, 26_000],
  Hepatology: [20_000, 45_000],
  'Infectious Diseases': [3_000, 12_000],
  'Diabetes and Endocrinology': [1_200, 4_000],
  Cardiovascular: [4_000, 9_000],
  Respiratory: [2_500, 6_000],
  Immunology: [18_000, 35_000],
  Neuroscience: [20_000, 30_000],
  "Women's Health": [250, 400],
  'Rare Diseases': [60_000, 120_000],
};

export interface BudgetInputs {
  currency: string;
  populationLabel: string;
  population: number;
  prevalence: number;
  treatedShare: number;
  growth: number;
  costNew: number;
  costComparator: number;
  adminNew: number;
  adminComparator: number;
  aeNew: number;
  aeComparator: number;
  uptake: number[];
}

export interface EntryInputs {
  budget: BudgetInputs;
  markov: MarkovInputs;
  survival: SurvivalInputs;
}

/** The entry's inputs; `revision` 2 is the workbook's second upload (higher uptake, newer costs). */
export function entryInputs(entry: DemoEntry, revision = 1): EntryInputs {
  const n = numbersFor(entry.key);
  const m = entry.metadata;
  const countries = m.country ?? [];
  const single = countries.length === 1 ? COUNTRY_FACTS[countries[0] ?? ''] : undefined;
  const perUsd = single?.perUsd ?? 1;
  const money = (usd: number) => Math.round(usd * perUsd);
  const disease = DISEASE_FACTS[m.disease ?? ''] ?? { prevalence: 0.001, treated: 0.5 };
  const [low, high] = COST_RANGES[m.therapeutic_area ?? ''] ?? [5_000, 20_000];
  const costNew = n(low, high, 0);
  const costComparator = Math.round(costNew * n(0.35, 0.75));
  const peak = n(0.2, 0.45) * (revision > 1 ? 1.25 : 1);
  const population =
    countries.length === 0
      ? 1_000_000
      : countries.reduce((sum, c) => sum + (COUNTRY_FACTS[c]?.population ?? 10_000_000), 0);
  const budget: BudgetInputs = {
    currency: single?.currency ?? 'USD',
    populationLabel: countries.length === 0 ? 'Reference population (per million)' : countries.join(', '),
    population,
    prevalence: disease.prevalence,
    treatedShare: disease.treated,
    growth: n(0.003, 0.012),
    costNew: money(costNew),
    costComparator: money(costComparator),
    adminNew: money(n(0.02, 0.08) * costNew),
    adminComparator: money(n(0.02, 0.08) * costComparator),
    aeNew: money(n(0.01, 0.05) * costNew),
    aeComparator: money(n(0.02, 0.07) * costComparator),
    uptake: [0.15, 0.35, 0.6, 0.85, 1].map((f) => Number((peak * f).toFixed(3))),
  };
  const uk = countries.includes('United Kingdom');
  const markov: MarkovInputs = {
    p_pf_to_progressed: n(0.1, 0.3),
    hazard_ratio_new: n(0.6, 0.85),
    p_pf_to_dead: n(0.01, 0.04),
    p_progressed_to_dead: n(0.08, 0.25),
    cost_pf: money(n(1_500, 6_000, 0)),
    cost_progressed: money(n(6_000, 18_000, 0)),
    drug_cost_new: budget.costNew,
    drug_cost_comparator: budget.costComparator,
    utility_pf: n(0.74, 0.86, 3),
    utility_progressed: n(0.5, 0.65, 3),
    discount_rate_costs: uk ? 0.035 : 0.03,
    discount_rate_outcomes: uk ? 0.035 : 0.03,
    horizon_years: 20,
    wtp_threshold: uk ? 30_000 : money(50_000),
  };
  const survival: SurvivalInputs = {
    pfs_shape: n(1.05, 1.4, 3),
    pfs_scale_months: n(8, 20, 1),
    os_shape: n(1.0, 1.3, 3),
    os_scale_months: n(22, 45, 1),
    hr_pfs: n(0.55, 0.8, 3),
    hr_os: n(0.65, 0.85, 3),
    drug_cost_new_month: Math.round(budget.costNew / 12),
    drug_cost_comparator_month: Math.round(budget.costComparator / 12),
    cost_pf_month: money(n(300, 900, 0)),
    cost_pd_month: money(n(900, 2_500, 0)),
    utility_pf: markov.utility_pf,
    utility_pd: markov.utility_progressed,
    horizon_years: 15,
    discount_rate_costs: markov.discount_rate_costs,
    discount_rate_outcomes: markov.discount_rate_outcomes,
  };
  return { budget, markov, survival };
}

export interface BudgetYear {
  year: number;
  eligible: number;
  onNew: number;
  costWithout: number;
  costWith: number;
  impact: number;
  cumulative: number;
}

/** What the workbook's formulas compute (its cached results, and the report's table). */
export function budgetImpact(b: BudgetInputs): { years: BudgetYear[]; total: number } {
  const perNew = b.costNew + b.adminNew + b.aeNew;
  const perComparator = b.costComparator + b.adminComparator + b.aeComparator;
  let cumulative = 0;
  const years = b.uptake.map((share, i) => {
    const eligible = b.population * b.prevalence * b.treatedShare * (1 + b.growth) ** i;
    const onNew = eligible * share;
    const costWithout = eligible * perComparator;
    const costWith = onNew * perNew + (eligible - onNew) * perComparator;
    cumulative += costWith - costWithout;
    return {
      year: i + 1,
      eligible,
      onNew,
      costWithout,
      costWith,
      impact: costWith - costWithout,
      cumulative,
    };
  });
  return { years, total: cumulative };
}

const INPUT_ROWS: { name: string; label: string; unit: string; value: (b: BudgetInputs) => number }[] = [
  { name: 'TotalPopulation', label: 'Population', unit: 'persons', value: (b) => b.population },
  {
    name: 'Prevalence',
    label: 'Eligible share of the population',
    unit: 'proportion',
    value: (b) => b.prevalence,
  },
  {
    name: 'TreatedShare',
    label: 'Share treated (or vaccinated)',
    unit: 'proportion',
    value: (b) => b.treatedShare,
  },
  {
    name: 'PopulationGrowth',
    label: 'Annual growth of the eligible population',
    unit: 'proportion',
    value: (b) => b.growth,
  },
  {
    name: 'CostNew',
    label: 'Annual acquisition cost, new product',
    unit: 'currency',
    value: (b) => b.costNew,
  },
  {
    name: 'CostComparator',
    label: 'Annual acquisition cost, standard of care',
    unit: 'currency',
    value: (b) => b.costComparator,
  },
  {
    name: 'AdminCostNew',
    label: 'Administration and monitoring, new product',
    unit: 'currency',
    value: (b) => b.adminNew,
  },
  {
    name: 'AdminCostComparator',
    label: 'Administration and monitoring, standard of care',
    unit: 'currency',
    value: (b) => b.adminComparator,
  },
  { name: 'AECostNew', label: 'Adverse events, new product', unit: 'currency', value: (b) => b.aeNew },
  {
    name: 'AECostComparator',
    label: 'Adverse events, standard of care',
    unit: 'currency',
    value: (b) => b.aeComparator,
  },
];

const INPUT_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true };

/**
 * The budget impact workbook: Cover, Inputs (named input cells), Market Share (named uptake row),
 * Budget Impact (formulas per year, totals with SUM, named outputs) and Summary (formulas over the
 * named outputs). Formulas carry their results so viewers that do not recalculate show numbers;
 * Excel recalculates everything on open.
 */
export async function budgetImpactWorkbook(entry: DemoEntry, revision = 1): Promise<Buffer> {
  const { budget: b } = entryInputs(entry, revision);
  const result = budgetImpact(b);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Model Repository demo';
  // Fixed dates: the same entry gives the same bytes on every machine.
  wb.created = new Date('2025-01-15T09:00:00Z');
  wb.modified = new Date(revision > 1 ? '2025-06-02T09:00:00Z' : '2025-01-15T09:00:00Z');
  wb.calcProperties.fullCalcOnLoad = true;

  const cover = wb.addWorksheet('Cover');
  cover.columns = [{ width: 28 }, { width: 90 }];
  const m = entry.metadata;
  const coverRows: [string, string][] = [
    ['Model', demoEntryName(entry)],
    ['Product', (m.product ?? []).join(', ')],
    ['Disease', m.disease ?? ''],
    ['Setting', b.populationLabel],
    ['Currency', b.currency],
    ['Revision', revision > 1 ? `${revision}: uptake assumptions updated` : '1'],
    ['How to use', 'Change the blue cells on Inputs and Market Share; every other sheet follows.'],
  ];
  cover.addRow(['Budget impact model']).font = { bold: true, size: 14 };
  for (const row of coverRows) cover.addRow(row);

  const inputs = wb.addWorksheet('Inputs');
  inputs.columns = [{ width: 50 }, { width: 18 }, { width: 12 }];
  inputs.addRow(['Parameter', 'Value', 'Unit']).font = HEADER_FONT;
  const inputCell: Record<string, string> = {};
  for (const row of INPUT_ROWS) {
    const added = inputs.addRow([row.label, row.value(b), row.unit === 'currency' ? b.currency : row.unit]);
    added.getCell(2).fill = INPUT_FILL;
    inputCell[row.name] = `B${added.number}`;
    wb.definedNames.add(`Inputs!$B$${added.number}`, row.name);
  }
  const perNew = b.costNew + b.adminNew + b.aeNew;
  const perComparator = b.costComparator + b.adminComparator + b.aeComparator;
  const totalNew = inputs.addRow([
    'Cost per patient per year, new product',
    { formula: 'CostNew+AdminCostNew+AECostNew', result: perNew },
    b.currency,
  ]);
  wb.definedNames.add(`Inputs!$B$${totalNew.number}`, 'PerPatientCostNew');
  const totalComparator = inputs.addRow([
    'Cost per patient per year, standard of care',
    // The same sum as above, written with plain cell references.
    {
      formula: `SUM(${['CostComparator', 'AdminCostComparator', 'AECostComparator'].map((n) => inputCell[n]).join(',')})`,
      result: perComparator,
    },
    b.currency,
  ]);
  wb.definedNames.add(`Inputs!$B$${totalComparator.number}`, 'PerPatientCostComparator');

  const share = wb.addWorksheet('Market Share');
  share.columns = [{ width: 40 }, ...b.uptake.map(() => ({ width: 12 }))];
  share.addRow(['', ...b.uptake.map((_, i) => `Year ${i + 1}`)]).font = HEADER_FONT;
  const uptake = share.addRow(['Uptake of the new product', ...b.uptake]);
  for (let c = 2; c <= b.uptake.length + 1; c++) uptake.getCell(c).fill = INPUT_FILL;
  share.addRow([
    'Standard of care',
    ...b.uptake.map((u, i) => ({ formula: `1-${String.fromCharCode(66 + i)}2`, result: 1 - u })),
  ]);
  wb.definedNames.add(`'Market Share'!$B$2:$${String.fromCharCode(65 + b.uptake.length)}$2`, 'UptakeNew');

  const impact = wb.addWorksheet('Budget Impact');
  impact.columns = [8, 18, 18, 22, 22, 20, 20].map((width) => ({ width }));
  impact.addRow([
    'Year',
    'Eligible patients',
    'On new product',
    'Cost without new product',
    'Cost with new product',
    'Budget impact',
    'Cumulative impact',
  ]).font = HEADER_FONT;
  for (const y of result.years) {
    const r = y.year + 1;
    impact.addRow([
      y.year,
      {
        formula: `TotalPopulation*Prevalence*TreatedShare*(1+PopulationGrowth)^(A${r}-1)`,
        result: y.eligible,
      },
      { formula: `B${r}*INDEX(UptakeNew,1,A${r})`, result: y.onNew },
      { formula: `B${r}*PerPatientCostComparator`, result: y.costWithout },
      { formula: `C${r}*PerPatientCostNew+(B${r}-C${r})*PerPatientCostComparator`, result: y.costWith },
      { formula: `E${r}-D${r}`, result: y.impact },
      { formula: `SUM($F$2:F${r})`, result: y.cumulative },
    ]);
  }
  const last = result.years.length + 1;
  const sum = (col: string, pick: (y: BudgetYear) => number) => ({
    formula: `SUM(${col}2:${col}${last})`,
    result: result.years.reduce((s, y) => s + pick(y), 0),
  });
  const totals = impact.addRow([
    'Total',
    '',
    sum('C', (y) => y.onNew),
    sum('D', (y) => y.costWithout),
    sum('E', (y) => y.costWith),
    sum('F', (y) => y.impact),
    '',
  ]);
  totals.font = HEADER_FONT;
  for (const col of [2, 3]) impact.getColumn(col).numFmt = '#,##0';
  for (const col of [4, 5, 6, 7]) impact.getColumn(col).numFmt = '#,##0';
  wb.definedNames.add(`'Budget Impact'!$F$2:$F$${last}`, 'BudgetImpactByYear');
  wb.definedNames.add(`'Budget Impact'!$F$${totals.number}`, 'TotalBudgetImpact');

  const summary = wb.addWorksheet('Summary');
  summary.columns = [{ width: 48 }, { width: 22 }];
  summary.addRow(['Result', `Value (${b.currency})`]).font = HEADER_FONT;
  summary.addRow(['Total five-year budget impact', { formula: 'TotalBudgetImpact', result: result.total }]);
  summary.addRow([
    'Average annual budget impact',
    { formula: 'AVERAGE(BudgetImpactByYear)', result: result.total / result.years.length },
  ]);
  summary.addRow([
    'Budget impact in year 5',
    { formula: `INDEX(BudgetImpactByYear,${result.years.length})`, result: result.years.at(-1)?.impact ?? 0 },
  ]);
  const first = result.years[0];
  summary.addRow([
    'Year-1 impact per eligible patient',
    { formula: "'Budget Impact'!F2/'Budget Impact'!B2", result: first ? first.impact / first.eligible : 0 },
  ]);
  summary.getColumn(2).numFmt = '#,##0';

  return Buffer.from(await wb.xlsx.writeBuffer());
}

function csv(rows: (string | number)[][]): Buffer {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Buffer.from(`${rows.map((r) => r.map(cell).join(',')).join('\n')}\n`);
}

const MARKOV_DESCRIPTIONS: Record<keyof MarkovInputs, string> = {
  p_pf_to_progressed: 'annual probability of progression, standard of care',
  hazard_ratio_new: 'hazard ratio of progression, new product vs standard of care',
  p_pf_to_dead: 'annual probability of death while progression-free',
  p_progressed_to_dead: 'annual probability of death after progression',
  cost_pf: 'annual health-state cost, progression-free',
  cost_progressed: 'annual health-state cost, progressed',
  drug_cost_new: 'annual drug cost while progression-free, new product',
  drug_cost_comparator: 'annual drug cost while progression-free, standard of care',
  utility_pf: 'utility, progression-free',
  utility_progressed: 'utility, progressed',
  discount_rate_costs: 'annual discount rate for costs',
  discount_rate_outcomes: 'annual discount rate for outcomes',
  horizon_years: 'time horizon in years (one cycle per year)',
  wtp_threshold: 'willingness to pay per QALY',
};

const SURVIVAL_DESCRIPTIONS: Record<keyof SurvivalInputs, string> = {
  pfs_shape: 'Weibull shape of progression-free survival, standard of care',
  pfs_scale_months: 'Weibull scale of progression-free survival in months, standard of care',
  os_shape: 'Weibull shape of overall survival, standard of care',
  os_scale_months: 'Weibull scale of overall survival in months, standard of care',
  hr_pfs: 'hazard ratio of progression or death, new product vs standard of care',
  hr_os: 'hazard ratio of death, new product vs standard of care',
  drug_cost_new_month: 'monthly drug cost while progression-free, new product',
  drug_cost_comparator_month: 'monthly drug cost while progression-free, standard of care',
  cost_pf_month: 'monthly health-state cost, progression-free',
  cost_pd_month: 'monthly health-state cost, progressed',
  utility_pf: 'utility, progression-free',
  utility_pd: 'utility, progressed',
  horizon_years: 'time horizon in years (monthly cycles)',
  discount_rate_costs: 'annual discount rate for costs',
  discount_rate_outcomes: 'annual discount rate for outcomes',
};

function parameterCsv<T extends object>(inputs: T, describe: (key: keyof T) => string): Buffer {
  return csv([
    ['parameter', 'value', 'description'],
    ...(Object.entries(inputs) as [keyof T & string, number][]).map(([k, v]) => [k, v, describe(k)]),
  ]);
}

function countrySlug(entry: DemoEntry): string {
  const first = entry.metadata.country?.[0] ?? 'global';
  return first.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function technicalReport(entry: DemoEntry, inputs: EntryInputs): Buffer {
  const m = entry.metadata;
  const { budget: b, markov } = inputs;
  const bi = budgetImpact(b);
  const ce = markovCohort(markov);
  const lines = [
    `# Technical report: ${demoEntryName(entry)}`,
    '',
    `- Product: ${(m.product ?? []).join(', ')}`,
    `- Disease: ${m.disease}`,
    `- Model type: ${m.model_type} (${m.type})`,
    `- Setting: ${b.populationLabel}`,
    `- Version: ${m.version_release_of_model}; stage: ${m.stage_of_model_development}`,
    `- Information classification: ${m.information_classification}`,
    '',
    '## Objective',
    '',
    m.objective_of_model ?? '',
    '',
    '## Methods',
    '',
    `The budget impact model (${WORKBOOK_NAME}) follows the ISPOR good-practice structure: an eligible`,
    'population grown each year, a market share of the new product rising over five years, and the',
    'annual cost per patient of each option (acquisition, administration and monitoring, adverse',
    'events). The budget impact is the cost of the world with the new product minus the world without.',
    '',
    'Cost-effectiveness is estimated with a three-state Markov cohort model (model/markov_cohort.py:',
    'progression-free, progressed, dead; annual cycles, half-cycle correction) and, for survival',
    'outcomes, a partitioned survival model on Weibull curves (model/partitioned_survival.R). Inputs are',
    'in inputs/*.csv; both scripts run with the standard library of their language.',
    '',
    `## Budget impact (${b.currency})`,
    '',
    '| Year | Eligible patients | On new product | Budget impact | Cumulative |',
    '| ---: | ---: | ---: | ---: | ---: |',
    ...bi.years.map(
      (y) => `| ${y.year} | ${fmt(y.eligible)} | ${fmt(y.onNew)} | ${fmt(y.impact)} | ${fmt(y.cumulative)} |`,
    ),
    '',
    `Total five-year budget impact: **${fmt(bi.total)} ${b.currency}**.`,
    '',
    `## Cost-effectiveness (Markov cohort, ${markov.horizon_years} years)`,
    '',
    '| Arm | Costs | QALYs | Life years |',
    '| --- | ---: | ---: | ---: |',
    `| Standard of care | ${fmt(ce.comparator.costs)} | ${fmt(ce.comparator.qalys, 3)} | ${fmt(ce.comparator.lifeYears, 3)} |`,
    `| ${(m.product ?? []).join(' + ')} | ${fmt(ce.intervention.costs)} | ${fmt(ce.intervention.qalys, 3)} | ${fmt(ce.intervention.lifeYears, 3)} |`,
    '',
    `ICER: **${fmt(ce.icer)} ${b.currency} per QALY gained**; net monetary benefit at a threshold of`,
    `${fmt(markov.wtp_threshold)}: ${fmt(ce.netMonetaryBenefit)}.`,
    '',
    '## Limitations',
    '',
    'Demonstration data: the inputs are plausible but invented, and so are the products.',
    '',
  ];
  return Buffer.from(lines.join('\n'));
}

function changelog(entry: DemoEntry): Buffer {
  const version = entry.metadata.version_release_of_model ?? '1.0';
  const lines = [
    '# Changelog',
    '',
    `## ${version}`,
    '',
    `- ${entry.metadata.version_log ?? 'Release.'}`,
    '- Inputs reviewed by the Model Steward.',
    '',
  ];
  if (entry.parent) lines.push('## Earlier versions', '', `- See the parent entry in the lineage.`, '');
  return Buffer.from(lines.join('\n'));
}

function extraFile(entry: DemoEntry, extra: DemoExtraFile, inputs: EntryInputs): DemoFile {
  const { budget: b, survival: s } = inputs;
  const slug = countrySlug(entry);
  const product = entry.metadata.product?.[0] ?? 'Product';
  const attributes = {
    ...(extra.confidential ? { cdd: 'Yes' as const } : {}),
    ...(extra.private ? { isPrivate: true } : {}),
    ...(extra.asOfDate ? { asOfDate: extra.asOfDate } : {}),
    ...(extra.label ? { comment: `${extra.label} data cut` } : {}),
  };
  const shared = { contentType: 'text/csv', fileTag: 'Data', mainFile: false, attributes };
  const share = extra.shareWith ? { shareWith: extra.shareWith } : {};
  switch (extra.kind) {
    case 'net-prices': {
      const discount = numbersFor(`${entry.key} prices`)(0.12, 0.38, 3);
      return {
        name: `net_prices_${slug}.csv`,
        path: 'inputs',
        body: csv([
          ['product', 'pack', 'list_price', 'confidential_discount', 'net_price', 'currency', 'valid_from'],
          [
            product,
            'annual course',
            b.costNew,
            discount,
            Math.round(b.costNew * (1 - discount)),
            b.currency,
            '2025-01-01',
          ],
          [
            'Standard of care',
            'annual course',
            b.costComparator,
            0,
            b.costComparator,
            b.currency,
            '2025-01-01',
          ],
        ]),
        ...shared,
        ...share,
      };
    }
    case 'rebate-agreement':
      return {
        name: `rebate_agreement_${slug}.csv`,
        path: 'inputs',
        body: csv([
          ['payer', 'tier', 'annual_patients_from', 'rebate'],
          ['Statutory health insurance', 1, 0, 0.05],
          ['Statutory health insurance', 2, 5_000, 0.09],
          ['Statutory health insurance', 3, 20_000, 0.14],
        ]),
        ...shared,
        ...share,
      };
    case 'data-cut': {
      const followUp = extra.asOfDate && extra.asOfDate >= '2024-01-01' ? 31 : 18;
      const rows: (string | number)[][] = [['month', 'pfs_new', 'pfs_comparator', 'os_new', 'os_comparator']];
      for (let t = 0; t <= followUp; t += 3) {
        rows.push([
          t,
          Number(weibullSurvival(t, s.pfs_shape, s.pfs_scale_months, s.hr_pfs).toFixed(4)),
          Number(weibullSurvival(t, s.pfs_shape, s.pfs_scale_months).toFixed(4)),
          Number(weibullSurvival(t, s.os_shape, s.os_scale_months, s.hr_os).toFixed(4)),
          Number(weibullSurvival(t, s.os_shape, s.os_scale_months).toFixed(4)),
        ]);
      }
      return {
        name: `${(extra.label ?? 'data cut').toLowerCase().replace(/[^a-z0-9]+/g, '_')}_km_curves.csv`,
        path: 'data_cuts',
        body: csv(rows),
        ...shared,
        ...share,
      };
    }
  }
}

/** The main model file follows the model type: the workbook, the Python model or the R model. */
function mainFileOf(modelType: string | undefined): 'xlsx' | 'py' | 'r' {
  if (modelType === 'Partitioned Survival Model') return 'r';
  if (
    [
      'Markov Cohort Model',
      'Cost-Effectiveness Model',
      'Individual Patient Microsimulation',
      'Discrete Event Simulation',
      'Dynamic Transmission Model',
    ].includes(modelType ?? '')
  )
    return 'py';
  return 'xlsx';
}

/** Every file of a demo entry, as first uploaded. */
export async function demoFiles(entry: DemoEntry): Promise<DemoFile[]> {
  const inputs = entryInputs(entry);
  const title = demoEntryName(entry);
  const product = (entry.metadata.product ?? []).join(' + ');
  const main = mainFileOf(entry.metadata.model_type);
  const text = (body: string) => Buffer.from(body);
  return [
    {
      name: WORKBOOK_NAME,
      path: '',
      body: await budgetImpactWorkbook(entry),
      contentType: XLSX_TYPE,
      fileTag: 'Model',
      mainFile: main === 'xlsx',
    },
    {
      name: 'markov_cohort.py',
      path: 'model',
      body: text(pythonMarkovScript(title, product)),
      contentType: 'text/x-python',
      fileTag: main === 'py' ? 'Model' : 'Code',
      mainFile: main === 'py',
    },
    {
      name: 'partitioned_survival.R',
      path: 'model',
      body: text(rPartitionedSurvivalScript(title, product)),
      contentType: 'text/plain',
      fileTag: main === 'r' ? 'Model' : 'Code',
      mainFile: main === 'r',
    },
    {
      name: 'budget_inputs.csv',
      path: 'inputs',
      body: csv([
        ['parameter', 'value', 'unit'],
        ...INPUT_ROWS.map((r) => [
          r.name,
          r.value(inputs.budget),
          r.unit === 'currency' ? inputs.budget.currency : r.unit,
        ]),
        ...inputs.budget.uptake.map((u, i) => [`UptakeYear${i + 1}`, u, 'proportion']),
      ]),
      contentType: 'text/csv',
      fileTag: 'Data',
      mainFile: false,
    },
    {
      name: 'markov_inputs.csv',
      path: 'inputs',
      body: parameterCsv(inputs.markov, (k) => MARKOV_DESCRIPTIONS[k]),
      contentType: 'text/csv',
      fileTag: 'Data',
      mainFile: false,
    },
    {
      name: 'survival_inputs.csv',
      path: 'inputs',
      body: parameterCsv(inputs.survival, (k) => SURVIVAL_DESCRIPTIONS[k]),
      contentType: 'text/csv',
      fileTag: 'Data',
      mainFile: false,
    },
    {
      name: 'technical_report.md',
      path: 'docs',
      body: technicalReport(entry, inputs),
      contentType: 'text/markdown',
      fileTag: 'Report',
      mainFile: false,
    },
    {
      name: 'CHANGELOG.md',
      path: 'docs',
      body: changelog(entry),
      contentType: 'text/markdown',
      fileTag: 'Changelog',
      mainFile: false,
    },
    ...(entry.extraFiles ?? []).map((extra) => extraFile(entry, extra, inputs)),
  ];
}

/** The workbook's second upload (entries with `revisedWorkbook`): the file then has two versions. */
export async function revisedWorkbookFile(entry: DemoEntry): Promise<DemoFile> {
  const main = mainFileOf(entry.metadata.model_type) === 'xlsx';
  return {
    name: WORKBOOK_NAME,
    path: '',
    body: await budgetImpactWorkbook(entry, 2),
    contentType: XLSX_TYPE,
    fileTag: 'Model',
    mainFile: main,
  };
}
