import {
  type Cell,
  type CellDiff,
  type DefinedNameChange,
  type NotCompared,
  type SheetChange,
  type SheetStatus,
  SPREADSHEET_DIFF_PAGE_SIZE,
} from '@shared/diffs/spreadsheet';
import { alignSequences, type Pair, SAME_ITEM_SIMILARITY } from './align';
import { WorkbookReadError } from './errors';
import {
  DEFAULT_READ_LIMITS,
  type ReadLimits,
  readWorkbook,
  type SheetData,
  type WorkbookData,
  type WorkbookSource,
} from './read-workbook';
import {
  cellAddress,
  columnLetters,
  formulaShape,
  mapReferences,
  type ReferenceMap,
  toR1C1,
} from './references';

/**
 * Compares two workbooks (issue 18 §4). Sheets are paired by name, then the remaining ones by
 * content (a renamed sheet). In each pair of sheets the columns are aligned first, by the overlap of
 * their contents (robust to inserted rows), then the rows, by their contents in the paired columns
 * (a Myers diff anchored on unique rows): one row inserted at the top of a 20,000-row sheet is one
 * inserted row. Aligned cells are then compared by value and type and by formula; a formula whose
 * text differs only because the cells it refers to moved is not a change (`referencesShifted`).
 * Identical formula changes down a contiguous range are grouped into one change.
 */

export interface SheetComparison {
  /** The name in the new file (in the old one for a removed sheet); the sheet's id in routes. */
  name: string;
  oldName?: string;
  status: SheetStatus;
  old: SheetData | undefined;
  new: SheetData | undefined;
  /** Aligned rows and columns: 0-based indexes into each side (row r is index r-1). */
  rows: Pair[];
  columns: Pair[];
  changes: SheetChange[];
  /** Changed cells (tilde, plus or minus in paired rows and columns; equal with shifted references), by `rowIndex * columns.length + columnIndex`. */
  cells: Map<number, CellDiff>;
  /** Aligned row and column indexes holding a changed cell, for the row and column tags. */
  changedRows: Set<number>;
  changedColumns: Set<number>;
}

export interface WorkbookDiff {
  sheets: SheetComparison[];
  definedNames: DefinedNameChange[];
  notCompared: NotCompared[];
}

/** Reads both workbooks (one after the other, to bound memory) and compares them. */
export async function diffWorkbooks(
  oldSource: WorkbookSource,
  newSource: WorkbookSource,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<WorkbookDiff> {
  const read = (source: WorkbookSource, side: 'old' | 'new') =>
    readWorkbook(source, limits).catch((error: unknown) => {
      if (error instanceof WorkbookReadError) error.side = side;
      throw error;
    });
  const oldBook = await read(oldSource, 'old');
  const newBook = await read(newSource, 'new');
  return compareWorkbooks(oldBook, newBook);
}

// ---------------------------------------------------------------------------------------------
// Keys and similarity

/** What a cell contributes to alignment: a formula by its shape (immune to moved references), else its typed value. */
function alignmentKey(cell: Cell | undefined): string {
  if (!cell) return '';
  if (cell.formula !== undefined) return `=${formulaShape(cell.formula)}`;
  return `${cell.kind[0]}:${String(cell.value)}`;
}

function hash32(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const SKETCH_SIZE = 128;

/** The smallest distinct hashes of a set of keys: estimates Jaccard similarity of two large sets cheaply. */
function sketch(keys: Iterable<string>): Uint32Array {
  const hashes: number[] = [];
  for (const key of keys) if (key !== '') hashes.push(hash32(key));
  const sorted = Uint32Array.from(hashes).sort();
  const out: number[] = [];
  for (let i = 0; i < sorted.length && out.length < SKETCH_SIZE; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i] as number);
  return Uint32Array.from(out);
}

function sketchSimilarity(a: Uint32Array, b: Uint32Array): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  let i = 0;
  let j = 0;
  let taken = 0;
  let both = 0;
  while (taken < SKETCH_SIZE && (i < a.length || j < b.length)) {
    const x = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY;
    const y = j < b.length ? (b[j] as number) : Number.POSITIVE_INFINITY;
    if (x === y) {
      both++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
    taken++;
  }
  return both / taken;
}

/**
 * Every cell's alignment key as a 32-bit hash (0: empty), computed once per sheet: rows, columns
 * and similarity all read them, and numbers cost the collector far less than 600,000 strings.
 */
type KeyGrid = (Uint32Array | undefined)[];

function keyGrid(sheet: SheetData): KeyGrid {
  return sheet.rows.map((row) => {
    if (!row) return undefined;
    const keys = new Uint32Array(row.length);
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      if (cell) keys[c] = hash32(alignmentKey(cell)) || 1;
    }
    return keys;
  });
}

