import type {
  AcceptabilityCurveElement,
  BasicChartElement,
  CePlaneElement,
  ChartElement,
  ChartPreset,
  ChartType,
  MarkovTraceElement,
  SurvivalElement,
  TornadoElement,
} from '../schemas/run-result';
import { paletteColor, REFERENCE_LINE_COLOR } from './palette';
import { legendLabel } from './texts';

/**
 * One normalized description of a result chart, drawn by every output from it: the step-3 page
 * (ApexCharts), the PowerPoint and Excel exports (native charts) and the PDF. Everything a convention
 * decides (which series is a step line, where the willingness-to-pay line runs, the order of tornado
 * bars, colours, cut legend names, axis ranges) is decided here once, so the page and the files agree.
 *
 * Drawing rules for a renderer:
 * - `kind` is the chart family; `series[i].line`, `curve` and `markers` refine how each series is drawn
 *   (a scatter chart's willingness-to-pay series is a dashed line without markers; a survival chart's
 *   observed series are steps: `expandSteps` turns them into plain polyline points where a library has
 *   no step lines).
 * - With `categories`, the x axis is a category axis and every series has one point per category in
 *   that order (`y` null where the model gave none); otherwise x values are numbers.
 * - `bar`/`column` are horizontal/vertical bars (the Office names). With `bars.baseline` the bars
 *   start at that value instead of 0 (a tornado grows from its base case: in Office, the value axis
 *   crosses at the baseline and the two series overlap 100%).
 * - `pie`/`donut` draw the first series, one slice per category coloured by `sliceColors`.
 * - `annotations` are reference marks that are not series: vertical lines and the plane's quadrant labels.
 */
export type ChartModelKind = 'line' | 'area' | 'column' | 'bar' | 'scatter' | 'pie' | 'donut' | 'radar';

export interface ChartModelPoint {
  x: number | string;
  y: number | null;
}

export interface ChartSeriesModel {
  /** The full name (tooltips, export data sheets). */
  name: string;
  /** The legend text: the name cut at 30 characters. */
  legendName: string;
  color: string;
  /** `reference`: a line that is not data (willingness to pay); exports may leave it out of data tables. */
  role: 'data' | 'reference';
  line: 'solid' | 'dashed' | 'none';
  curve: 'straight' | 'step';
  markers: boolean;
  points: ChartModelPoint[];
}

export interface ChartAxisModel {
  title: string | null;
  type: 'numeric' | 'category';
  /** Fixed ends of a numeric axis; null lets the renderer choose. */
  min: number | null;
  max: number | null;
}

export type ChartAnnotation =
  | { kind: 'vertical-line'; x: number; label: string; color: string }
  /** Text anchored at a data position: `align` says which side of the text the point is on. */
  | {
      kind: 'label';
      x: number;
      y: number;
      text: string;
      align: 'start' | 'end';
      verticalAlign: 'top' | 'bottom';
    };

export interface ChartLegendEntry {
  name: string;
  legendName: string;
  color: string;
  line: 'solid' | 'dashed' | 'none';
}

export interface ChartModel {
  /** What the model asked for: a chart type or a preset. */
  source: ChartType | ChartPreset;
  kind: ChartModelKind;
  title: string | null;
  xAxis: ChartAxisModel;
  yAxis: ChartAxisModel;
  categories: string[] | null;
  series: ChartSeriesModel[];
  stacked: boolean;
  /** Pie and donut slices, one colour per category. */
  sliceColors: string[] | null;
  bars: { baseline: number; overlap: boolean } | null;
  annotations: ChartAnnotation[];
  legend: ChartLegendEntry[];
}

type SeriesStyle = Pick<ChartSeriesModel, 'role' | 'line' | 'curve' | 'markers'>;
const LINE: SeriesStyle = { role: 'data', line: 'solid', curve: 'straight', markers: false };
const MARKERS: SeriesStyle = { role: 'data', line: 'none', curve: 'straight', markers: true };
const BARS: SeriesStyle = { role: 'data', line: 'none', curve: 'straight', markers: false };

