import type { ResultCell, ResultElement } from '../schemas/run-result';
import { EXPORT_MESSAGES, ExportError } from './messages';

type TableElement = Extract<ResultElement, { kind: 'table' }>;

/** A cell placed in the grid: its spans are clipped to the table and to cells placed before it. */
export interface GridCell {
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
  cell: ResultCell;
  /** What the screen shows: prefix, value and postfix. */
  text: string;
  header: boolean;
}

/** A table element laid out once for every format. */
export interface TableGrid {
  rowCount: number;
  columnCount: number;
  /** Rows 0 .. headRows-1 are the head, repeated on every page or slide. */
  headRows: number;
  /** `slots[row][column]`: the cell starting there, 'covered' under another cell's span, or undefined. */
  slots: (GridCell | 'covered' | undefined)[][];
  /** `owners[row][column]`: the cell whose area holds that slot. */
  owners: (GridCell | undefined)[][];
  cells: GridCell[];
  title?: string;
  caption?: string;
  footnotes: string[];
}

export function cellText(cell: ResultCell): string {
  const { value } = cell;
  const shown = value === null ? '' : typeof value === 'number' ? formatNumber(value) : String(value);
  if (shown === '') return '';
  return `${cell.valuePrefix ?? ''}${shown}${cell.valuePostfix ?? ''}`;
}

/** Numbers as the screen's en-US text, without rounding away what the model wrote. */
function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 20, useGrouping: true });
}

/**
 * Lays out a table element. A span that would cross the table's end or another cell is cut short
 * there, so every format draws the same, non-overlapping grid. An empty table cannot be laid
 * out: 'Table is not rendered.'.
 */
export function tableGrid(table: TableElement): TableGrid {
  if (table.cells.length === 0) throw new ExportError(EXPORT_MESSAGES.tableNotRendered);
  let rowCount = 0;
  let columnCount = 0;
  for (const cell of table.cells) {
    rowCount = Math.max(rowCount, cell.row + (cell.rowSpan ?? 1));
    columnCount = Math.max(columnCount, cell.column + (cell.colSpan ?? 1));
  }
  const slots: TableGrid['slots'] = Array.from({ length: rowCount }, () =>
    new Array(columnCount).fill(undefined),
  );
  const owners: TableGrid['owners'] = Array.from({ length: rowCount }, () =>
    new Array(columnCount).fill(undefined),
  );
  const headRows = Math.min(table.options?.tableHeadTillRow ?? 0, rowCount);
  const ordered = [...table.cells].sort((a, b) => a.row - b.row || a.column - b.column);
  const starts = new Set(table.cells.map((cell) => `${cell.row},${cell.column}`));
  const cells: GridCell[] = [];
  for (const cell of ordered) {
    const rowSlots = slots[cell.row];
    if (!rowSlots || rowSlots[cell.column] !== undefined) continue;
    // A span stops before any other cell's own slot, so no value of the model is hidden under it.
    const free = (row: number, column: number) =>
      slots[row]?.[column] === undefined && !starts.has(`${row},${column}`);
    let colSpan = 1;
    while (
      colSpan < (cell.colSpan ?? 1) &&
      cell.column + colSpan < columnCount &&
      free(cell.row, cell.column + colSpan)
    )
      colSpan++;
    let rowSpan = 1;
    while (
      rowSpan < (cell.rowSpan ?? 1) &&
      cell.row + rowSpan < rowCount &&
      Array.from({ length: colSpan }, (_, i) => cell.column + i).every((column) =>
        free(cell.row + rowSpan, column),
      )
    )
      rowSpan++;
    const placed: GridCell = {
      row: cell.row,
      column: cell.column,
      rowSpan,
      colSpan,
      cell,
      text: cellText(cell),
      header: cell.th === true || cell.row < headRows,
    };
    for (let r = cell.row; r < cell.row + rowSpan; r++)
      for (let c = cell.column; c < cell.column + colSpan; c++) {
        const row = slots[r];
        if (row) row[c] = 'covered';
        const ownerRow = owners[r];
        if (ownerRow) ownerRow[c] = placed;
      }
    rowSlots[cell.column] = placed;
    cells.push(placed);
  }
  const options = table.options;
  return {
    rowCount,
    columnCount,
    headRows,
    slots,
    owners,
    cells,
    ...(options?.title ? { title: options.title } : {}),
    ...(options?.caption ? { caption: options.caption } : {}),
    footnotes: options?.footnotes ?? [],
  };
}