function mix(h: number, value: number) {
  return Math.imul(h ^ value, 0x01000193) >>> 0;
}

function sketchOf(hashes: number[]): Uint32Array {
  const sorted = Uint32Array.from(hashes).sort();
  const out: number[] = [];
  for (let i = 0; i < sorted.length && out.length < SKETCH_SIZE; i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i] as number);
  return Uint32Array.from(out);
}

function columnKeys(grid: KeyGrid, columnCount: number): { keys: string[]; sketches: Uint32Array[] } {
  const keys: string[] = [];
  const sketches: Uint32Array[] = [];
  for (let c = 0; c < columnCount; c++) {
    const column: number[] = [];
    let h1 = 0x811c9dc5;
    let h2 = 0x01234567;
    for (const row of grid) {
      const key = row?.[c];
      if (!key) continue;
      column.push(key);
      h1 = mix(h1, key);
      h2 = mix(h2, key ^ 0x5bd1e995);
    }
    keys.push(`${column.length}:${h1}:${h2}`);
    sketches.push(sketchOf(column));
  }
  return { keys, sketches };
}

function alignColumns(oldSheet: SheetData, newSheet: SheetData, oldGrid: KeyGrid, newGrid: KeyGrid): Pair[] {
  const o = columnKeys(oldGrid, oldSheet.columnCount);
  const n = columnKeys(newGrid, newSheet.columnCount);
  return alignSequences(o.keys, n.keys, (i, j) =>
    sketchSimilarity(o.sketches[i] as Uint32Array, n.sketches[j] as Uint32Array),
  );
}

function alignRows(oldGrid: KeyGrid, newGrid: KeyGrid, columns: Pair[]): Pair[] {
  const paired = columns.filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
  const rowKeys = (grid: KeyGrid, side: 0 | 1) =>
    grid.map((row) => {
      if (!row) return '';
      let h1 = 0x811c9dc5;
      let h2 = 0x01234567;
      let filled = 0;
      for (const pair of paired) {
        const key = row[pair[side]] ?? 0;
        if (key) filled++;
        h1 = mix(h1, key);
        h2 = mix(h2, key ^ 0x5bd1e995);
      }
      return filled === 0 ? '' : `${h1}:${h2}`;
    });
  const similarity = (i: number, j: number) => {
    const a = oldGrid[i];
    const b = newGrid[j];
    let filled = 0;
    let same = 0;
    for (const [oc, nc] of paired) {
      const x = a?.[oc] ?? 0;
      const y = b?.[nc] ?? 0;
      if (x === 0 && y === 0) continue;
      filled++;
      if (x === y) same++;
    }
    return filled === 0 ? 1 : same / filled;
  };
  return alignSequences(rowKeys(oldGrid, 0), rowKeys(newGrid, 1), similarity);
}

// ---------------------------------------------------------------------------------------------
// Sheets

function rowSketch(sheet: SheetData): Uint32Array {
  return sketch(
    sheet.rows.map((row) => (row ? row.map((cell, c) => `${c}:${alignmentKey(cell)}`).join('\u0001') : '')),
  );
}