interface Point {
  group: string;
  x: number | string;
  y: number | null;
}

/** The groups of the points in first-seen order, each with its points in the order given. */
function groupPoints(data: readonly Point[]): Map<string, Point[]> {
  const groups = new Map<string, Point[]>();
  for (const point of data) {
    const list = groups.get(point.group);
    if (list) list.push(point);
    else groups.set(point.group, [point]);
  }
  return groups;
}

function seriesOf(
  name: string,
  index: number,
  style: SeriesStyle,
  points: ChartModelPoint[],
): ChartSeriesModel {
  return { name, legendName: legendLabel(name), color: paletteColor(index), ...style, points };
}

function legendOf(series: readonly ChartSeriesModel[]): ChartLegendEntry[] {
  return series.map(({ name, legendName, color, line }) => ({ name, legendName, color, line }));
}

const axis = (
  title: string | null | undefined,
  type: ChartAxisModel['type'] = 'numeric',
): ChartAxisModel => ({
  title: title ?? null,
  type,
  min: null,
  max: null,
});

/** A number as the page shows it in labels: grouped thousands, at most 4 decimals. */
export function formatChartNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

const BASIC_KIND: Record<ChartType, ChartModelKind> = {
  area: 'area',
  bar: 'bar',
  column: 'column',
  line: 'line',
  pie: 'pie',
  donut: 'donut',
  scatter: 'scatter',
  radar: 'radar',
};

function basicChart(element: BasicChartElement): ChartModel {
  const kind = BASIC_KIND[element.chartType];
  const groups = groupPoints(element.data);
  const onCategories =
    kind === 'bar' ||
    kind === 'column' ||
    kind === 'pie' ||
    kind === 'donut' ||
    kind === 'radar' ||
    element.data.some((point) => typeof point.x === 'string');
  const style = kind === 'scatter' ? MARKERS : kind === 'line' || kind === 'area' ? LINE : BARS;

  let categories: string[] | null = null;
  let series: ChartSeriesModel[];
  if (onCategories) {
    const seen = new Set<string>();
    for (const point of element.data) seen.add(String(point.x));
    categories = [...seen];
    const order = new Map(categories.map((category, index) => [category, index]));
    series = [...groups].map(([name, list], index) => {
      const values: (number | null)[] = (categories as string[]).map(() => null);
      for (const point of list) values[order.get(String(point.x)) as number] = point.y;
      return seriesOf(
        name,
        index,
        style,
        (categories as string[]).map((x, at) => ({ x, y: values[at] ?? null })),
      );
    });
  } else {
    series = [...groups].map(([name, list], index) =>
      seriesOf(
        name,
        index,
        style,
        list.map(({ x, y }) => ({ x, y })),
      ),
    );
  }

  const isRound = kind === 'pie' || kind === 'donut';
  const sliceColors = isRound && categories ? categories.map((_, index) => paletteColor(index)) : null;
  const legend =
    isRound && categories
      ? categories.map((name, index) => ({
          name,
          legendName: legendLabel(name),
          color: paletteColor(index),
          line: 'none' as const,
        }))
      : legendOf(series);
  const stackable = kind === 'area' || kind === 'bar' || kind === 'column';
  return {
    source: element.chartType,
    kind,
    title: element.options?.title ?? null,
    xAxis: axis(element.options?.xAxisLabel, categories ? 'category' : 'numeric'),
    yAxis: axis(element.options?.yAxisLabel),
    categories,
    series,
    stacked: stackable && element.options?.stacked === true,
    sliceColors,
    bars: null,
    annotations: [],
    legend,
  };
}

/** [min, max] of the values, widened to include `include` and padded by a tenth of the span on each side. */
function paddedRange(values: readonly number[], include: number): [number, number] {
  let min = include;
  let max = include;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const span = max - min || Math.abs(max) || 1;
  return [min === include && include === 0 ? 0 : min - span / 10, max + span / 10];
}

/** Padded symmetric treatment: both ends move out, so points on the edge stay inside. */
function planeRange(values: readonly number[]): [number, number] {
  let min = 0;
  let max = 0;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const span = max - min || 1;
  return [min - span / 10, max + span / 10];
}

