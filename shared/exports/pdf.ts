import type { jsPDF as JsPdf } from 'jspdf';
import type { ResultCell, ResultElement } from '../schemas/run-result';
import { type ExportChart, exportChart } from './chart-data';
import { EXPORT_MESSAGES, ExportError, throwIfCanceled } from './messages';
import { drawChartModel } from './pdf-chart';
import { FILE_COLUMNS, PROVENANCE_TITLE, provenanceRows, SCENARIO_COLUMNS } from './provenance';
import { columnWeights, type GridCell, pageLayout, type TableGrid, tableGrid } from './table-grid';
import type { ChartPicture, ExportInput } from './types';

/**
 * The PDF export (issue 19 §2): A4 landscape in centimetres (spec 001 §9), the title on the first page
 * and in every footer with the page number, elements flowing down the pages, tables paged with their
 * head repeated, charts as vector graphics (the page's SVG through svg2pdf.js, the page's 1630 × 830
 * picture, or else drawn from the chart model by pdf-chart.ts) each followed by its data table, and a
 * last provenance page.
 * web/src/features/visualization/components/export/print.css gives the printed page the same layout.
 */
export const PAGE = { width: 29.7, height: 21, margin: 1.5, footer: 1 } as const;
const BODY_WIDTH = PAGE.width - 2 * PAGE.margin;
const BODY_BOTTOM = PAGE.height - PAGE.margin - PAGE.footer;
/** The page's chart picture proportions (1630 × 830, spec 001 §9). */
const CHART_RATIO = 830 / 1630;
const FONT_SIZE = 9;
const LINE = 0.42;
const CELL_PAD = 0.12;
const MAX_CELL_LINES = 6;
const HEAD_FILL: [number, number, number] = [233, 236, 239];
const BORDER: [number, number, number] = [173, 181, 189];

type Doc = JsPdf;

class PdfWriter {
  y: number = PAGE.margin;

  constructor(
    readonly doc: Doc,
    readonly font: string,
    readonly signal: AbortSignal | undefined,
  ) {}

  newPage() {
    throwIfCanceled(this.signal);
    this.doc.addPage();
    this.y = PAGE.margin;
  }

  /** Starts a new page unless `height` still fits on this one (or the page is still empty). */
  ensure(height: number) {
    if (this.y + height > BODY_BOTTOM && this.y > PAGE.margin + 0.01) this.newPage();
  }