function pairSheets(oldBook: WorkbookData, newBook: WorkbookData) {
  const pairs: { old?: SheetData; new?: SheetData }[] = [];
  const unmatchedOld = new Map(oldBook.sheets.map((s) => [s.name, s]));
  const unmatchedNew: SheetData[] = [];
  for (const sheet of newBook.sheets) {
    const same =
      unmatchedOld.get(sheet.name) ??
      [...unmatchedOld.values()].find((s) => s.name.toLowerCase() === sheet.name.toLowerCase());
    if (same) {
      unmatchedOld.delete(same.name);
      pairs.push({ old: same, new: sheet });
    } else unmatchedNew.push(sheet);
  }
  // A renamed sheet: the most similar remaining pair first, while similar enough.
  const candidates: { o: SheetData; n: SheetData; score: number }[] = [];
  const oldSketches = new Map([...unmatchedOld.values()].map((s) => [s, rowSketch(s)]));
  for (const n of unmatchedNew) {
    const ns = rowSketch(n);
    for (const [o, os] of oldSketches) {
      const score = sketchSimilarity(os, ns);
      if (score >= SAME_ITEM_SIMILARITY) candidates.push({ o, n, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const renamed = new Map<SheetData, SheetData>();
  for (const { o, n } of candidates) {
    if (!unmatchedOld.has(o.name) || renamed.has(n)) continue;
    unmatchedOld.delete(o.name);
    renamed.set(n, o);
  }
  const ordered: { old?: SheetData; new?: SheetData }[] = [];
  for (const sheet of newBook.sheets) {
    const pair = pairs.find((p) => p.new === sheet);
    ordered.push(pair ?? (renamed.has(sheet) ? { old: renamed.get(sheet), new: sheet } : { new: sheet }));
  }
  for (const sheet of unmatchedOld.values()) ordered.push({ old: sheet });
  return ordered;
}

// ---------------------------------------------------------------------------------------------
// Reference maps (old row/column → new) for every paired sheet

interface AxisMap {
  map: Int32Array;
  /** Rows or columns past the used range move by the net count inserted. */
  tailShift: number;
}

function axisMap(pairs: Pair[], oldCount: number, newCount: number): AxisMap {
  const map = new Int32Array(oldCount + 1);
  for (const [o, n] of pairs) if (o !== null) map[o + 1] = n === null ? 0 : n + 1;
  return { map, tailShift: newCount - oldCount };
}

function lookup(axis: AxisMap | undefined, n: number): number | null {
  if (!axis) return n;
  if (n < axis.map.length) {
    const mapped = axis.map[n] as number;
    return mapped === 0 ? null : mapped;
  }
  return n + axis.tailShift;
}

function referenceMapFor(
  sheetName: string,
  maps: Map<string, { rows: AxisMap; cols: AxisMap; newName: string }>,
): ReferenceMap {
  const find = (sheet: string | null) => maps.get((sheet ?? sheetName).toLowerCase());
  return {
    row: (sheet, row) => lookup(find(sheet)?.rows, row),
    col: (sheet, col) => lookup(find(sheet)?.cols, col),
    renamed: (sheet) => {
      const entry = find(sheet);
      return entry && entry.newName.toLowerCase() !== sheet.toLowerCase() ? entry.newName : undefined;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cells

function sameValue(a: Cell, b: Cell) {
  return a.kind === b.kind && a.value === b.value;
}

export function describeCell(cell: Cell | undefined, withFormula: boolean): string {
  if (!cell) return '(empty)';
  if (withFormula && cell.formula !== undefined) return cell.formula;
  switch (cell.kind) {
    case 'string':
      return JSON.stringify(cell.value);
    case 'boolean':
      return cell.value ? 'TRUE' : 'FALSE';
    case 'empty':
      return '(empty)';
    default:
      return String(cell.value);
  }
}

interface CellContext {
  referenceMap: ReferenceMap;
}

/** Compares two cells of a paired row and column; undefined when equal and nothing to flag. */
function compareCells(
  a: Cell | undefined,
  b: Cell | undefined,
  oldRow: number,
  oldCol: number,
  newRow: number,
  newCol: number,
  context: CellContext,
): (CellDiff & { r1c1?: string }) | undefined {
  if (!a && !b) return undefined;
  if (!a) return { tag: 'plus', new: b };
  if (!b) return { tag: 'minus', old: a };
  const valueChanged = !sameValue(a, b);
  let formulaChanged = false;
  let referencesShifted = false;
  let r1c1: string | undefined;
  if (a.formula !== undefined || b.formula !== undefined) {
    if (a.formula === undefined || b.formula === undefined) formulaChanged = true;
    else if (!(a.formula === b.formula && oldRow === newRow && oldCol === newCol)) {
      const oldR1C1 = toR1C1(a.formula, oldRow, oldCol);
      const newR1C1 = toR1C1(b.formula, newRow, newCol);
      const mapped = mapReferences(a.formula, context.referenceMap);
      // Where every reference can be followed, the old formula moved to the new places is the
      // test: it tells a reference that moved with an inserted row from one a user re-pointed.
      formulaChanged = mapped !== null ? mapped !== b.formula : oldR1C1 !== newR1C1;
      referencesShifted = !formulaChanged && oldR1C1 !== newR1C1;
      if (formulaChanged) r1c1 = `${oldR1C1}\u0000${newR1C1}`;
    }
  }
  if (!valueChanged && !formulaChanged)
    return referencesShifted ? { tag: 'equal', old: a, new: b, referencesShifted } : undefined;
  return {
    tag: 'tilde',
    old: a,
    new: b,
    ...(formulaChanged ? { formulaChanged } : {}),
    ...(valueChanged ? { valueChanged } : {}),
    ...(a.kind !== b.kind ? { typeChanged: true } : {}),
    ...(referencesShifted ? { referencesShifted } : {}),
    ...(r1c1 ? { r1c1 } : {}),
  };
}

function blocks(pairs: Pair[], side: 0 | 1, other: 0 | 1): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  pairs.forEach((pair, i) => {
    if (pair[side] !== null && pair[other] === null) {
      const last = out[out.length - 1];
      if (last && last.end === i - 1) last.end = i;
      else out.push({ start: i, end: i });
    }
  });
  return out;
}

const pageOf = (rowIndex: number) => Math.floor(rowIndex / SPREADSHEET_DIFF_PAGE_SIZE);

function filledCells(sheet: SheetData | undefined, rowIndexes: number[], colIndexes?: number[]) {
  let count = 0;
  for (const r of rowIndexes) {
    const row = sheet?.rows[r];
    if (!row) continue;
    if (colIndexes) for (const c of colIndexes) count += row[c] ? 1 : 0;
    else for (const cell of row) count += cell ? 1 : 0;
  }
  return count;
}

type Draft = Omit<SheetChange, 'index' | 'pageIndex'>;

function compareSheets(
  name: string,
  oldSheet: SheetData | undefined,
  newSheet: SheetData | undefined,
  referenceMap: ReferenceMap,
  aligned: { rows: Pair[]; columns: Pair[] },
): SheetComparison {
  const { rows, columns } = aligned;
  const width = columns.length;
  const cells = new Map<number, CellDiff & { r1c1?: string }>();
  const changedRows = new Set<number>();
  const changedColumns = new Set<number>();
  const drafts: Draft[] = [];
  const context: CellContext = { referenceMap };

  // Structural changes: blocks of inserted or deleted rows and columns.
  const rowNumbers = (from: number, to: number, side: 0 | 1) => {
    const a = (rows[from]?.[side] as number) + 1;
    const b = (rows[to]?.[side] as number) + 1;
    return a === b ? `${a}:${a}` : `${a}:${b}`;
  };
  for (const [side, kind, tag, verb] of [
    [1, 'rows-inserted', 'plus', 'inserted'],
    [0, 'rows-deleted', 'minus', 'deleted'],
  ] as const) {
    for (const block of blocks(rows, side, side === 1 ? 0 : 1)) {
      const indexes = rows.slice(block.start, block.end + 1).map((p) => p[side] as number);
      const count = block.end - block.start + 1;
      const range = rowNumbers(block.start, block.end, side);
      drafts.push({
        kind,
        tag,
        range,
        rowIndex: block.start,
        columnIndex: 0,
        cellCount: filledCells(side === 1 ? newSheet : oldSheet, indexes),
        summary: count === 1 ? `Row ${range.split(':')[0]} ${verb}` : `Rows ${range} ${verb}`,
      });
    }
  }
  // A whole added or removed sheet is one change: its rows, not also its columns.
  if (oldSheet && newSheet) {
    for (const [side, kind, tag, verb] of [
      [1, 'columns-inserted', 'plus', 'inserted'],
      [0, 'columns-deleted', 'minus', 'deleted'],
    ] as const) {
      for (const block of blocks(columns, side, side === 1 ? 0 : 1)) {
        const first = columnLetters((columns[block.start]?.[side] as number) + 1);
        const last = columnLetters((columns[block.end]?.[side] as number) + 1);
        const sheet = side === 1 ? newSheet : oldSheet;
        const colIndexes = columns.slice(block.start, block.end + 1).map((p) => p[side] as number);
        drafts.push({
          kind,
          tag,
          range: `${first}:${last}`,
          rowIndex: 0,
          columnIndex: block.start,
          cellCount: filledCells(
            sheet,
            Array.from({ length: sheet.rows.length }, (_, i) => i),
            colIndexes,
          ),
          summary: first === last ? `Column ${first} ${verb}` : `Columns ${first}:${last} ${verb}`,
        });
      }
    }
  }

  // Cells of paired rows and columns, column by column so that equal formula changes down a column group.
  if (oldSheet && newSheet) {
    for (let ci = 0; ci < width; ci++) {
      const [oc, nc] = columns[ci] as Pair;
      if (oc === null || nc === null) continue;
      let run: { start: number; end: number; key: string; first: CellDiff } | undefined;
      const closeRun = () => {
        if (!run) return;
        const top = rows[run.start] as Pair;
        const bottom = rows[run.end] as Pair;
        const from = cellAddress((top[1] as number) + 1, nc + 1);
        const to = cellAddress((bottom[1] as number) + 1, nc + 1);
        const range = run.start === run.end ? from : `${from}:${to}`;
        const formulaOnly = run.first.formulaChanged;
        drafts.push({
          kind: 'cells',
          tag: run.first.tag,
          range,
          rowIndex: run.start,
          columnIndex: ci,
          cellCount: run.end - run.start + 1,
          summary: `${range}: ${describeCell(run.first.old, !!formulaOnly)} → ${describeCell(run.first.new, !!formulaOnly)}`,
        });
        run = undefined;
      };
      for (let ri = 0; ri < rows.length; ri++) {
        const [or, nr] = rows[ri] as Pair;
        if (or === null || nr === null) {
          closeRun();
          continue;
        }
        const diff = compareCells(
          oldSheet.rows[or]?.[oc],
          newSheet.rows[nr]?.[nc],
          or + 1,
          oc + 1,
          nr + 1,
          nc + 1,
          context,
        );
        if (!diff) {
          closeRun();
          continue;
        }
        cells.set(ri * width + ci, diff);
        if (diff.tag === 'equal') {
          closeRun();
          continue;
        }
        changedRows.add(ri);
        changedColumns.add(ci);
        // Only formula changes with the same R1C1 text before and after extend a range.
        const key = diff.r1c1 ?? '';
        if (run && key !== '' && run.key === key && run.end === ri - 1) {
          run.end = ri;
          continue;
        }
        closeRun();
        run = { start: ri, end: ri, key: key === '' ? `single:${ri}` : key, first: diff };
        if (key === '') closeRun();
      }
      closeRun();
    }
  }

  drafts.sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
  const changes: SheetChange[] = drafts.map((draft, index) => ({
    ...draft,
    index,
    pageIndex: pageOf(draft.rowIndex),
  }));
  // Point each changed cell at its change.
  for (const change of changes) {
    if (change.kind !== 'cells') continue;
    for (let ri = change.rowIndex; ri < change.rowIndex + change.cellCount; ri++) {
      const diff = cells.get(ri * width + change.columnIndex);
      if (diff) diff.diffIndex = change.index;
    }
  }
  for (const diff of cells.values()) delete diff.r1c1;

  const status: SheetStatus = !oldSheet
    ? 'added'
    : !newSheet
      ? 'removed'
      : oldSheet.name !== newSheet.name
        ? 'renamed'
        : changes.length > 0
          ? 'changed'
          : 'unchanged';
  return {
    name,
    ...(oldSheet && newSheet && oldSheet.name !== newSheet.name ? { oldName: oldSheet.name } : {}),
    status,
    old: oldSheet,
    new: newSheet,
    rows,
    columns,
    changes,
    cells,
    changedRows,
    changedColumns,
  };
}

// ---------------------------------------------------------------------------------------------
// Workbook

function compareDefinedNames(
  oldBook: WorkbookData,
  newBook: WorkbookData,
  map: (scope?: string) => ReferenceMap,
) {
  const key = (n: { name: string; scope?: string }) => `${n.scope ?? ''}\u0000${n.name.toLowerCase()}`;
  const olds = new Map(oldBook.definedNames.map((n) => [key(n), n]));
  const changes: DefinedNameChange[] = [];
  for (const n of newBook.definedNames) {
    const o = olds.get(key(n));
    olds.delete(key(n));
    const scope = n.scope ? { scope: n.scope } : {};
    if (!o) changes.push({ name: n.name, ...scope, status: 'added', new: n.formula });
    else if (o.formula !== n.formula && mapReferences(o.formula, map(o.scope)) !== n.formula)
      changes.push({ name: n.name, ...scope, status: 'changed', old: o.formula, new: n.formula });
  }
  for (const o of olds.values())
    changes.push({ name: o.name, ...(o.scope ? { scope: o.scope } : {}), status: 'removed', old: o.formula });
  return changes;
}

function notComparedParts(oldBook: WorkbookData, newBook: WorkbookData): NotCompared[] {
  const formats = (book: WorkbookData) => book.sheets.reduce((n, s) => n + s.conditionalFormats, 0);
  const parts: NotCompared[] = [
    { kind: 'charts', old: oldBook.charts, new: newBook.charts },
    { kind: 'pivot-tables', old: oldBook.pivotTables, new: newBook.pivotTables },
    { kind: 'conditional-formats', old: formats(oldBook), new: formats(newBook) },
  ];
  return parts.filter((p) => p.old + p.new > 0);
}

const EMPTY_SHEET: SheetData = { name: '', rows: [], columnCount: 0, conditionalFormats: 0 };

export function compareWorkbooks(oldBook: WorkbookData, newBook: WorkbookData): WorkbookDiff {
  const pairs = pairSheets(oldBook, newBook);
  // 1. Align every pair of sheets, 2. build the old → new maps of rows and columns (formulas may
  // refer to other sheets), 3. compare cells.
  const aligned = pairs.map((pair) => {
    const o = pair.old ?? EMPTY_SHEET;
    const n = pair.new ?? EMPTY_SHEET;
    const oldGrid = keyGrid(o);
    const newGrid = keyGrid(n);
    const columns = alignColumns(o, n, oldGrid, newGrid);
    return { pair, columns, rows: alignRows(oldGrid, newGrid, columns) };
  });
  const maps = new Map<string, { rows: AxisMap; cols: AxisMap; newName: string }>();
  for (const { pair, rows, columns } of aligned) {
    if (!pair.old || !pair.new) continue;
    maps.set(pair.old.name.toLowerCase(), {
      rows: axisMap(rows, pair.old.rows.length, pair.new.rows.length),
      cols: axisMap(columns, pair.old.columnCount, pair.new.columnCount),
      newName: pair.new.name,
    });
  }
  const sheets = aligned.map(({ pair, rows, columns }) => {
    const name = (pair.new ?? pair.old)?.name ?? '';
    return compareSheets(name, pair.old, pair.new, referenceMapFor(pair.old?.name ?? name, maps), {
      rows,
      columns,
    });
  });
  const definedNames = compareDefinedNames(oldBook, newBook, (scope) => referenceMapFor(scope ?? '', maps));
  return { sheets, definedNames, notCompared: notComparedParts(oldBook, newBook) };
}
