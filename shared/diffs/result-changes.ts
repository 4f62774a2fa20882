import type { ResultCell, RunResult, TableElement } from '../schemas/run-result';

/**
 * What a change of model version did to a scenario's results (issue 18 §6): the result tables of two
 * runs of the same-named scenario, one in each version, matched cell by cell and the numeric changes
 * ranked. Pure, so the server's route and the tests share it.
 *
 * Matching is by meaning, not by position, so a row inserted above does not make every row below a
 * change:
 * - a table by its title (the n-th untitled or repeated title by its order among those);
 * - a row by its label (the text of its first column), a column by its header text (the head rows,
 *   `tableHeadTillRow`, or the first row when all its cells are headers); positions only where there
 *   is no label, and a repeated label gets ' (2)', ' (3)'...;
 * - a cell is numeric when both sides hold a number; a cell that changed type counts as changed text.
 * The largest changes come first: by the size of the relative change, then (for changes from 0,
 * which have none) by the absolute change.
 */

export const RESULT_COMPARE_LIMITS = {
  /** Cells of one table compared; a larger table is named but not compared (the response stays small). */
  tableCells: 5_000,
  /** Headlines of a scenario pair: its largest changes. */
  headlines: 10,
} as const;

export type CellValue = ResultCell['value'];

export interface CellChange {
  column: string;
  before?: CellValue;
  after?: CellValue;
  /** Both numbers: after - before. */
  absolute?: number;
  /** Both numbers and before not 0: (after - before) / |before|. */
  relative?: number;
  changed: boolean;
}

export interface RowChange {
  label: string;
  /** Only in the after table (added) or only in the before table (removed). */
  status: 'both' | 'added' | 'removed';
  cells: CellChange[];
}

export interface TableChange {
  title: string;
  status: 'both' | 'added' | 'removed';
  /** Column labels, the after table's order first, then columns only the before table has. */
  columns: string[];
  rows: RowChange[];
  /** Too many cells to compare here: rows are empty. */
  tooLarge?: boolean;
}

/** A numeric change with the words the headline list shows. */
export interface NumericChange {
  table: string;
  row: string;
  column: string;
  before: number;
  after: number;
  absolute: number;
  relative?: number;
  /** e.g. 'ICER (cost per QALY gained) 23,410 → 27,950 $/QALY, +19%'. */
  headline: string;
}

export interface ResultComparison {
  tables: TableChange[];
  /** Every changed numeric cell, largest change first. */
  changes: NumericChange[];
}

// ---------- formatting ----------

const numberFormats = new Map<number, Intl.NumberFormat>();
const formatWith = (digits: number) => {
  let format = numberFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
    numberFormats.set(digits, format);
  }
  return format;
};

/** A result number as people read it: grouped, fewer decimals the larger it is. */
export function formatResultNumber(value: number): string {
  const size = Math.abs(value);
  const digits = size >= 1000 ? 0 : size >= 10 ? 2 : 4;
  return formatWith(digits).format(value);
}

/** A relative change as a signed percentage: '+19%', '-3.2%', '+0.04%'. */
export function formatRelativeChange(relative: number): string {
  const percent = relative * 100;
  const size = Math.abs(percent);
  const digits = size >= 10 ? 0 : size >= 1 ? 1 : 2;
  const text = formatWith(digits).format(size);
  if (text === formatWith(digits).format(0)) return '0%';
  return `${percent > 0 ? '+' : '-'}${text}%`;
}

/** A signed absolute change: '+4,540', '-0.0123'. */
export function formatAbsoluteChange(absolute: number): string {
  const text = formatResultNumber(Math.abs(absolute));
  return absolute > 0 ? `+${text}` : absolute < 0 ? `-${text}` : '0';
}

