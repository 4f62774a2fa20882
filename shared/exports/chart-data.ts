import type { ChartElement } from '../schemas/run-result';
import {
  type ChartModel,
  type ChartModelKind,
  type ChartSeriesModel,
  expandSteps,
  toChartModel,
} from '../visualization/chart-model';
import { REFERENCE_LINE_COLOR } from '../visualization/palette';
import { EXPORT_MESSAGES, ExportError } from './messages';

const KINDS: readonly ChartModelKind[] = [
  'line',
  'area',
  'column',
  'bar',
  'scatter',
  'pie',
  'donut',
  'radar',
];

/**
 * A chart as the export writers take it: the normalized chart model the page draws
 * (shared/visualization/chart-model.ts) and its data as one table, the table Excel shows beside the
 * chart and binds the chart to: one x column and one column per series.
 *
 * - With categories, the rows are the categories and each series has its value per category.
 * - On a numeric x axis, series may have different x values (a willingness-to-pay line, a survival
 *   curve's steps): the rows are the union of every series' points ordered by x, a series' column
 *   empty where it has no point. A step series is expanded into its corner points first, so one x can
 *   appear twice (its k-th occurrence pairs with the other series' k-th). The writers draw numeric
 *   lines with blanks spanned, so every series stays one line.
 */
export interface ExportChart {
  model: ChartModel;
  /**
   * Series that only carry a text label (officeChart: an annotation's label at one point): drawn
   * without line, marker or fill, their name shown as the point's data label, left out of the legend.
   * `l`/`r`: left or right of a scatter point; `outEnd`: beyond the end of a bar.
   */
  labelSeries?: Array<{ index: number; position: 'l' | 'r' | 'outEnd' }>;
  table: {
    xTitle: string;
    numericX: boolean;
    xs: (string | number)[];
    columns: Array<{ name: string; values: (number | null)[] }>;
  };
}

