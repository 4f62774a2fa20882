import type { ChartAxisModel } from '../../visualization/chart-model';
import { type ExportChart, hex } from '../chart-data';

/**
 * Our DrawingML chart-part writer (ECMA-376 Part 1 §21.2, `c:chartSpace`): exceljs writes no charts
 * and no kept library does, while Excel, LibreOffice and PowerPoint all read this one schema. It writes
 * the chart part only; xlsx-charts.ts adds it with its drawing to a workbook. Elements follow the
 * schema's sequence order (Excel refuses a file otherwise), and every reference carries a cache of
 * its values so a reader draws the chart without recalculating.
 */

/** Where a chart's table sits in its sheet: a head row (x title, series names) and one row per x. */
export interface ChartTableRef {
  sheetName: string;
  /** 1-based row of the head. */
  headRow: number;
  /** 1-based column of the x values; series follow in the next columns. */
  firstColumn: number;
}

const NS =
  'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

export function escapeXml(value: string): string {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters; they are dropped.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
  );
}

/** 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function quoteSheet(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

function cellRange(ref: ChartTableRef, column: number, fromRow: number, toRow: number): string {
  const letter = columnLetter(column);
  const single = fromRow === toRow;
  return `${quoteSheet(ref.sheetName)}!$${letter}$${fromRow}${single ? '' : `:$${letter}$${toRow}`}`;
}

function strRef(formula: string, values: readonly string[]): string {
  const points = values
    .map((value, idx) => `<c:pt idx="${idx}"><c:v>${escapeXml(value)}</c:v></c:pt>`)
    .join('');
  return `<c:strRef><c:f>${escapeXml(formula)}</c:f><c:strCache><c:ptCount val="${values.length}"/>${points}</c:strCache></c:strRef>`;
}

function numRef(formula: string, values: readonly (number | null)[]): string {
  const points = values
    .map((value, idx) => (value === null ? '' : `<c:pt idx="${idx}"><c:v>${value}</c:v></c:pt>`))
    .join('');
  return `<c:numRef><c:f>${escapeXml(formula)}</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${values.length}"/>${points}</c:numCache></c:numRef>`;
}

const solid = (colour: string) => `<a:solidFill><a:srgbClr val="${colour}"/></a:solidFill>`;

function rich(text: string, size = 1400, bold = true): string {
  return `<c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="${size}" b="${bold ? 1 : 0}"/></a:pPr><a:r><a:rPr lang="en-US" sz="${size}" b="${bold ? 1 : 0}"/><a:t>${escapeXml(text)}</a:t></a:r></a:p></c:rich></c:tx>`;
}

const axisTitle = (text: string | undefined) =>
  text ? `<c:title>${rich(text, 1000, false)}<c:overlay val="0"/></c:title>` : '';

type Series = ExportChart['model']['series'][number];

export function lineLook(series: Series, width = 28575): string {
  if (series.line === 'none') return `<a:ln w="${width}"><a:noFill/></a:ln>`;
  const dash = series.line === 'dashed' ? '<a:prstDash val="dash"/>' : '';
  return `<a:ln w="${width}" cap="rnd">${solid(hex(series.color))}${dash}</a:ln>`;
}

export function marker(series: Series): string {
  return series.markers
    ? `<c:marker><c:symbol val="circle"/><c:size val="5"/><c:spPr>${solid(hex(series.color))}<a:ln><a:noFill/></a:ln></c:spPr></c:marker>`
    : '<c:marker><c:symbol val="none"/></c:marker>';
}

/**
 * A data label showing the series' name beside its point (DrawingML CT_DLbls sequence order): `l`/`r`
 * of a scatter point, `outEnd` beyond a bar's end.
 */
