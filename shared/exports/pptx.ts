import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type PptxGenJS from 'pptxgenjs';
import type { ResultElement } from '../schemas/run-result';
import type { ChartAxisModel } from '../visualization/chart-model';
import { type ExportChart, exportChart, hex, officeChart } from './chart-data';
import { legendXml, lineLook, marker, nameLabel } from './drawingml/chart-xml';
import { EXPORT_MESSAGES, ExportError, throwIfCanceled } from './messages';
import { FILE_COLUMNS, PROVENANCE_TITLE, provenanceRows, SCENARIO_COLUMNS } from './provenance';
import { columnWeights, type PageCell, pageLayout, pageRows, type TableGrid, tableGrid } from './table-grid';
import type { ExportInput } from './types';

/**
 * The PowerPoint export (issue 19 §2): the 13.4 × 7.5 inch layout of spec 001 §9, a title slide, one
 * slide per element (a long table on as many slides as it needs, its head on each), charts as native
 * pptxgenjs charts with the screen's series, colours and axis titles, and a last provenance slide.
 */
export const SLIDE = { width: 13.4, height: 7.5, margin: 0.5 } as const;
const LAYOUT = 'MR_13_4x7_5';
const FONT = 'Arial';
const HEAD_FILL = 'E9ECEF';
const BORDER = { type: 'solid', pt: 0.5, color: 'ADB5BD' } as const;
/** Table rows of 0.3 inch at 10 pt: what fits between the slide title and the bottom margin. */
const ROW_HEIGHT = 0.3;
const BODY_TOP = 1.2;
export const TABLE_ROWS_PER_SLIDE = Math.floor((SLIDE.height - BODY_TOP - SLIDE.margin) / ROW_HEIGHT);

type Presentation = InstanceType<typeof PptxGenJS>;
type Slide = ReturnType<Presentation['addSlide']>;

function slideTitle(slide: Slide, text: string) {
  slide.addText(text, {
    x: SLIDE.margin,
    y: 0.3,
    w: SLIDE.width - 2 * SLIDE.margin,
    h: 0.7,
    fontFace: FONT,
    fontSize: 22,
    bold: true,
    color: '212529',
    fit: 'shrink',
  });
}

function tableRows(grid: TableGrid, cells: PageCell[], rowCount: number): PptxGenJS.TableRow[] {
  const rows: PptxGenJS.TableRow[] = Array.from({ length: rowCount }, () => []);
  for (const placed of cells) {
    const source = placed.cell;
    const header = source?.header === true || placed.rowIndex < grid.headRows;
    rows[placed.rowIndex]?.push({
      text: source ? `${'  '.repeat(source.cell.indent ?? 0)}${source.text}` : '',
      options: {
        ...(placed.rowSpan > 1 ? { rowspan: placed.rowSpan } : {}),
        ...(placed.colSpan > 1 ? { colspan: placed.colSpan } : {}),
        ...(source?.cell.align ? { align: source.cell.align } : {}),
        ...(header ? { bold: true, fill: { color: HEAD_FILL } } : {}),
      },
    });
  }
  return rows;
}

function addTable(
  pptx: Presentation,
  element: Extract<ResultElement, { kind: 'table' }>,
  signal?: AbortSignal,
) {
  const grid = tableGrid(element);
  const pages = pageRows(grid, TABLE_ROWS_PER_SLIDE - grid.headRows - 1);
  const weights = columnWeights(grid);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const width = SLIDE.width - 2 * SLIDE.margin;
  const colW = weights.map((w) => (w / total) * width);
  pages.forEach((page, index) => {
    throwIfCanceled(signal);
    const slide = pptx.addSlide();
    const title = grid.title ?? 'Table';
    slideTitle(slide, pages.length > 1 ? `${title} (${index + 1} of ${pages.length})` : title);
    const layout = pageLayout(grid, page);
    let y = BODY_TOP;
    if (grid.caption && index === 0) {
      slide.addText(grid.caption, {
        x: SLIDE.margin,
        y: 0.95,
        w: width,
        h: 0.3,
        fontFace: FONT,
        fontSize: 11,
        italic: true,
      });
      y += 0.1;
    }
    slide.addTable(tableRows(grid, layout.cells, layout.rows.length), {
      x: SLIDE.margin,
      y,
      w: width,
      colW,
      rowH: ROW_HEIGHT,
      fontFace: FONT,
      fontSize: 10,
      border: BORDER,
      valign: 'middle',
      autoPage: false,
    });
    if (grid.footnotes.length > 0 && index === pages.length - 1)
      slide.addText(grid.footnotes.join('\n'), {
        x: SLIDE.margin,
        y: SLIDE.height - 0.6,
        w: width,
        h: 0.4,
        fontFace: FONT,
        fontSize: 9,
        italic: true,
        fit: 'shrink',
      });
  });
}