/** '#1F5FA8' → '1F5FA8', what Office files take. */
export const hex = (color: string) => color.replace(/^#/, '').toUpperCase();

function numericTable(model: ChartModel): ExportChart['table'] {
  const keyed = model.series.map((series) => {
    const points = series.curve === 'step' ? expandSteps(series.points) : series.points;
    const seen = new Map<number, number>();
    return points.map((point) => {
      const x = point.x as number;
      const occurrence = seen.get(x) ?? 0;
      seen.set(x, occurrence + 1);
      return { x, occurrence, y: point.y };
    });
  });
  const rows = new Map<string, { x: number; occurrence: number }>();
  for (const points of keyed)
    for (const { x, occurrence } of points) rows.set(`${x}#${occurrence}`, { x, occurrence });
  const ordered = [...rows.values()].sort((a, b) => a.x - b.x || a.occurrence - b.occurrence);
  const index = new Map(ordered.map((row, at) => [`${row.x}#${row.occurrence}`, at]));
  return {
    xTitle: model.xAxis.title ?? 'x',
    numericX: true,
    xs: ordered.map((row) => row.x),
    columns: model.series.map((series, at) => {
      const values: (number | null)[] = ordered.map(() => null);
      for (const point of keyed[at] ?? [])
        values[index.get(`${point.x}#${point.occurrence}`) as number] = point.y;
      return { name: series.name, values };
    }),
  };
}

export function chartTable(model: ChartModel): ExportChart['table'] {
  if (!model.categories) return numericTable(model);
  return {
    xTitle: model.xAxis.title ?? 'Category',
    numericX: false,
    xs: model.categories,
    columns: model.series.map((series) => ({
      name: series.name,
      values: series.points.map((point) => point.y),
    })),
  };
}

/** A chart element as the writers take it; a kind none of them knows is 'Undefined or wrong chart type'. */
export function exportChart(element: ChartElement): ExportChart {
  let model: ChartModel;
  try {
    model = toChartModel(element);
  } catch (error) {
    throw new ExportError(EXPORT_MESSAGES.wrongChartType, { cause: error });
  }
  if (!model || !KINDS.includes(model.kind)) throw new ExportError(EXPORT_MESSAGES.wrongChartType);
  return { model, table: chartTable(model) };
}

/** Lines: a numeric line or a line-drawn scatter series. */
export const drawsLines = (chart: ExportChart) =>
  chart.model.series.some((series) => series.line !== 'none') && chart.table.numericX;

/**
 * The chart as the Office writers draw it: DrawingML has no reference lines or free text bound to
 * data, so the chart model's annotations become series of their own (what Excel users do by hand):
 * - a vertical line on a numeric x axis (the acceptability curve's willingness to pay) becomes a
 *   dashed two-point series from the bottom to the top of the value range, named by its label (so the
 *   legend says 'Willingness to pay: 20,000');
 * - a label at a data position (the CE plane's quadrants) becomes a one-point series without line or
 *   marker whose name is shown as the point's data label, left out of the legend (`labelSeries`);
 *   the point moves a twentieth of the range inwards so the text stays inside the plot;
 * - a vertical line across horizontal bars (the tornado's base case) is already drawn: the category
 *   axis crosses the value axis there (`bars.baseline`). Its label goes on that line in a row of its
 *   own above the bars (an empty category first, drawn on top): a label-only bar series whose one
 *   value is the line's x, so its bar has no length and its name stands right beside the line's top.
 *   (A dashed line of its own would need a scatter series over the bars on secondary axes;
 *   LibreOffice combines bars only with lines on the same category axis.)
 * Their points join the chart's data table, so the sheet shows the cells the chart draws them from.
 */
export function officeChart(chart: ExportChart): ExportChart {
  const { model } = chart;
  if (model.annotations.length === 0) return chart;
  if (model.categories) {
    if (model.kind !== 'bar' || !model.bars) return chart;
    const lines = model.annotations.flatMap((annotation) =>
      annotation.kind === 'vertical-line' ? [annotation] : [],
    );
    if (lines.length === 0) return chart;
    const categories = ['', ...model.categories];
    const series: ChartSeriesModel[] = model.series.map((one) => ({
      ...one,
      points: [{ x: '', y: null }, ...one.points],
    }));
    // Between the data series: LibreOffice numbers the legend entries of horizontal bars from the
    // last series, and the middle one (of the tornado's two series and its label) is the same entry
    // whichever end a reader counts from, so the legend hides the label and no data series.
    const middle = Math.ceil(series.length / 2);
    const labels: ChartSeriesModel[] = lines.map((line) => ({
      name: line.label,
      legendName: line.label,
      color: line.color,
      role: 'reference',
      line: 'none',
      curve: 'straight',
      markers: false,
      points: categories.map((x, at) => ({ x, y: at === 0 ? line.x : null })),
    }));
    series.splice(middle, 0, ...labels);
    const labelSeries = labels.map((_, at) => ({ index: middle + at, position: 'outEnd' as const }));
    const annotated: ChartModel = { ...model, categories, series, annotations: [] };
    return { model: annotated, table: chartTable(annotated), labelSeries };
  }
  const ys = model.series.flatMap((series) => series.points.flatMap((point) => point.y ?? []));
  const yMin = model.yAxis.min ?? Math.min(...ys);
  const yMax = model.yAxis.max ?? Math.max(...ys);
  const xs = model.series.flatMap((series) => series.points.map((point) => point.x as number));
  const xMin = model.xAxis.min ?? Math.min(...xs);
  const xMax = model.xAxis.max ?? Math.max(...xs);
  const series: ChartSeriesModel[] = [...model.series];
  const labelSeries: NonNullable<ExportChart['labelSeries']> = [];
  for (const annotation of model.annotations) {
    if (annotation.kind === 'vertical-line') {
      if (!Number.isFinite(yMin) || !Number.isFinite(yMax)) continue;
      series.push({
        name: annotation.label,
        legendName: annotation.label,
        color: annotation.color,
        role: 'reference',
        line: 'dashed',
        curve: 'straight',
        markers: false,
        points: [
          { x: annotation.x, y: yMin },
          { x: annotation.x, y: yMax },
        ],
      });
    } else {
      const inset = (annotation.align === 'end' ? -1 : 1) * ((xMax - xMin) / 20 || 0);
      const lift = (annotation.verticalAlign === 'top' ? -1 : 1) * ((yMax - yMin) / 20 || 0);
      // The point is on the text's `align` side: the text runs left of it ('end') or right ('start').
      labelSeries.push({ index: series.length, position: annotation.align === 'end' ? 'l' : 'r' });
      series.push({
        name: annotation.text,
        legendName: annotation.text,
        color: REFERENCE_LINE_COLOR,
        role: 'reference',
        line: 'none',
        curve: 'straight',
        markers: false,
        points: [{ x: annotation.x + inset, y: annotation.y + lift }],
      });
    }
  }
  const annotated: ChartModel = { ...model, series, annotations: [] };
  return {
    model: annotated,
    table: chartTable(annotated),
    ...(labelSeries.length > 0 ? { labelSeries } : {}),
  };
}