export function nameLabel(position: 'l' | 'r' | 'outEnd', color: string): string {
  const text = `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="900" b="0">${solid(hex(color))}</a:defRPr></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>`;
  return `<c:dLbls><c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr>${text}<c:dLblPos val="${position}"/><c:showLegendKey val="0"/><c:showVal val="0"/><c:showCatName val="0"/><c:showSerName val="1"/><c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbls>`;
}

/** The legend at the bottom, without the entries of label-only series. */
export function legendXml(labelSeries: ExportChart['labelSeries']): string {
  const hidden = (labelSeries ?? [])
    .map(({ index }) => `<c:legendEntry><c:idx val="${index}"/><c:delete val="1"/></c:legendEntry>`)
    .join('');
  return `<c:legend><c:legendPos val="b"/>${hidden}<c:overlay val="0"/></c:legend>`;
}

/** How the chart is written: scatter for lines on a numeric x axis, as the page spaces them. */
type Plot = 'bar' | 'line' | 'area' | 'pie' | 'doughnut' | 'scatter' | 'radar';

function plotOf(chart: ExportChart): Plot {
  switch (chart.model.kind) {
    case 'bar':
    case 'column':
      return 'bar';
    case 'line':
      return chart.table.numericX ? 'scatter' : 'line';
    case 'area':
      return 'area';
    case 'pie':
      return 'pie';
    case 'donut':
      return 'doughnut';
    case 'scatter':
      return 'scatter';
    case 'radar':
      return 'radar';
  }
}

function seriesXml(chart: ExportChart, plot: Plot, ref: ChartTableRef): string {
  const { table, model } = chart;
  const first = ref.headRow + 1;
  const last = ref.headRow + Math.max(1, table.xs.length);
  const xRange = cellRange(ref, ref.firstColumn, first, last);
  const categories = table.numericX
    ? numRef(
        xRange,
        table.xs.map((x) => x as number),
      )
    : strRef(
        xRange,
        table.xs.map((x) => String(x)),
      );
  // A pie or donut draws its first series (the page's first pie).
  const count =
    plot === 'pie' || plot === 'doughnut' ? Math.min(1, model.series.length) : model.series.length;
  let out = '';
  for (let index = 0; index < count; index++) {
    const series = model.series[index] as Series;
    const column = ref.firstColumn + 1 + index;
    const name = `<c:tx>${strRef(cellRange(ref, column, ref.headRow, ref.headRow), [series.name])}</c:tx>`;
    const values = numRef(cellRange(ref, column, first, last), table.columns[index]?.values ?? []);
    const head = `<c:idx val="${index}"/><c:order val="${index}"/>${name}`;
    const fill = `<c:spPr>${solid(hex(series.color))}</c:spPr>`;
    switch (plot) {
      case 'bar': {
        const label = chart.labelSeries?.find((entry) => entry.index === index);
        // An annotation's text (officeChart): a bar without fill, the series name as its data label.
        out += label
          ? `<c:ser>${head}<c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr><c:invertIfNegative val="0"/>${nameLabel(label.position, series.color)}<c:cat>${categories}</c:cat><c:val>${values}</c:val></c:ser>`
          : `<c:ser>${head}${fill}<c:invertIfNegative val="0"/><c:cat>${categories}</c:cat><c:val>${values}</c:val></c:ser>`;
        break;
      }
      case 'area':
        out += `<c:ser>${head}${fill}<c:cat>${categories}</c:cat><c:val>${values}</c:val></c:ser>`;
        break;
      case 'line':
      case 'radar': {
        const look = `<c:spPr>${lineLook(series.line === 'none' ? { ...series, line: 'solid' } : series)}</c:spPr>${marker(series)}`;
        const smooth = plot === 'line' ? '<c:smooth val="0"/>' : '';
        out += `<c:ser>${head}${look}<c:cat>${categories}</c:cat><c:val>${values}</c:val>${smooth}</c:ser>`;
        break;
      }
      case 'pie':
      case 'doughnut': {
        const colors = model.sliceColors ?? [];
        const points = table.xs
          .map(
            (_, idx) =>
              `<c:dPt><c:idx val="${idx}"/><c:bubble3D val="0"/><c:spPr>${solid(hex(colors[idx] ?? series.color))}</c:spPr></c:dPt>`,
          )
          .join('');
        out += `<c:ser>${head}${points}<c:cat>${categories}</c:cat><c:val>${values}</c:val></c:ser>`;
        break;
      }
      case 'scatter': {
        const label = chart.labelSeries?.find((entry) => entry.index === index);
        if (label) {
          // An annotation's text (officeChart): no line, no marker, the series name as the data label.
          out += `<c:ser>${head}<c:spPr><a:ln><a:noFill/></a:ln></c:spPr><c:marker><c:symbol val="none"/></c:marker>${nameLabel(label.position, series.color)}<c:xVal>${categories}</c:xVal><c:yVal>${values}</c:yVal><c:smooth val="0"/></c:ser>`;
          break;
        }
        // A numeric line draws lines; a scatter's data series draw markers, its reference line a line.
        const drawn =
          model.kind === 'line' && series.line === 'none' ? { ...series, line: 'solid' as const } : series;
        out += `<c:ser>${head}<c:spPr>${lineLook(drawn, series.line === 'none' ? 19050 : 28575)}</c:spPr>${marker(series)}<c:xVal>${categories}</c:xVal><c:yVal>${values}</c:yVal><c:smooth val="0"/></c:ser>`;
        break;
      }
    }
  }
  return out;
}