/** The headline of one change: '<label> <before> → <after><unit>, <relative>'. */
export function changeHeadline(
  label: string,
  before: number,
  after: number,
  unit: { prefix?: string; postfix?: string } = {},
): string {
  const value = (n: number) => `${unit.prefix ?? ''}${formatResultNumber(n)}`;
  const change = before !== 0 ? formatRelativeChange((after - before) / Math.abs(before)) : 'from 0';
  return `${label} ${value(before)} → ${value(after)}${unit.postfix ?? ''}, ${change}`;
}

// ---------- reading a table ----------

interface ReadTable {
  title: string;
  columns: string[];
  rows: { label: string; values: Map<string, ResultCell> }[];
  cellCount: number;
}

const textOf = (value: CellValue | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();

/** Makes repeated labels unique in order: 'Total', 'Total (2)'. */
function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return n === 1 ? label : `${label} (${n})`;
  });
}

function headRowCount(table: TableElement): number {
  const declared = table.options?.tableHeadTillRow;
  if (declared !== undefined) return declared;
  const first = table.cells.filter((c) => c.row === 0);
  return first.length > 0 && first.every((c) => c.th) ? 1 : 0;
}

function readTable(table: TableElement, title: string): ReadTable {
  const head = headRowCount(table);
  const width = table.cells.reduce((w, c) => Math.max(w, c.column + (c.colSpan ?? 1)), 0);
  const headTexts: string[][] = Array.from({ length: width }, () => []);
  const bodyRows = new Map<number, ResultCell[]>();
  for (const cell of table.cells) {
    if (cell.row < head) {
      // A spanning header names every column it spans.
      for (let c = cell.column; c < Math.min(width, cell.column + (cell.colSpan ?? 1)); c++) {
        const text = textOf(cell.value);
        if (text) headTexts[c]?.push(text);
      }
    } else {
      const row = bodyRows.get(cell.row) ?? [];
      row.push(cell);
      bodyRows.set(cell.row, row);
    }
  }
  const columns = uniqueLabels(
    headTexts.map((texts, c) => (texts.length > 0 ? texts.join(' / ') : `Column ${c + 1}`)),
  );
  const ordered = [...bodyRows.entries()].sort(([a], [b]) => a - b);
  const labels = uniqueLabels(
    ordered.map(([rowIndex, cells]) => {
      const first = cells.find((c) => c.column === 0);
      const text = first && typeof first.value === 'string' ? textOf(first.value) : '';
      return text || `Row ${rowIndex + 1}`;
    }),
  );
  return {
    title,
    columns,
    rows: ordered.map(([, cells], i) => ({
      label: labels[i] ?? '',
      values: new Map(cells.map((c) => [columns[c.column] ?? `Column ${c.column + 1}`, c])),
    })),
    cellCount: table.cells.length,
  };
}

/** The result's tables keyed by title; untitled or repeated ones by their order among those. */
function tablesOf(result: RunResult): { key: string; table: TableElement }[] {
  const tables = result.elements.filter((e): e is TableElement => e.kind === 'table');
  const titles = uniqueLabels(tables.map((t, i) => t.options?.title?.trim() || `Table ${i + 1}`));
  return tables.map((table, i) => ({ key: titles[i] ?? `Table ${i + 1}`, table }));
}

// ---------- comparing ----------

/** Keys of `after` in order, then those only in `before`. */
function unionInOrder(before: readonly string[], after: readonly string[]): string[] {
  const inAfter = new Set(after);
  return [...after, ...before.filter((k) => !inAfter.has(k))];
}

const sameValue = (a: CellValue | undefined, b: CellValue | undefined) => (a ?? null) === (b ?? null);

function compareCell(column: string, before?: ResultCell, after?: ResultCell): CellChange {
  const b = before?.value;
  const a = after?.value;
  const cell: CellChange = {
    column,
    ...(before ? { before: b ?? null } : {}),
    ...(after ? { after: a ?? null } : {}),
    changed: !sameValue(b, a),
  };
  if (typeof b === 'number' && typeof a === 'number') {
    cell.absolute = a - b;
    if (b !== 0) cell.relative = (a - b) / Math.abs(b);
  }
  return cell;
}

