import type { ResultCell, TableElement } from '../schemas/run-result';

/**
 * A result table (spec 001 §3) as a grid every output draws the same way: the step-3 page, the
 * PowerPoint and Excel tables and the PDF. Cells are placed row by row; a cell whose place is covered by
 * an earlier cell's colSpan/rowSpan is dropped (and counted), so merges never overlap.
 */
export interface TableCellModel {
  row: number;
  column: number;
  rowSpan: number;
  colSpan: number;
  value: ResultCell['value'];
  /** The value as shown: prefix, the formatted value, postfix. */
  text: string;
  th: boolean;
  align: 'left' | 'center' | 'right';
  indent: number;
  /** Set around the value (the Excel export turns them into a number format and keeps the number). */
  valuePrefix: string;
  valuePostfix: string;
}

export interface TableModel {
  title: string | null;
  caption: string | null;
  footnotes: string[];
  rowCount: number;
  columnCount: number;
  /** Rows 0 up to this one are the head (tableHeadTillRow, at most the row count): repeated and sticky. */
  headRowCount: number;
  /** Per row, the cells that start in it, by column. */
  rows: TableCellModel[][];
  /** The cells that span more than one place. */
  merges: { row: number; column: number; rowSpan: number; colSpan: number }[];
  /** Cells dropped because another cell's span covers their place. */
  coveredCellCount: number;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

/** `digits` (no sign) with a comma before every group of three, counted from the right. */
function groupThousands(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return grouped;
}

/**
 * en-US grouping of the shortest text that reads back as the same number. Done by hand because
 * Intl.NumberFormat takes about 10 µs a call: two seconds for a table of 200,000 cells. Integers below
 * 1,000 (most counts in a result) are their own text.
 */
function groupDigits(value: number): string {
  const plain = String(value);
  if (value > -1000 && value < 1000 && Number.isInteger(value)) return plain;
  if (plain.includes('e')) return numberFormat.format(value);
  const sign = value < 0 ? '-' : '';
  const point = plain.indexOf('.');
  const whole = plain.slice(sign.length, point === -1 ? plain.length : point);
  return `${sign}${groupThousands(whole)}${point === -1 ? '' : plain.slice(point)}`;
}

/** A cell value as text: numbers with grouped thousands and every decimal the model wrote; Yes/No; blank for null. */
export function formatCellValue(value: ResultCell['value']): string {
  if (value === null) return '';
  if (typeof value === 'number') return groupDigits(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

export function cellText(cell: Pick<ResultCell, 'value' | 'valuePrefix' | 'valuePostfix'>): string {
  if (cell.value === null) return '';
  const text = formatCellValue(cell.value);
  if (cell.valuePrefix === undefined && cell.valuePostfix === undefined) return text;
  return `${cell.valuePrefix ?? ''}${text}${cell.valuePostfix ?? ''}`;
}

/** Whether the cells are in row order and, within a row, in column order (as models write them). */
function inReadingOrder(cells: readonly ResultCell[]): boolean {
  for (let i = 1; i < cells.length; i += 1) {
    const before = cells[i - 1] as ResultCell;
    const cell = cells[i] as ResultCell;
    if (cell.row < before.row || (cell.row === before.row && cell.column < before.column)) return false;
  }
  return true;
}

/**
 * A table model whose rows are built when asked for (`row`), each once: what a virtualised table on
 * screen needs, which draws 60 of 20,000 rows. Placement (sizes, merges, covered cells) is done at
 * once, so every row reads exactly as in toTableModel, which builds all of them from this.
 */
export interface TableLayout extends Omit<TableModel, 'rows'> {
  row(index: number): TableCellModel[];
}

function toCellModel(cell: ResultCell): TableCellModel {
  return {
    row: cell.row,
    column: cell.column,
    rowSpan: cell.rowSpan ?? 1,
    colSpan: cell.colSpan ?? 1,
    value: cell.value,
    text: cellText(cell),
    th: cell.th === true,
    align: cell.align ?? (typeof cell.value === 'number' ? 'right' : 'left'),
    indent: cell.indent ?? 0,
    valuePrefix: cell.valuePrefix ?? '',
    valuePostfix: cell.valuePostfix ?? '',
  };
}

export function toTableLayout(element: TableElement): TableLayout {
  // Models write their cells row by row: sorting (a copy) only when they did not saves a third of the
  // time at 200,000 cells.
  const cells = inReadingOrder(element.cells)
    ? element.cells
    : [...element.cells].sort((a, b) => a.row - b.row || a.column - b.column);
  let rowCount = 0;
  let columnCount = 0;
  for (const cell of cells) {
    rowCount = Math.max(rowCount, cell.row + (cell.rowSpan ?? 1));
    columnCount = Math.max(columnCount, cell.column + (cell.colSpan ?? 1));
  }
  // Per row, the result's cells that start in it and are not covered; turned into models on demand.
  const placed: ResultCell[][] = Array.from({ length: rowCount }, () => []);
  const merges: TableModel['merges'] = [];
  // Places covered by spans, as row * columnCount + column: sparse, since most cells span nothing.
  const covered = new Set<number>();
  let coveredCellCount = 0;
  for (const cell of cells) {
    if (covered.size > 0 && covered.has(cell.row * columnCount + cell.column)) {
      coveredCellCount += 1;
      continue;
    }
    const rowSpan = cell.rowSpan ?? 1;
    const colSpan = cell.colSpan ?? 1;
    if (rowSpan > 1 || colSpan > 1) {
      merges.push({ row: cell.row, column: cell.column, rowSpan, colSpan });
      for (let r = cell.row; r < cell.row + rowSpan; r += 1)
        for (let c = cell.column; c < cell.column + colSpan; c += 1)
          if (r !== cell.row || c !== cell.column) covered.add(r * columnCount + c);
    }
    (placed[cell.row] as ResultCell[]).push(cell);
  }
  const built: (TableCellModel[] | undefined)[] = new Array(rowCount);
  const options = element.options;
  return {
    title: options?.title ?? null,
    caption: options?.caption ?? null,
    footnotes: options?.footnotes ?? [],
    rowCount,
    columnCount,
    headRowCount: Math.min(options?.tableHeadTillRow ?? 0, rowCount),
    merges,
    coveredCellCount,
    row(index) {
      const source = placed[index];
      if (!source) return [];
      let row = built[index];
      if (!row) {
        row = source.map(toCellModel);
        built[index] = row;
      }
      return row;
    },
  };
}

export function toTableModel(element: TableElement): TableModel {
  const layout = toTableLayout(element);
  return {
    title: layout.title,
    caption: layout.caption,
    footnotes: layout.footnotes,
    rowCount: layout.rowCount,
    columnCount: layout.columnCount,
    headRowCount: layout.headRowCount,
    rows: Array.from({ length: layout.rowCount }, (_, index) => layout.row(index)),
    merges: layout.merges,
    coveredCellCount: layout.coveredCellCount,
  };
}