/**
 * Horizontal bars list their categories top down as the page does (a tornado's widest bar on top),
 * the values stay along the bottom (the value axis crosses at the last category, its labels next to
 * it), the category names left of the plot. pptxgenjs's writer copies these values into the chart
 * XML as given; its types name only the defaults ('minMax', 'autoZero'), hence the cast.
 */
const TOP_DOWN_BARS = {
  catAxisOrientation: 'maxMin',
  catAxisCrossesAt: 'max',
  catAxisLabelPos: 'low',
  valAxisLabelPos: 'nextTo',
} as unknown as PptxGenJS.IChartOpts;

/** The pptxgenjs chart type, data and options that draw `chart` as the page does. */
export function pptxChart(
  pptx: Presentation,
  chart: ExportChart,
): { type: PptxGenJS.CHART_NAME; data: PptxGenJS.OptsChartData[]; options: PptxGenJS.IChartOpts } {
  const { model, table } = chart;
  // A label-only series (officeChart) draws no bar: pptxgenjs writes 'transparent' as no fill.
  const colors = model.series.map((series, index) =>
    model.kind === 'bar' && chart.labelSeries?.some((label) => label.index === index)
      ? 'transparent'
      : hex(series.color),
  );
  const numericAxis = (axis: ChartAxisModel, prefix: 'val' | 'cat') => ({
    ...(axis.min !== null ? { [`${prefix}AxisMinVal`]: axis.min } : {}),
    ...(axis.max !== null ? { [`${prefix}AxisMaxVal`]: axis.max } : {}),
  });
  const common: PptxGenJS.IChartOpts = {
    x: SLIDE.margin,
    y: BODY_TOP,
    w: SLIDE.width - 2 * SLIDE.margin,
    h: SLIDE.height - BODY_TOP - SLIDE.margin,
    fontFace: FONT,
    showLegend: true,
    legendPos: 'b',
    legendFontSize: 10,
    chartColors: colors,
    ...(model.xAxis.title ? { showCatAxisTitle: true, catAxisTitle: model.xAxis.title } : {}),
    ...(model.yAxis.title ? { showValAxisTitle: true, valAxisTitle: model.yAxis.title } : {}),
    ...numericAxis(model.yAxis, 'val'),
  };
  const labels = table.xs.map((x) => String(x));
  // Legend names cut at 30 characters, as on the page (spec 001 §9).
  const byCategory = model.series.map((series, index) => ({
    name: series.legendName,
    labels,
    values: (table.columns[index]?.values ?? []) as number[],
  }));
  const T = pptx.ChartType;
  switch (model.kind) {
    case 'bar':
    case 'column':
      return {
        type: T.bar,
        data: byCategory,
        options: {
          ...common,
          barDir: model.kind === 'bar' ? 'bar' : 'col',
          barGrouping: model.stacked ? 'stacked' : 'clustered',
          ...(model.stacked || model.bars?.overlap ? { barOverlapPct: 100 } : {}),
          // The bars grow from where the category axis crosses the value axis; pptxgenjs writes that
          // crossing (`crossesAt` of the category axis) from its `valAxisCrossesAt` option.
          ...(model.bars ? { barGapWidthPct: 50, valAxisCrossesAt: model.bars.baseline } : {}),
          ...(model.kind === 'bar' ? TOP_DOWN_BARS : {}),
          displayBlanksAs: 'gap',
        },
      };
    case 'line':
    case 'scatter': {
      if (!table.numericX)
        return {
          type: T.line,
          data: byCategory,
          options: { ...common, lineDataSymbol: 'none', lineSize: 2, displayBlanksAs: 'span' },
        };
      // pptxgenjs draws one line style per chart: lines for a line chart, markers for a scatter;
      // styleScatterSeries then gives reference lines and annotation labels their own look.
      const lines = model.kind === 'line';
      return {
        type: T.scatter,
        data: [
          { name: table.xTitle, values: table.xs as number[] },
          ...byCategory.map(({ name, values }) => ({ name, values })),
        ],
        options: {
          ...common,
          ...numericAxis(model.xAxis, 'cat'),
          lineSize: lines ? 2 : 0,
          lineDataSymbol: lines ? 'none' : 'circle',
          lineDataSymbolSize: 6,
          displayBlanksAs: 'span',
        },
      };
    }
    case 'area':
      return {
        type: T.area,
        data: byCategory,
        options: { ...common, ...(model.stacked ? { barGrouping: 'stacked' } : {}), displayBlanksAs: 'span' },
      };
    case 'radar':
      return {
        type: T.radar,
        data: byCategory,
        options: { ...common, radarStyle: 'standard', lineDataSymbol: 'none' },
      };
    case 'pie':
    case 'donut':
      return {
        type: model.kind === 'pie' ? T.pie : T.doughnut,
        data: byCategory.slice(0, 1),
        options: {
          ...common,
          chartColors: (model.sliceColors ?? colors).map(hex),
          showPercent: true,
          ...(model.kind === 'donut' ? { holeSize: 50 } : {}),
        },
      };
    default:
      throw new ExportError(EXPORT_MESSAGES.wrongChartType);
  }
}