  text(
    text: string,
    size: number,
    style: 'normal' | 'bold' | 'italic' = 'normal',
    color: [number, number, number] = [33, 37, 41],
  ) {
    const { doc } = this;
    doc.setFont(this.font, style === 'italic' && this.font !== 'helvetica' ? 'normal' : style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    const lineHeight = (size / 72) * 2.54 * 1.3;
    for (const line of doc.splitTextToSize(text, BODY_WIDTH) as string[]) {
      this.ensure(lineHeight);
      doc.text(line, PAGE.margin, this.y + lineHeight * 0.8);
      this.y += lineHeight;
    }
  }

  gap(height = 0.4) {
    this.y += height;
  }

  section(element: Extract<ResultElement, { kind: 'section' }>) {
    const size = [18, 15, 13, 11][(element.level ?? 1) - 1] ?? 11;
    this.ensure(2);
    this.text(element.title, size, 'bold');
    for (const paragraph of (element.text ?? '').split(/\n\s*\n/).filter((p) => p.trim())) {
      this.gap(0.15);
      this.text(paragraph.trim(), 11);
    }
    this.gap();
  }

  error(element: Extract<ResultElement, { kind: 'error' }>) {
    if (element.title) this.text(element.title, 12, 'bold', [176, 0, 32]);
    this.text(element.message, 11, 'normal', [176, 0, 32]);
    this.gap();
  }

  /** A cell's wrapped lines, kept per width: measured once for the row heights, again for drawing. */
  private readonly wrapped = new Map<GridCell, { width: number; lines: string[] }>();

  private cellLines(cell: GridCell, width: number): string[] {
    const known = this.wrapped.get(cell);
    if (known && known.width === width) return known.lines;
    const lines = this.wrapLines(cell, width);
    this.wrapped.set(cell, { width, lines });
    return lines;
  }

  private wrapLines(cell: GridCell, width: number): string[] {
    this.doc.setFont(this.font, cell.header ? 'bold' : 'normal');
    this.doc.setFontSize(FONT_SIZE);
    const indent = (cell.cell.indent ?? 0) * 0.3;
    const lines = this.doc.splitTextToSize(
      cell.text,
      Math.max(0.5, width - 2 * CELL_PAD - indent),
    ) as string[];
    return lines.slice(0, MAX_CELL_LINES);
  }

  /**
   * Each column at least as wide as its longest word (up to 4 cm: a hash wraps), the rest of the page
   * width shared by the columns' text lengths.
   */
  private columnWidths(grid: TableGrid): number[] {
    const { doc } = this;
    doc.setFontSize(FONT_SIZE);
    const least = new Array<number>(grid.columnCount).fill(0.6);
    for (const cell of grid.cells) {
      if (cell.colSpan !== 1) continue;
      doc.setFont(this.font, cell.header ? 'bold' : 'normal');
      const longest = cell.text.split(/\s+/).reduce((max, word) => Math.max(max, doc.getTextWidth(word)), 0);
      const indent = (cell.cell.indent ?? 0) * 0.3;
      least[cell.column] = Math.max(
        least[cell.column] ?? 0,
        Math.min(4, longest + indent + 2 * CELL_PAD + 0.05),
      );
    }
    const needed = least.reduce((sum, w) => sum + w, 0);
    if (needed >= BODY_WIDTH) return least.map((w) => (w / needed) * BODY_WIDTH);
    const weights = columnWeights(grid);
    const total = weights.reduce((sum, w) => sum + w, 0);
    return least.map((w, c) => w + ((BODY_WIDTH - needed) * (weights[c] ?? 0)) / total);
  }

  table(grid: TableGrid) {
    if (grid.title) this.text(grid.title, 12, 'bold');
    if (grid.caption) this.text(grid.caption, 10, 'italic');
    const widths = this.columnWidths(grid);
    const lefts = widths.map((_, c) => PAGE.margin + widths.slice(0, c).reduce((sum, w) => sum + w, 0));
    const spanWidth = (cell: GridCell) =>
      widths.slice(cell.column, cell.column + cell.colSpan).reduce((s, w) => s + w, 0);
    // Row heights from the cells that start in a row and span only it.
    const heights = new Array<number>(grid.rowCount).fill(LINE + 2 * CELL_PAD);
    for (const cell of grid.cells)
      if (cell.rowSpan === 1)
        heights[cell.row] = Math.max(
          heights[cell.row] ?? 0,
          this.cellLines(cell, spanWidth(cell)).length * LINE + 2 * CELL_PAD,
        );
    const headHeight = heights.slice(0, grid.headRows).reduce((s, h) => s + h, 0);

    let from = grid.headRows;
    let first = true;
    while (from < grid.rowCount || first) {
      throwIfCanceled(this.signal);
      if (!first || this.y + headHeight + (heights[from] ?? 0) > BODY_BOTTOM)
        this.ensure(headHeight + (heights[from] ?? 0));
      let to = from;
      let used = this.y + headHeight;
      while (to < grid.rowCount && (to === from || used + (heights[to] ?? 0) <= BODY_BOTTOM)) {
        used += heights[to] ?? 0;
        to++;
      }
      // Keep a row span on one page where the span is not itself longer than a page.
      for (const cell of grid.cells)
        if (cell.row > from && cell.row < to && cell.row + cell.rowSpan > to && to < grid.rowCount)
          to = cell.row;
      this.drawRows(grid, { from, to }, heights, lefts, widths);
      from = to;
      first = false;
      if (from < grid.rowCount) this.newPage();
    }
    for (const note of grid.footnotes) this.text(note, 8, 'italic');
    this.gap();
  }

  private drawRows(
    grid: TableGrid,
    page: { from: number; to: number },
    heights: number[],
    lefts: number[],
    widths: number[],
  ) {
    const { doc } = this;
    const layout = pageLayout(grid, page);
    const tops: number[] = [];
    let y = this.y;
    for (const row of layout.rows) {
      tops.push(y);
      y += heights[row] ?? 0;
    }
    doc.setDrawColor(...BORDER);
    doc.setLineWidth(0.02);
    for (const placed of layout.cells) {
      const x = lefts[placed.column] ?? PAGE.margin;
      const width = widths.slice(placed.column, placed.column + placed.colSpan).reduce((s, w) => s + w, 0);
      const top = tops[placed.rowIndex] ?? this.y;
      const height = layout.rows
        .slice(placed.rowIndex, placed.rowIndex + placed.rowSpan)
        .reduce((s, row) => s + (heights[row] ?? 0), 0);
      const header = placed.cell?.header === true || placed.rowIndex < grid.headRows;
      if (header) {
        doc.setFillColor(...HEAD_FILL);
        doc.rect(x, top, width, height, 'FD');
      } else doc.rect(x, top, width, height, 'S');
      const cell = placed.cell;
      if (!cell || cell.text === '') continue;
      const lines = this.cellLines(cell, width);
      doc.setFont(this.font, cell.header ? 'bold' : 'normal');
      doc.setFontSize(FONT_SIZE);
      doc.setTextColor(33, 37, 41);
      const indent = (cell.cell.indent ?? 0) * 0.3;
      const align = cell.cell.align ?? 'left';
      const textX =
        align === 'right' ? x + width - CELL_PAD : align === 'center' ? x + width / 2 : x + CELL_PAD + indent;
      lines.forEach((line, index) => {
        doc.text(line, textX, top + CELL_PAD + LINE * (index + 0.78), { align });
      });
    }
    this.y = y + 0.1;
  }

  /**
   * A chart: its title, the chart as vector graphics (the page's SVG through svg2pdf.js or its
   * picture when the page hands one over, else drawn from the chart model), then its data as a table,
   * so every number behind a line can be read off the page as in Excel.
   */
  async chart(chart: ExportChart, picture: ChartPicture | undefined) {
    const { model } = chart;
    const height = BODY_WIDTH * CHART_RATIO;
    if (picture) await this.picture(model.title, picture, height);
    else {
      this.ensure(height + 1);
      if (model.title) this.text(model.title, 12, 'bold');
      drawChartModel(this.doc, this.font, model, { x: PAGE.margin, y: this.y, width: BODY_WIDTH, height });
      this.y += height + 0.5;
    }
    this.dataTable(chart);
  }

  private dataTable({ model, table }: ExportChart) {
    const cells: ResultCell[] = [table.xTitle, ...table.columns.map((column) => column.name)].map(
      (value, column) => ({ row: 0, column, value, th: true }),
    );
    table.xs.forEach((x, row) => {
      cells.push({ row: row + 1, column: 0, value: x });
      table.columns.forEach((column, index) => {
        cells.push({ row: row + 1, column: index + 1, value: column.values[row] ?? null });
      });
    });
    this.table(
      tableGrid({
        kind: 'table',
        cells,
        options: { tableHeadTillRow: 1, caption: `Data of ${model.title ?? 'the chart'}` },
      }),
    );
  }

  private async picture(title: string | null, picture: ChartPicture, height: number) {
    if (
      !(
        picture.width > 0 &&
        picture.height > 0 &&
        Number.isFinite(picture.width) &&
        Number.isFinite(picture.height)
      )
    )
      throw new ExportError(EXPORT_MESSAGES.imageLoadFailed);
    const width = Math.min(BODY_WIDTH, (height * picture.width) / picture.height);
    const drawnHeight = (width * picture.height) / picture.width;
    this.ensure(drawnHeight + 1);
    if (title) this.text(title, 12, 'bold');
    const x = PAGE.margin + (BODY_WIDTH - width) / 2;
    if (picture.kind === 'png') {
      const isPng =
        picture.data[0] === 0x89 &&
        picture.data[1] === 0x50 &&
        picture.data[2] === 0x4e &&
        picture.data[3] === 0x47;
      if (!isPng) throw new ExportError(EXPORT_MESSAGES.imageLoadFailed);
      this.doc.addImage(picture.data, 'PNG', x, this.y, width, drawnHeight, undefined, 'FAST');
    } else {
      if (typeof DOMParser === 'undefined') throw new ExportError(EXPORT_MESSAGES.imageLoadFailed);
      const svg = new DOMParser().parseFromString(picture.svg, 'image/svg+xml').documentElement;
      if (svg.nodeName !== 'svg') throw new ExportError(EXPORT_MESSAGES.imageLoadFailed);
      await import('svg2pdf.js');
      await this.doc.svg(svg, { x, y: this.y, width, height: drawnHeight });
    }
    this.y += drawnHeight + 0.5;
  }
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function registerFont(doc: Doc, font: NonNullable<ExportInput['pdfFont']>): Promise<string> {
  const fetchFont = async (load: () => Promise<Uint8Array>) => {
    try {
      const bytes = await load();
      if (bytes.length === 0) throw new Error('empty font file');
      return bytes;
    } catch (error) {
      throw new ExportError(EXPORT_MESSAGES.fontFetchFailed, { cause: error });
    }
  };
  const [regular, bold] = await Promise.all([
    fetchFont(font.load),
    font.loadBold ? fetchFont(font.loadBold) : undefined,
  ]);
  doc.addFileToVFS(`${font.name}.ttf`, base64(regular));
  doc.addFont(`${font.name}.ttf`, font.name, 'normal');
  if (bold) {
    doc.addFileToVFS(`${font.name}-Bold.ttf`, base64(bold));
    doc.addFont(`${font.name}-Bold.ttf`, font.name, 'bold');
  } else {
    // One file for both weights: headings stay in the same glyph coverage.
    doc.addFont(`${font.name}.ttf`, font.name, 'bold');
  }
  return font.name;
}

function asTable(columns: readonly string[], body: string[][]): TableGrid {
  return tableGrid({
    kind: 'table',
    cells: [
      ...columns.map((value, column) => ({ row: 0, column, value, th: true })),
      ...body.flatMap((values, row) => values.map((value, column) => ({ row: row + 1, column, value }))),
    ],
    options: { tableHeadTillRow: 1 },
  });
}

export async function writePdf(input: ExportInput): Promise<Uint8Array> {
  const { elements } = input.result;
  if (elements.length === 0) throw new ExportError(EXPORT_MESSAGES.nothingToExport);
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'landscape', unit: 'cm', format: 'a4', compress: true });
  doc.setProperties({ title: input.title, author: input.provenance.exportedBy, creator: 'Model Repository' });
  const font = input.pdfFont ? await registerFont(doc, input.pdfFont) : 'helvetica';
  const writer = new PdfWriter(doc, font, input.signal);
  writer.text(input.title, 20, 'bold');
  writer.gap();
  for (const [index, element] of elements.entries()) {
    throwIfCanceled(input.signal);
    switch (element.kind) {
      case 'section':
        writer.section(element);
        break;
      case 'error':
        writer.error(element);
        break;
      case 'table':
        writer.table(tableGrid(element));
        break;
      case 'chart':
        await writer.chart(exportChart(element), await input.chartPicture?.(index));
        break;
    }
  }