const CAT_AX = 500000001;
const VAL_AX = 500000002;

function scaling(axis: ChartAxisModel | undefined, orientation: 'minMax' | 'maxMin' = 'minMax'): string {
  const max = axis?.max !== null && axis?.max !== undefined ? `<c:max val="${axis.max}"/>` : '';
  const min = axis?.min !== null && axis?.min !== undefined ? `<c:min val="${axis.min}"/>` : '';
  return `<c:scaling><c:orientation val="${orientation}"/>${max}${min}</c:scaling>`;
}

/**
 * `crossesAt`: where this axis crosses the other one (a tornado's bars grow from the base case).
 * Categories on the left run top down (`maxMin`), as the page lists horizontal bars: the first
 * category (a tornado's widest bar) on top.
 */
function categoryAxis(title: string | null, position: 'b' | 'l', crossesAt?: number): string {
  const crosses =
    crossesAt === undefined ? '<c:crosses val="autoZero"/>' : `<c:crossesAt val="${crossesAt}"/>`;
  return `<c:catAx><c:axId val="${CAT_AX}"/>${scaling(undefined, position === 'l' ? 'maxMin' : 'minMax')}<c:delete val="0"/><c:axPos val="${position}"/>${axisTitle(title ?? undefined)}<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="low"/><c:crossAx val="${VAL_AX}"/>${crosses}<c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>`;
}

/**
 * `crosses`: `max` keeps the values at the bottom when the categories run top down; their tick labels
 * then go next to the axis (`low` would be the top, the categories' low end).
 */
function valueAxis(
  id: number,
  cross: number,
  axis: ChartAxisModel | undefined,
  position: 'b' | 'l',
  between: string,
  crosses: 'autoZero' | 'max' = 'autoZero',
): string {
  const gridlines = position === 'l' ? '<c:majorGridlines/>' : '';
  return `<c:valAx><c:axId val="${id}"/>${scaling(axis)}<c:delete val="0"/><c:axPos val="${position}"/>${gridlines}${axisTitle(axis?.title ?? undefined)}<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/><c:tickLblPos val="${crosses === 'max' ? 'nextTo' : 'low'}"/><c:crossAx val="${cross}"/><c:crosses val="${crosses}"/><c:crossBetween val="${between}"/></c:valAx>`;
}

const AX_IDS = `<c:axId val="${CAT_AX}"/><c:axId val="${VAL_AX}"/>`;