export const CE_PLANE_QUADRANTS = {
  northEast: 'More effective, more costly',
  northWest: 'Less effective, more costly (dominated)',
  southEast: 'More effective, less costly (dominant)',
  southWest: 'Less effective, less costly',
} as const;

function cePlane(element: CePlaneElement): ChartModel {
  const [xMin, xMax] = planeRange(element.data.map((point) => point.x));
  const [yMin, yMax] = planeRange(element.data.map((point) => point.y));
  const series = [...groupPoints(element.data)].map(([name, list], index) =>
    seriesOf(
      name,
      index,
      MARKERS,
      list.map(({ x, y }) => ({ x, y })),
    ),
  );
  const wtp = element.options?.willingnessToPay;
  if (wtp !== undefined) {
    // The line of cost = wtp × effect through the origin, cut where it leaves the plotted area.
    const from = wtp === 0 ? xMin : Math.max(xMin, yMin / wtp);
    const to = wtp === 0 ? xMax : Math.min(xMax, yMax / wtp);
    const name = `Willingness to pay: ${formatChartNumber(wtp)}`;
    series.push({
      name,
      legendName: legendLabel(name),
      color: REFERENCE_LINE_COLOR,
      role: 'reference',
      line: 'dashed',
      curve: 'straight',
      markers: false,
      points: [
        { x: from, y: wtp * from },
        { x: to, y: wtp * to },
      ],
    });
  }
  const corner = (x: number, y: number, text: string): ChartAnnotation => ({
    kind: 'label',
    x,
    y,
    text,
    align: x > 0 ? 'end' : 'start',
    verticalAlign: y > 0 ? 'top' : 'bottom',
  });
  return {
    source: 'ce-plane',
    kind: 'scatter',
    title: element.options?.title ?? null,
    xAxis: { ...axis(element.options?.xAxisLabel ?? 'Incremental effect (QALYs)'), min: xMin, max: xMax },
    yAxis: { ...axis(element.options?.yAxisLabel ?? 'Incremental cost'), min: yMin, max: yMax },
    categories: null,
    series,
    stacked: false,
    sliceColors: null,
    bars: null,
    annotations: [
      corner(xMax, yMax, CE_PLANE_QUADRANTS.northEast),
      corner(xMin, yMax, CE_PLANE_QUADRANTS.northWest),
      corner(xMax, yMin, CE_PLANE_QUADRANTS.southEast),
      corner(xMin, yMin, CE_PLANE_QUADRANTS.southWest),
    ],
    legend: legendOf(series),
  };
}

function lineOfProbabilities(
  element: AcceptabilityCurveElement | SurvivalElement | MarkovTraceElement,
  defaults: { x: string; y: string },
  styleOf: (group: string) => SeriesStyle,
): Pick<ChartModel, 'title' | 'xAxis' | 'yAxis' | 'series' | 'legend'> {
  const series = [...groupPoints(element.data)].map(([name, list], index) =>
    seriesOf(
      name,
      index,
      styleOf(name),
      list.map(({ x, y }) => ({ x, y })),
    ),
  );
  const xs = element.data.map((point) => point.x);
  const xMin = xs.length > 0 ? Math.min(0, ...xs) : 0;
  return {
    title: element.options?.title ?? null,
    xAxis: { ...axis(element.options?.xAxisLabel ?? defaults.x), min: xMin, max: null },
    yAxis: { ...axis(element.options?.yAxisLabel ?? defaults.y), min: 0, max: 1 },
    series,
    legend: legendOf(series),
  };
}

function acceptabilityCurve(element: AcceptabilityCurveElement): ChartModel {
  const wtp = element.options?.willingnessToPay;
  return {
    source: 'acceptability-curve',
    kind: 'line',
    ...lineOfProbabilities(element, { x: 'Willingness to pay', y: 'Probability cost-effective' }, () => LINE),
    categories: null,
    stacked: false,
    sliceColors: null,
    bars: null,
    annotations:
      wtp === undefined
        ? []
        : [
            {
              kind: 'vertical-line',
              x: wtp,
              label: `Willingness to pay: ${formatChartNumber(wtp)}`,
              color: REFERENCE_LINE_COLOR,
            },
          ],
  };
}