  writer.newPage();
  writer.text(PROVENANCE_TITLE, 18, 'bold');
  writer.gap(0.2);
  const rows = provenanceRows(input.provenance);
  for (const [label, value] of rows.facts) {
    if (value === input.provenance.analysisUrl) {
      doc.setFont(font, 'normal');
      doc.setFontSize(10);
      doc.setTextColor(31, 95, 168);
      writer.ensure(0.5);
      doc.textWithLink(`${label}: ${value}`, PAGE.margin, writer.y + 0.4, { url: value });
      writer.y += 0.5;
    } else writer.text(`${label}: ${value}`, 10);
  }
  writer.gap();
  writer.table(asTable(SCENARIO_COLUMNS, rows.scenarios));
  if (rows.files.length > 0) writer.table(asTable(FILE_COLUMNS, rows.files));

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont(font, 'normal');
    doc.setFontSize(8);
    doc.setTextColor(108, 117, 125);
    const baseline = PAGE.height - PAGE.margin + 0.3;
    doc.text(input.title, PAGE.margin, baseline);
    doc.text(`Page ${page} of ${pages}`, PAGE.width - PAGE.margin, baseline, { align: 'right' });
  }
  throwIfCanceled(input.signal);
  return new Uint8Array(doc.output('arraybuffer'));
}