/**
 * The headline's label: a two-column table (a measure and its value) says the measure; wider tables
 * say the row and the column ('New treatment · Costs').
 */
function changeLabel(table: ReadTable, row: string, column: string): string {
  const valueColumns = table.columns.length - 1;
  return valueColumns <= 1 ? row : `${row} · ${column}`;
}

/** Orders changes: largest relative change first; changes from 0 (no relative) after, by size. */
export function byLargestChange(a: NumericChange, b: NumericChange): number {
  if (a.relative !== undefined && b.relative !== undefined) {
    const byRelative = Math.abs(b.relative) - Math.abs(a.relative);
    if (byRelative !== 0) return byRelative;
  } else if (a.relative !== undefined) return -1;
  else if (b.relative !== undefined) return 1;
  return Math.abs(b.absolute) - Math.abs(a.absolute);
}

function compareTable(
  key: string,
  before: TableElement | undefined,
  after: TableElement | undefined,
  changes: NumericChange[],
): TableChange {
  const status = !before ? 'added' : !after ? 'removed' : 'both';
  const cells = (before?.cells.length ?? 0) + (after?.cells.length ?? 0);
  const b = before ? readTable(before, key) : undefined;
  const a = after ? readTable(after, key) : undefined;
  const columns = unionInOrder(b?.columns ?? [], a?.columns ?? []);
  if (cells > RESULT_COMPARE_LIMITS.tableCells)
    return { title: key, status, columns, rows: [], tooLarge: true };
  const beforeRows = new Map((b?.rows ?? []).map((r) => [r.label, r.values]));
  const afterRows = new Map((a?.rows ?? []).map((r) => [r.label, r.values]));
  const labels = unionInOrder(
    (b?.rows ?? []).map((r) => r.label),
    (a?.rows ?? []).map((r) => r.label),
  );
  const shape = (a ?? b) as ReadTable;
  const rows = labels.map((label): RowChange => {
    const bv = beforeRows.get(label);
    const av = afterRows.get(label);
    const rowCells = columns
      .filter((column) => bv?.has(column) || av?.has(column))
      .map((column) => {
        const cell = compareCell(column, bv?.get(column), av?.get(column));
        if (cell.changed && cell.absolute !== undefined && bv && av) {
          const unitCell = av.get(column) ?? bv.get(column);
          const before = cell.before as number;
          const after = cell.after as number;
          changes.push({
            table: key,
            row: label,
            column,
            before,
            after,
            absolute: cell.absolute,
            ...(cell.relative !== undefined ? { relative: cell.relative } : {}),
            headline: changeHeadline(changeLabel(shape, label, column), before, after, {
              ...(unitCell?.valuePrefix ? { prefix: unitCell.valuePrefix } : {}),
              ...(unitCell?.valuePostfix ? { postfix: unitCell.valuePostfix } : {}),
            }),
          });
        }
        return cell;
      });
    return { label, status: !bv ? 'added' : !av ? 'removed' : 'both', cells: rowCells };
  });
  return { title: key, status, columns, rows };
}

/** The tables of two results side by side with every cell's change, and the numeric changes ranked. */
export function compareResults(before: RunResult, after: RunResult): ResultComparison {
  const b = tablesOf(before);
  const a = tablesOf(after);
  const beforeByKey = new Map(b.map((t) => [t.key, t.table]));
  const afterByKey = new Map(a.map((t) => [t.key, t.table]));
  const changes: NumericChange[] = [];
  const tables = unionInOrder(
    b.map((t) => t.key),
    a.map((t) => t.key),
  ).map((key) => compareTable(key, beforeByKey.get(key), afterByKey.get(key), changes));
  return { tables, changes: changes.sort(byLargestChange) };
}