function addChart(pptx: Presentation, element: Extract<ResultElement, { kind: 'chart' }>): ExportChart {
  const chart = officeChart(exportChart(element));
  const slide = pptx.addSlide();
  slideTitle(slide, chart.model.title ?? 'Chart');
  const { type, data, options } = pptxChart(pptx, chart);
  slide.addChart(type, data, options);
  return chart;
}

/**
 * pptxgenjs 4.0.1 writes one data-label setting for every series of a chart. A bar chart's label-only
 * series (officeChart: the tornado's base case) gets its own here, its name beyond the bar's end, and
 * leaves the legend; pptxgenjs writes each bar series as `<c:ser>` with its `<c:idx>` and one
 * `<c:dLbls>`: only that is replaced.
 */
export function styleBarLabelSeries(xml: string, chart: ExportChart): string {
  const labels = chart.labelSeries;
  if (!labels) return xml;
  const [before, ...series] = xml.split('<c:ser>');
  const styled = series.map((part) => {
    const index = Number(/<c:idx val="(\d+)"\/>/.exec(part)?.[1]);
    const label = labels.find((entry) => entry.index === index);
    const model = chart.model.series[index];
    if (!label || !model) return part;
    return part.replace(/<c:dLbls>[\s\S]*?<\/c:dLbls>/, nameLabel(label.position, model.color));
  });
  return [before, ...styled]
    .join('<c:ser>')
    .replace(
      /<c:legend>\s*<c:legendPos val="b"\/>/,
      legendXml(labels).replace(/<c:overlay val="0"\/><\/c:legend>$/, ''),
    );
}

/** Whether pptxChart draws the chart as a pptxgenjs scatter (numeric x). */
const drawnAsScatter = (chart: ExportChart) =>
  (chart.model.kind === 'line' || chart.model.kind === 'scatter') && chart.table.numericX;

/**
 * pptxgenjs 4.0.1 styles every series of a scatter alike (one line size, dash and marker per chart)
 * and has no per-series data labels without labelling every point. Its chart part is rewritten per
 * series here with the chart-part writer's pieces: a reference line (willingness to pay, an
 * annotation's line) drawn as a line without markers, dashed where the model says so; an annotation's
 * text (officeChart's label series) without line or marker, its name as the data label, and out of
 * the legend. pptxgenjs writes each series as `<c:ser>` with its `<c:idx>`, one `<c:spPr>` whose
 * `<a:ln>` is the line, then one `<c:marker>`: only those are replaced.
 */
export function styleScatterSeries(xml: string, chart: ExportChart): string {
  const [before, ...series] = xml.split('<c:ser>');
  const styled = series.map((part) => {
    const index = Number(/<c:idx val="(\d+)"\/>/.exec(part)?.[1]);
    const model = chart.model.series[index];
    if (!model) return part;
    const label = chart.labelSeries?.find((entry) => entry.index === index);
    if (label)
      return part
        .replace(/<a:ln\b[\s\S]*?<\/a:ln>|<a:ln\/>/, '<a:ln><a:noFill/></a:ln>')
        .replace(
          /<c:marker>[\s\S]*?<\/c:marker>/,
          `<c:marker><c:symbol val="none"/></c:marker>${nameLabel(label.position, model.color)}`,
        );
    if (model.line === 'none' || model.markers) return part;
    return part
      .replace(/<a:ln\b[\s\S]*?<\/a:ln>|<a:ln\/>/, lineLook(model, 22225))
      .replace(/<c:marker>[\s\S]*?<\/c:marker>/, marker(model));
  });
  const out = [before, ...styled].join('<c:ser>');
  return chart.labelSeries
    ? out.replace(
        /<c:legend>\s*<c:legendPos val="b"\/>/,
        legendXml(chart.labelSeries).replace(/<c:overlay val="0"\/><\/c:legend>$/, ''),
      )
    : out;
}

