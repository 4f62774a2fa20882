import type ExcelJS from 'exceljs';
import type { ResultElement } from '../schemas/run-result';
import { type ExportChart, exportChart, officeChart } from './chart-data';
import { addChartsToWorkbook, type SheetChart } from './drawingml/xlsx-charts';
import { EXPORT_MESSAGES, ExportError, throwIfCanceled } from './messages';
import { FILE_COLUMNS, PROVENANCE_TITLE, provenanceRows, SCENARIO_COLUMNS } from './provenance';
import { type GridCell, tableGrid } from './table-grid';
import type { ExportInput } from './types';

/**
 * The Excel export (issue 19 §2): one sheet per section (elements before the first section go to a
 * sheet named 'Results'), tables with their merges, header styles and number formats, each chart's
 * data as a table with a native chart bound to it (drawingml/xlsx-charts.ts), and a last
 * 'Provenance' sheet.
 */

const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
const THIN: ExcelJS.Border = { style: 'thin', color: { argb: 'FFADB5BD' } };
const BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
/** A chart's frame: columns wide and rows high (about 640 × 400 px at Excel's default sizes). */
const CHART_COLUMNS = 10;
const CHART_ROWS = 20;

/** Text in an Excel number format, quoted; a quote itself is escaped outside the quotes. */
function formatLiteral(text: string): string {
  return text
    .split('"')
    .map((part) => (part ? `"${part}"` : ''))
    .join('\\"');
}

/** Prefix and postfix as a number format around General, so the number stays a number. */
export function numberFormat(prefix: string | undefined, postfix: string | undefined): string | undefined {
  if (!prefix && !postfix) return undefined;
  return `${prefix ? formatLiteral(prefix) : ''}General${postfix ? formatLiteral(postfix) : ''}`;
}

/** Excel's sheet-name rules: at most 31 characters, none of []:*?/\, unique ignoring case. */
export function sheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31) || 'Section';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = base.slice(0, 31 - suffix.length) + suffix;
  }
  taken.add(name.toLowerCase());
  return name;
}

class SheetWriter {
  /** Next free row (1-based). */
  row = 1;
  readonly charts: SheetChart[] = [];
  private readonly widths = new Map<number, number>();

  constructor(readonly sheet: ExcelJS.Worksheet) {
    // Printed (and converted to PDF) as the PDF export's pages: A4 landscape, as wide as one page.
    sheet.pageSetup = {
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
    };
  }

  private measure(column: number, text: string, span = 1) {
    const width = Math.min(60, Math.ceil(text.length / span) + 2);
    this.widths.set(column, Math.max(this.widths.get(column) ?? 10, width));
  }

  line(text: string, font: Partial<ExcelJS.Font> = {}) {
    const cell = this.sheet.getCell(this.row, 1);
    cell.value = text;
    cell.font = font;
    this.row++;
  }

  gap() {
    this.row++;
  }

  section(element: Extract<ResultElement, { kind: 'section' }>) {
    const size = [16, 14, 12, 11][(element.level ?? 1) - 1] ?? 11;
    this.line(element.title, { bold: true, size });
    for (const paragraph of (element.text ?? '').split(/\n\s*\n/).filter((p) => p.trim()))
      this.line(paragraph.trim(), { size: 11 });
    this.gap();
  }

  error(element: Extract<ResultElement, { kind: 'error' }>) {
    if (element.title) this.line(element.title, { bold: true, color: { argb: 'FFB00020' } });
    this.line(element.message, { color: { argb: 'FFB00020' } });
    this.gap();
  }

  private writeCell(top: number, placed: GridCell) {
    const { cell } = placed;
    const target = this.sheet.getCell(top + placed.row, 1 + placed.column);
    const value = cell.value;
    if (typeof value === 'number') {
      target.value = value;
      const format = numberFormat(cell.valuePrefix, cell.valuePostfix);
      if (format) target.numFmt = format;
    } else if (value !== null) {
      target.value = typeof value === 'string' ? placed.text : value;
    }
    target.alignment = {
      vertical: 'top',
      wrapText: true,
      ...(cell.align ? { horizontal: cell.align } : {}),
      ...(cell.indent ? { indent: cell.indent } : {}),
    };
    target.border = BORDER;
    if (placed.header) {
      target.font = { bold: true };
      target.fill = HEAD_FILL;
    }
    if (placed.rowSpan > 1 || placed.colSpan > 1)
      this.sheet.mergeCells(
        top + placed.row,
        1 + placed.column,
        top + placed.row + placed.rowSpan - 1,
        1 + placed.column + placed.colSpan - 1,
      );
    this.measure(1 + placed.column, placed.text, placed.colSpan);
  }