/**
 * Splits the body rows into pages of at most `rowsPerPage` body rows (the head comes on top of each).
 * A page never ends inside a row span unless the span alone is longer than a page.
 */
export function pageRows(grid: TableGrid, rowsPerPage: number): Array<{ from: number; to: number }> {
  const perPage = Math.max(1, rowsPerPage);
  const pages: Array<{ from: number; to: number }> = [];
  let from = grid.headRows;
  while (from < grid.rowCount) {
    let to = Math.min(grid.rowCount, from + perPage);
    // Move the break up to the start of a span that crosses it, when that leaves something on the page
    // (again after each move: an earlier span may cross the new break).
    let moved = true;
    while (moved) {
      moved = false;
      for (const cell of grid.cells)
        if (cell.row > from && cell.row < to && cell.row + cell.rowSpan > to) {
          to = cell.row;
          moved = true;
        }
    }
    pages.push({ from, to });
    from = to;
  }
  if (pages.length === 0) pages.push({ from: grid.headRows, to: grid.headRows });
  return pages;
}

/** A cell as drawn on one page: its place among the page's rows and its span clipped to the page. */
export interface PageCell {
  /** Index into the page's rows. */
  rowIndex: number;
  column: number;
  rowSpan: number;
  colSpan: number;
  /** Undefined for a slot no cell covers (drawn empty). */
  cell?: GridCell;
}

/**
 * The cells of one page: the head rows, then the body rows `from`..`to`-1. A cell whose span began
 * on an earlier page is drawn again at the top of this one, so no page starts with a hole.
 */
export function pageLayout(
  grid: TableGrid,
  page: { from: number; to: number },
): { rows: number[]; cells: PageCell[] } {
  const rows: number[] = [];
  for (let r = 0; r < grid.headRows; r++) rows.push(r);
  for (let r = page.from; r < page.to; r++) rows.push(r);
  const cells: PageCell[] = [];
  rows.forEach((row, rowIndex) => {
    for (let column = 0; column < grid.columnCount; column++) {
      const owner = grid.owners[row]?.[column];
      if (!owner) {
        cells.push({ rowIndex, column, rowSpan: 1, colSpan: 1 });
        continue;
      }
      if (owner.column !== column) continue;
      const within = (r: number | undefined) =>
        r !== undefined && r >= owner.row && r < owner.row + owner.rowSpan;
      const previous = rows[rowIndex - 1];
      if (rowIndex > 0 && previous === row - 1 && within(previous)) continue;
      let rowSpan = 1;
      while (rows[rowIndex + rowSpan] === row + rowSpan && within(row + rowSpan)) rowSpan++;
      cells.push({ rowIndex, column, rowSpan, colSpan: owner.colSpan, cell: owner });
    }
  });
  return { rows, cells };
}

/** Relative column widths from the longest text of each column (a spanning cell shares its text). */
export function columnWeights(grid: TableGrid): number[] {
  const weights = new Array<number>(grid.columnCount).fill(4);
  for (const cell of grid.cells) {
    // At least the longest word, so a head like 'Scenario' is not broken inside the word.
    const longestWord = Math.max(0, ...cell.text.split(/\s+/).map((word) => word.length));
    const share = Math.min(40, Math.max(longestWord, cell.text.length / cell.colSpan));
    for (let c = cell.column; c < cell.column + cell.colSpan; c++)
      weights[c] = Math.max(weights[c] ?? 4, share);
  }
  return weights;
}
