import type ExcelJS from 'exceljs';
import { addVbaProjectToWorkbook } from '../../../functions/core/diffs/vba/extract-vba-modules';
import { writeVbaProject } from '../../../functions/core/diffs/vba/vba-project';
import { buildWorkbook, type CellInput, type SheetInput } from '../../../functions/testing/workbooks';
import { type DemoMacroVersion, demoMacroModules } from './xlsm';

/**
 * The cost-effectiveness workbook of the Melanoma lineage (issue 18), `model/cea-model.xlsm`, in the
 * three states its versions carry. Each step changes it the way analysts change such a model, so
 * Compare has every kind of workbook change to show:
 * 1 → 2 (version 2.0, NICE reference case): the discount rate and horizon change (values), the ICER
 *   formula guards against equal QALYs (formula), a background mortality row is inserted in the
 *   parameters and a discount factor column in the Markov trace, and the VBA discounting moves to
 *   mid-year (demoMacroModules 2).
 * 2 → 3 (version 2.1, drug wastage): Parameters is renamed Inputs, a Scenarios sheet is added, the
 *   defined name DrugCost now points at the wastage-adjusted cost (and Wastage is new), and the VBA
 *   project gains a class module and drops its legacy import (demoMacroModules 3).
 * Small on purpose (tens of rows): the seed builds it three times.
 */
export const CEA_WORKBOOK = { name: 'cea-model.xlsm', path: 'model' } as const;

export type CeaWorkbookVersion = DemoMacroVersion;

interface State {
  parameterSheet: string;
  discountRate: number;
  horizon: number;
  /** Version 2 inserts background mortality after the cycle length. */
  mortality: boolean;
  /** Version 3 adds drug wastage and the wastage-adjusted cost. */
  wastage: boolean;
  /** Version 2 inserts the discount factor column into the trace. */
  discountColumn: boolean;
  guardedIcer: boolean;
  scenarios: boolean;
  costs: [number, number];
  qalys: [number, number];
  lifeYears: [number, number];
}

const STATES: Record<CeaWorkbookVersion, State> = {
  1: {
    parameterSheet: 'Parameters',
    discountRate: 0.05,
    horizon: 20,
    mortality: false,
    wastage: false,
    discountColumn: false,
    guardedIcer: false,
    scenarios: false,
    costs: [184_250, 396_800],
    qalys: [4.62, 6.11],
    lifeYears: [6.05, 7.94],
  },
  2: {
    parameterSheet: 'Parameters',
    discountRate: 0.035,
    horizon: 40,
    mortality: true,
    wastage: false,
    discountColumn: true,
    guardedIcer: true,
    scenarios: false,
    costs: [201_900, 431_600],
    qalys: [5.08, 6.83],
    lifeYears: [6.71, 8.92],
  },
  3: {
    parameterSheet: 'Inputs',
    discountRate: 0.035,
    horizon: 40,
    mortality: true,
    wastage: true,
    discountColumn: true,
    guardedIcer: true,
    scenarios: true,
    costs: [201_900, 451_400],
    qalys: [5.08, 6.83],
    lifeYears: [6.71, 8.92],
  },
};

const DRUG_COST = 98_000;
const CYCLES = 10;

const round = (value: number, digits = 4) => Number(value.toFixed(digits));
const icerOf = (s: State) => Math.round((s.costs[1] - s.costs[0]) / (s.qalys[1] - s.qalys[0]));

function parameterRows(s: State): CellInput[][] {
  const rows: CellInput[][] = [
    ['Parameter', 'Value', 'Unit'],
    ['Discount rate', s.discountRate, 'per year'],
    ['Time horizon', s.horizon, 'years'],
    ['Cycle length', 1, 'years'],
  ];
  if (s.mortality) rows.push(['Background mortality', 0.012, 'per year']);
  rows.push(
    ['Drug cost (Tumivex)', DRUG_COST, 'GBP per year'],
    ['Utility PFS', 0.8, ''],
    ['Utility PD', 0.6, ''],
  );
  if (s.wastage) {
    const costRow = rows.findIndex((r) => r[0] === 'Drug cost (Tumivex)') + 1;
    const wastageRow = rows.length + 1;
    rows.push(
      ['Drug wastage', 0.05, 'proportion'],
      [
        'Drug cost incl. wastage',
        { formula: `B${costRow}*(1+B${wastageRow})`, result: DRUG_COST * 1.05 },
        'GBP per year',
      ],
    );
  }
  return rows;
}