function addProvenance(pptx: Presentation, input: ExportInput, signal?: AbortSignal) {
  const rows = provenanceRows(input.provenance);
  const slide = pptx.addSlide();
  slideTitle(slide, PROVENANCE_TITLE);
  slide.addText(
    rows.facts.map(([label, value], index) => ({
      text: `${label}: ${value}`,
      options: {
        breakLine: index < rows.facts.length - 1,
        ...(value === input.provenance.analysisUrl ? { hyperlink: { url: value } } : {}),
      },
    })),
    {
      x: SLIDE.margin,
      y: 1.1,
      w: SLIDE.width - 2 * SLIDE.margin,
      h: 1.6,
      fontFace: FONT,
      fontSize: 12,
      valign: 'top',
    },
  );
  const asTable = (
    columns: readonly string[],
    body: string[][],
  ): Extract<ResultElement, { kind: 'table' }> => ({
    kind: 'table',
    cells: [
      ...columns.map((value, column) => ({ row: 0, column, value, th: true })),
      ...body.flatMap((values, row) => values.map((value, column) => ({ row: row + 1, column, value }))),
    ],
    options: { tableHeadTillRow: 1, title: PROVENANCE_TITLE },
  });
  addTable(pptx, asTable(SCENARIO_COLUMNS, rows.scenarios), signal);
  if (rows.files.length > 0) addTable(pptx, asTable(FILE_COLUMNS, rows.files), signal);
}

export async function writePptx(input: ExportInput): Promise<Uint8Array> {
  const { elements } = input.result;
  if (elements.length === 0) throw new ExportError(EXPORT_MESSAGES.nothingToExport);
  const { default: Pptx } = await import('pptxgenjs');
  const pptx = new Pptx();
  pptx.defineLayout({ name: LAYOUT, width: SLIDE.width, height: SLIDE.height });
  pptx.layout = LAYOUT;
  pptx.title = input.title;
  pptx.author = input.provenance.exportedBy;

  const cover = pptx.addSlide();
  cover.addText(input.title, {
    x: SLIDE.margin,
    y: 2.5,
    w: SLIDE.width - 2 * SLIDE.margin,
    h: 1.2,
    fontFace: FONT,
    fontSize: 36,
    bold: true,
    align: 'center',
  });
  const subtitle = [input.provenance.analysisName, `Exported by ${input.provenance.exportedBy}`]
    .filter(Boolean)
    .join('\n');
  cover.addText(subtitle, {
    x: SLIDE.margin,
    y: 3.9,
    w: SLIDE.width - 2 * SLIDE.margin,
    h: 1,
    fontFace: FONT,
    fontSize: 16,
    align: 'center',
    color: '495057',
  });

  const charts: ExportChart[] = [];
  for (const element of elements) {
    throwIfCanceled(input.signal);
    switch (element.kind) {
      case 'section': {
        const slide = pptx.addSlide();
        slideTitle(slide, element.title);
        if (element.text)
          slide.addText(element.text, {
            x: SLIDE.margin,
            y: BODY_TOP,
            w: SLIDE.width - 2 * SLIDE.margin,
            h: 5,
            fontFace: FONT,
            fontSize: 16,
            valign: 'top',
            fit: 'shrink',
          });
        break;
      }
      case 'error': {
        const slide = pptx.addSlide();
        slideTitle(slide, element.title ?? 'Error');
        slide.addText(element.message, {
          x: SLIDE.margin,
          y: BODY_TOP,
          w: SLIDE.width - 2 * SLIDE.margin,
          h: 2,
          fontFace: FONT,
          fontSize: 16,
          color: 'B00020',
          valign: 'top',
        });
        break;
      }
      case 'table':
        addTable(pptx, element, input.signal);
        break;
      case 'chart':
        charts.push(addChart(pptx, element));
        break;
    }
  }
  addProvenance(pptx, input, input.signal);
  throwIfCanceled(input.signal);
  const stored = (await pptx.write({ outputType: 'uint8array' })) as Uint8Array;
  // pptxgenjs 4.0.1 ignores `compression` with an outputType and stores every part: a deck of ten
  // 1,000-point charts came to 10 MB. Deflated again here (the parts keep their order).
  const files = unzipSync(stored);
  // pptxgenjs numbers chart parts with a counter of the whole process: in part-number order they are
  // the charts in the order they were added.
  const parts = Object.keys(files)
    .filter((path) => /^ppt\/charts\/chart\d+\.xml$/.test(path))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]));
  parts.forEach((path, index) => {
    const chart = charts[index];
    const part = files[path];
    if (chart && part && drawnAsScatter(chart))
      files[path] = strToU8(styleScatterSeries(strFromU8(part), chart));
    else if (chart && part && chart.labelSeries && chart.model.kind === 'bar')
      files[path] = strToU8(styleBarLabelSeries(strFromU8(part), chart));
  });
  return zipSync(files, { level: 6 });
}