function plotAreaXml(chart: ExportChart, ref: ChartTableRef): string {
  const { model } = chart;
  const plot = plotOf(chart);
  const series = seriesXml(chart, plot, ref);
  const grouping = model.stacked ? 'stacked' : 'standard';
  switch (plot) {
    case 'bar': {
      const horizontal = model.kind === 'bar';
      const overlap = model.stacked || model.bars?.overlap ? '<c:overlap val="100"/>' : '';
      // Horizontal bars put the categories on the left and the values along the bottom.
      return `<c:barChart><c:barDir val="${horizontal ? 'bar' : 'col'}"/><c:grouping val="${model.stacked ? 'stacked' : 'clustered'}"/><c:varyColors val="0"/>${series}<c:gapWidth val="${model.bars ? 50 : 150}"/>${overlap}${AX_IDS}</c:barChart>${categoryAxis(model.xAxis.title, horizontal ? 'l' : 'b', model.bars?.baseline)}${valueAxis(VAL_AX, CAT_AX, model.yAxis, horizontal ? 'b' : 'l', 'between', horizontal ? 'max' : 'autoZero')}`;
    }
    case 'line':
      return `<c:lineChart><c:grouping val="${grouping}"/><c:varyColors val="0"/>${series}<c:marker val="1"/>${AX_IDS}</c:lineChart>${categoryAxis(model.xAxis.title, 'b')}${valueAxis(VAL_AX, CAT_AX, model.yAxis, 'l', 'between')}`;
    case 'area':
      return `<c:areaChart><c:grouping val="${grouping}"/><c:varyColors val="0"/>${series}${AX_IDS}</c:areaChart>${categoryAxis(model.xAxis.title, 'b')}${valueAxis(VAL_AX, CAT_AX, model.yAxis, 'l', 'midCat')}`;
    case 'radar':
      return `<c:radarChart><c:radarStyle val="marker"/><c:varyColors val="0"/>${series}${AX_IDS}</c:radarChart>${categoryAxis(null, 'b')}${valueAxis(VAL_AX, CAT_AX, undefined, 'l', 'between')}`;
    case 'scatter':
      return `<c:scatterChart><c:scatterStyle val="lineMarker"/><c:varyColors val="0"/>${series}${AX_IDS}</c:scatterChart>${valueAxis(CAT_AX, VAL_AX, model.xAxis, 'b', 'midCat')}${valueAxis(VAL_AX, CAT_AX, model.yAxis, 'l', 'midCat')}`;
    case 'pie':
      return `<c:pieChart><c:varyColors val="1"/>${series}<c:firstSliceAng val="0"/></c:pieChart>`;
    case 'doughnut':
      return `<c:doughnutChart><c:varyColors val="1"/>${series}<c:firstSliceAng val="0"/><c:holeSize val="50"/></c:doughnutChart>`;
  }
}

/** The chart part (`xl/charts/chartN.xml`) of a chart whose table sits at `ref`. */
export function chartPartXml(chart: ExportChart, ref: ChartTableRef): string {
  const { model } = chart;
  const title = model.title
    ? `<c:title>${rich(model.title)}<c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`
    : '<c:autoTitleDeleted val="1"/>';
  const legend = legendXml(chart.labelSeries);
  // Numeric lines span the rows where a series has no point (see chart-data.ts); bars show gaps.
  const blanks = plotOf(chart) === 'scatter' || plotOf(chart) === 'area' ? 'span' : 'gap';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<c:chartSpace ${NS}><c:roundedCorners val="0"/><c:chart>${title}<c:plotArea><c:layout/>${plotAreaXml(chart, ref)}</c:plotArea>${legend}<c:plotVisOnly val="1"/><c:dispBlanksAs val="${blanks}"/></c:chart><c:spPr><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill><a:ln><a:noFill/></a:ln></c:spPr></c:chartSpace>`;
}