  table(element: Extract<ResultElement, { kind: 'table' }>) {
    const grid = tableGrid(element);
    if (grid.title) this.line(grid.title, { bold: true, size: 12 });
    if (grid.caption) this.line(grid.caption, { italic: true });
    const top = this.row;
    for (const placed of grid.cells) this.writeCell(top, placed);
    // Borders on the empty slots too, so the grid reads as one table.
    for (let r = 0; r < grid.rowCount; r++)
      for (let c = 0; c < grid.columnCount; c++)
        if (grid.slots[r]?.[c] === undefined) {
          const cell = this.sheet.getCell(top + r, 1 + c);
          cell.border = BORDER;
          if (r < grid.headRows) cell.fill = HEAD_FILL;
        }
    this.row = top + grid.rowCount;
    for (const note of grid.footnotes) this.line(note, { italic: true, size: 9 });
    this.gap();
  }

  chart(chart: ExportChart) {
    const { model, table } = chart;
    if (model.title) this.line(model.title, { bold: true, size: 12 });
    const headRow = this.row;
    const head = [table.xTitle, ...table.columns.map((column) => column.name)];
    head.forEach((text, index) => {
      const cell = this.sheet.getCell(headRow, 1 + index);
      cell.value = text;
      cell.font = { bold: true };
      cell.fill = HEAD_FILL;
      cell.border = BORDER;
      this.measure(1 + index, text);
    });
    table.xs.forEach((x, rowIndex) => {
      const row = headRow + 1 + rowIndex;
      const xCell = this.sheet.getCell(row, 1);
      xCell.value = x;
      xCell.border = BORDER;
      table.columns.forEach((column, index) => {
        const cell = this.sheet.getCell(row, 2 + index);
        const value = column.values[rowIndex];
        if (value !== null && value !== undefined) cell.value = value;
        cell.border = BORDER;
      });
    });
    const fromColumn = head.length + 1;
    this.charts.push({
      chart,
      ref: { sheetName: this.sheet.name, headRow, firstColumn: 1 },
      anchor: {
        fromColumn,
        fromRow: headRow - 1,
        toColumn: fromColumn + CHART_COLUMNS,
        toRow: headRow - 1 + CHART_ROWS,
      },
    });
    this.row = headRow + Math.max(table.xs.length + 1, CHART_ROWS) + 1;
  }

  finish() {
    for (const [column, width] of this.widths) this.sheet.getColumn(column).width = width;
  }
}

function writeProvenance(workbook: ExcelJS.Workbook, input: ExportInput, name: string) {
  const sheet = workbook.addWorksheet(name);
  const writer = new SheetWriter(sheet);
  writer.line(`${PROVENANCE_TITLE}: ${input.title}`, { bold: true, size: 16 });
  writer.gap();
  const rows = provenanceRows(input.provenance);
  for (const [label, value] of rows.facts) {
    sheet.getCell(writer.row, 1).value = label;
    sheet.getCell(writer.row, 1).font = { bold: true };
    sheet.getCell(writer.row, 2).value =
      value === input.provenance.analysisUrl ? { text: value, hyperlink: value } : value;
    writer.row++;
  }
  writer.gap();
  const table = (columns: readonly string[], body: string[][]) => {
    const cells = [
      ...columns.map((value, column) => ({ row: 0, column, value, th: true })),
      ...body.flatMap((values, row) => values.map((value, column) => ({ row: row + 1, column, value }))),
    ];
    writer.table({ kind: 'table', cells, options: { tableHeadTillRow: 1 } });
  };
  table(SCENARIO_COLUMNS, rows.scenarios);
  if (rows.files.length > 0) table(FILE_COLUMNS, rows.files);
  writer.finish();
  sheet.getColumn(2).width = Math.max(sheet.getColumn(2).width ?? 10, 40);
}

export async function writeXlsx(input: ExportInput): Promise<Uint8Array> {
  const { elements } = input.result;
  if (elements.length === 0) throw new ExportError(EXPORT_MESSAGES.nothingToExport);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = input.provenance.exportedBy;
  workbook.created = new Date(input.provenance.exportedOn);
  workbook.title = input.title;
  const taken = new Set<string>([PROVENANCE_TITLE.toLowerCase()]);
  const writers: SheetWriter[] = [];
  let current: SheetWriter | undefined;
  for (const element of elements) {
    throwIfCanceled(input.signal);
    if (element.kind === 'section' || !current) {
      const untitled = element.kind !== 'section';
      current = new SheetWriter(
        workbook.addWorksheet(sheetName(untitled ? 'Results' : element.title, taken)),
      );
      writers.push(current);
      if (untitled) {
        current.line(input.title, { bold: true, size: 16 });
        current.gap();
      }
    }
    switch (element.kind) {
      case 'section':
        current.section(element);
        break;
      case 'error':
        current.error(element);
        break;
      case 'table':
        current.table(element);
        break;
      case 'chart':
        current.chart(officeChart(exportChart(element)));
        break;
    }
  }
  for (const writer of writers) writer.finish();
  writeProvenance(workbook, input, PROVENANCE_TITLE);
  throwIfCanceled(input.signal);
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  const charts = new Map<string, SheetChart[]>(writers.map((writer) => [writer.sheet.name, writer.charts]));
  return addChartsToWorkbook(bytes, charts);
}
