import type { ChartElement } from '../schemas/run-result';
import {
  type ChartModel,
  type ChartModelKind,
  expandSteps,
  toChartModel,
} from '../visualization/chart-model';
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