/** Defined names: where they point, by A1 location on the parameter sheet. */
function definedNames(s: State): [string, string][] {
  const rows = parameterRows(s);
  const at = (label: string) => `${s.parameterSheet}!$B$${rows.findIndex((r) => r[0] === label) + 1}`;
  const names: [string, string][] = [
    [at('Discount rate'), 'DiscountRate'],
    [at('Time horizon'), 'Horizon'],
    [at(s.wastage ? 'Drug cost incl. wastage' : 'Drug cost (Tumivex)'), 'DrugCost'],
  ];
  if (s.wastage) names.push([at('Drug wastage'), 'Wastage']);
  return names;
}

/** A three-state Markov trace (progression-free, progressed, dead), one row per yearly cycle. */
function traceRows(s: State): CellInput[][] {
  const header = s.discountColumn
    ? ['Cycle', 'Discount factor', 'PFS', 'PD', 'Dead']
    : ['Cycle', 'PFS', 'PD', 'Dead'];
  const rows: CellInput[][] = [header];
  for (let t = 0; t <= CYCLES; t++) {
    const pfs = round(0.82 ** t);
    const dead = round(1 - 0.94 ** t);
    const pd = round(1 - pfs - dead);
    const states = [pfs, pd, dead];
    if (!s.discountColumn) rows.push([t, ...states]);
    else {
      const factor = {
        formula: `1/(1+DiscountRate)^A${t + 2}`,
        result: round(1 / (1 + s.discountRate) ** t),
      };
      rows.push([t, factor, ...states]);
    }
  }
  return rows;
}

function resultRows(s: State): CellInput[][] {
  const icer = s.guardedIcer ? 'IF(C3=C2,NA(),(B3-B2)/(C3-C2))' : '(B3-B2)/(C3-C2)';
  return [
    ['Arm', 'Costs', 'QALYs', 'Life years'],
    ['Standard of care', s.costs[0], s.qalys[0], s.lifeYears[0]],
    ['Tumivex', s.costs[1], s.qalys[1], s.lifeYears[1]],
    [],
    ['ICER (GBP per QALY)', { formula: icer, result: icerOf(s) }],
  ];
}

function scenarioRows(): CellInput[][] {
  return [
    ['Scenario', 'Discount rate', 'Horizon (years)', 'ICER (GBP per QALY)'],
    ['Base case', 0.035, 40, icerOf(STATES[3])],
    ['1.5% discounting', 0.015, 40, 128_900],
    ['20-year horizon', 0.035, 20, 171_300],
    ['No wastage', 0.035, 40, icerOf(STATES[2])],
  ];
}

/** The bytes of `model/cea-model.xlsm` in the given state. */
export async function ceaWorkbook(version: CeaWorkbookVersion): Promise<Uint8Array> {
  const s = STATES[version];
  const sheets: SheetInput[] = [
    { name: s.parameterSheet, rows: parameterRows(s) },
    { name: 'Markov trace', rows: traceRows(s) },
    { name: 'Results', rows: resultRows(s) },
  ];
  if (s.scenarios) sheets.push({ name: 'Scenarios', rows: scenarioRows() });
  const configure = (workbook: ExcelJS.Workbook) => {
    // Fixed dates: the bytes of a state depend on nothing but the state.
    workbook.created = new Date('2025-01-15T09:00:00Z');
    workbook.modified = workbook.created;
  };
  const xlsx = await buildWorkbook({ sheets, definedNames: definedNames(s), configure });
  return addVbaProjectToWorkbook(new Uint8Array(xlsx), writeVbaProject(demoMacroModules(version)));
}