function survival(element: SurvivalElement): ChartModel {
  const observed = new Set(element.observedGroups ?? []);
  return {
    source: 'survival',
    kind: 'line',
    ...lineOfProbabilities(element, { x: 'Time', y: 'Proportion surviving' }, (group) =>
      observed.has(group) ? { ...LINE, curve: 'step' } : LINE,
    ),
    categories: null,
    stacked: false,
    sliceColors: null,
    bars: null,
    annotations: [],
  };
}

function markovTrace(element: MarkovTraceElement): ChartModel {
  return {
    source: 'markov-trace',
    kind: 'area',
    ...lineOfProbabilities(element, { x: 'Cycle', y: 'Proportion of cohort' }, () => LINE),
    categories: null,
    stacked: true,
    sliceColors: null,
    bars: null,
    annotations: [],
  };
}

/** The category text of a tornado bar: the parameter, and the range it was varied over when given. */
export function tornadoCategory(bar: TornadoElement['data'][number]): string {
  if (bar.lowLabel === undefined && bar.highLabel === undefined) return bar.parameter;
  return `${bar.parameter} (${bar.lowLabel ?? '?'} to ${bar.highLabel ?? '?'})`;
}

function tornado(element: TornadoElement): ChartModel {
  // Widest swing on top; a stable sort keeps the model's order among equal swings.
  const bars = element.data
    .map((bar, index) => ({ bar, index, swing: Math.abs(bar.high - bar.low) }))
    .sort((a, b) => b.swing - a.swing || a.index - b.index)
    .map(({ bar }) => bar);
  const categories = bars.map(tornadoCategory);
  const series = [
    seriesOf(
      'Low value',
      0,
      BARS,
      bars.map((bar, at) => ({ x: categories[at] as string, y: bar.low })),
    ),
    seriesOf(
      'High value',
      1,
      BARS,
      bars.map((bar, at) => ({ x: categories[at] as string, y: bar.high })),
    ),
  ];
  const base = element.baseCase;
  const [min, max] = paddedRange(
    bars.flatMap((bar) => [bar.low, bar.high]),
    base,
  );
  return {
    source: 'tornado',
    kind: 'bar',
    title: element.options?.title ?? null,
    xAxis: axis(element.options?.yAxisLabel ?? null, 'category'),
    yAxis: { ...axis(element.options?.xAxisLabel ?? 'Outcome'), min, max },
    categories,
    series,
    stacked: false,
    sliceColors: null,
    bars: { baseline: base, overlap: true },
    annotations: [
      {
        kind: 'vertical-line',
        x: base,
        label: `Base case: ${formatChartNumber(base)}`,
        color: REFERENCE_LINE_COLOR,
      },
    ],
    legend: legendOf(series),
  };
}

/** Turns any chart element of a result (a chart type or a preset) into the one description every output draws. */
export function toChartModel(element: ChartElement): ChartModel {
  switch (element.chartType) {
    case 'ce-plane':
      return cePlane(element);
    case 'acceptability-curve':
      return acceptabilityCurve(element);
    case 'tornado':
      return tornado(element);
    case 'survival':
      return survival(element);
    case 'markov-trace':
      return markovTrace(element);
    default:
      return basicChart(element);
  }
}

/**
 * A step series as plain polyline points (each value holds until the next x, then drops vertically), for
 * libraries without step lines (PowerPoint and Excel charts, PDF paths). Null values break nothing: they
 * are kept as they are.
 */
export function expandSteps(points: readonly ChartModelPoint[]): ChartModelPoint[] {
  const out: ChartModelPoint[] = [];
  points.forEach((point, index) => {
    const previous = points[index - 1];
    if (previous && previous.y !== null && point.y !== null && previous.y !== point.y)
      out.push({ x: point.x, y: previous.y });
    out.push(point);
  });
  return out;
}
