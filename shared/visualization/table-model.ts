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

/**
 * en-US grouping of the shortest text that reads back as the same number. Done by hand because
 * Intl.NumberFormat takes about 10 µs a call: two seconds for a table of 200,000 cells.
 */
function groupDigits(value: number): string {
  const plain = String(value);
  if (plain.includes('e')) return numberFormat.format(value);
  const [whole = '', fraction] = plain.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  let grouped = digits;
  if (digits.length > 3) {
    const head = digits.length % 3 || 3;
    grouped = digits.slice(0, head);
    for (let at = head; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  }
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
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
  return `${cell.valuePrefix ?? ''}${formatCellValue(cell.value)}${cell.valuePostfix ?? ''}`;
}

export function toTableModel(element: TableElement): TableModel {
  const cells = [...element.cells].sort((a, b) => a.row - b.row || a.column - b.column);
  let rowCount = 0;
  let columnCount = 0;
  for (const cell of cells) {
    rowCount = Math.max(rowCount, cell.row + (cell.rowSpan ?? 1));
    columnCount = Math.max(columnCount, cell.column + (cell.colSpan ?? 1));
  }
  const rows: TableCellModel[][] = Array.from({ length: rowCount }, () => []);
  const merges: TableModel['merges'] = [];
  // Places covered by spans, as row * columnCount + column: sparse, since most cells span nothing.
  const covered = new Set<number>();
  let coveredCellCount = 0;
  for (const cell of cells) {
    if (covered.has(cell.row * columnCount + cell.column)) {
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
    (rows[cell.row] as TableCellModel[]).push({
      row: cell.row,
      column: cell.column,
      rowSpan,
      colSpan,
      value: cell.value,
      text: cellText(cell),
      th: cell.th === true,
      align: cell.align ?? (typeof cell.value === 'number' ? 'right' : 'left'),
      indent: cell.indent ?? 0,
      valuePrefix: cell.valuePrefix ?? '',
      valuePostfix: cell.valuePostfix ?? '',
    });
  }
  const options = element.options;
  return {
    title: options?.title ?? null,
    caption: options?.caption ?? null,
    footnotes: options?.footnotes ?? [],
    rowCount,
    columnCount,
    headRowCount: Math.min(options?.tableHeadTillRow ?? 0, rowCount),
    rows,
    merges,
    coveredCellCount,
  };
}
