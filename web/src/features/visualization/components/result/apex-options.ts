import { type ChartModel, formatChartNumber, legendLabel } from '@shared/visualization';
import type { ApexOptions } from 'apexcharts';

export type LegendPosition = 'top' | 'bottom' | 'left' | 'right' | 'none';

/** What react-apexcharts takes: the chart type, the series and the options. */
export interface ApexChartProps {
  type: 'line' | 'area' | 'bar' | 'scatter' | 'pie' | 'donut' | 'radar' | 'rangeBar';
  series: ApexOptions['series'];
  options: ApexOptions;
}

const DASH = 6;

type XY = [number, number | null];

function xySeries(model: ChartModel) {
  return model.series.map((series) => {
    const data = model.categories
      ? series.points.map((point) => point.y)
      : series.points.map((point): XY => [point.x as number, point.y]);
    return { name: series.name, data };
  });
}

function annotationsOf(model: ChartModel): ApexOptions['annotations'] {
  const xaxis: NonNullable<NonNullable<ApexOptions['annotations']>['xaxis']> = [];
  const points: NonNullable<NonNullable<ApexOptions['annotations']>['points']> = [];
  for (const annotation of model.annotations) {
    if (annotation.kind === 'vertical-line')
      xaxis.push({
        x: annotation.x,
        borderColor: annotation.color,
        strokeDashArray: DASH,
        label: {
          text: annotation.label,
          orientation: 'horizontal',
          borderWidth: 0,
          style: { background: 'transparent', color: annotation.color },
        },
      });
    else
      points.push({
        x: annotation.x,
        y: annotation.y,
        marker: { size: 0 },
        label: {
          text: annotation.text,
          borderWidth: 0,
          textAnchor: annotation.align,
          // Keep the text inside the plot: above a bottom corner, below a top one.
          offsetY: annotation.verticalAlign === 'top' ? 18 : -4,
          style: { background: 'transparent', color: '#495057' },
        },
      });
  }
  return { xaxis, points };
}

/**
 * ApexCharts settings for a chart model (shared/visualization/chart-model.ts), so the page draws the
 * conventions the model decided: step lines, dashed reference lines, tornado bars from the base case,
 * fixed probability axes, palette colours and legends cut at 30 characters.
 */
export function toApexChartProps(
  model: ChartModel,
  { height, legendPosition = 'bottom' }: { height: number; legendPosition?: LegendPosition },
): ApexChartProps {
  const colors = model.sliceColors ?? model.series.map((series) => series.color);
  const legend: ApexOptions['legend'] = {
    show: legendPosition !== 'none',
    position: legendPosition === 'none' ? 'bottom' : legendPosition,
    formatter: (name: string) => legendLabel(name),
  };
  const base: ApexOptions = {
    chart: {
      height,
      // Results are drawn once; animating 20 charts of 1,000 points each costs seconds.
      animations: { enabled: false },
      zoom: { enabled: false },
      toolbar: {
        show: true,
        tools: { download: true, selection: false, zoom: false, pan: false, reset: false },
      },
      fontFamily: 'inherit',
      stacked: model.stacked,
    },
    colors,
    legend,
    title: model.title ? { text: model.title } : undefined,
    dataLabels: { enabled: false },
    tooltip: { shared: false, intersect: false },
  };
  const valueLabels = {
    formatter: (value: number) => (typeof value === 'number' ? formatChartNumber(value) : value),
  };
  // ApexCharts hands x-axis labels over as text.
  const xValueLabels = {
    formatter: (value: string) => {
      const number = Number(value);
      return value !== '' && Number.isFinite(number) ? formatChartNumber(number) : value;
    },
  };

  if (model.kind === 'pie' || model.kind === 'donut') {
    const first = model.series[0];
    return {
      type: model.kind,
      series: (first?.points ?? []).map((point) => point.y ?? 0),
      options: { ...base, labels: model.categories ?? [] },
    };
  }

  if (model.kind === 'radar') {
    return {
      type: 'radar',
      series: xySeries(model),
      options: { ...base, xaxis: { categories: model.categories ?? [] }, yaxis: { labels: valueLabels } },
    };
  }

  if (model.kind === 'bar' || model.kind === 'column') {
    const horizontal = model.kind === 'bar';
    const valueTitle = { text: model.yAxis.title ?? undefined };
    const categoryTitle = { text: model.xAxis.title ?? undefined };
    if (model.bars) {
      // A tornado: each bar spans from the base case to the outcome, the two series drawn over each other.
      const baseline = model.bars.baseline;
      return {
        type: 'rangeBar',
        series: model.series.map((series) => ({
          name: series.name,
          data: series.points.map((point) => ({
            x: String(point.x),
            y: [Math.min(baseline, point.y ?? baseline), Math.max(baseline, point.y ?? baseline)],
          })),
        })),
        options: {
          ...base,
          plotOptions: { bar: { horizontal: true, rangeBarOverlap: true, barHeight: '60%' } },
          // In a horizontal chart ApexCharts' x axis is the value axis.
          xaxis: {
            title: valueTitle,
            labels: xValueLabels,
            type: 'numeric',
            min: model.yAxis.min ?? undefined,
            max: model.yAxis.max ?? undefined,
          },
          yaxis: { title: categoryTitle },
          annotations: annotationsOf(model),
        },
      };
    }
    return {
      type: 'bar',
      series: xySeries(model),
      options: {
        ...base,
        plotOptions: { bar: { horizontal } },
        xaxis: horizontal
          ? { categories: model.categories ?? [], title: valueTitle, labels: xValueLabels }
          : { categories: model.categories ?? [], title: categoryTitle },
        yaxis: horizontal ? { title: categoryTitle } : { title: valueTitle, labels: valueLabels },
      },
    };
  }

  // line, area, scatter: on categories or numbers.
  const mixed = model.kind === 'scatter' && model.series.some((series) => series.line !== 'none');
  const type = model.kind === 'scatter' ? (mixed ? 'line' : 'scatter') : model.kind;
  const series = xySeries(model).map((series, index) => {
    const style = model.series[index];
    if (!mixed || !style) return series;
    return { ...series, type: style.line === 'none' ? 'scatter' : 'line' };
  });
  return {
    type,
    series,
    options: {
      ...base,
      stroke: {
        curve: model.series.map((s) => (s.curve === 'step' ? 'stepline' : 'straight')),
        width: model.series.map((s) => (s.line === 'none' ? 0 : 2)),
        dashArray: model.series.map((s) => (s.line === 'dashed' ? DASH : 0)),
      },
      markers: { size: model.series.map((s) => (s.markers ? 4 : 0)) },
      fill: model.kind === 'area' ? { type: 'solid', opacity: model.stacked ? 0.85 : 0.35 } : undefined,
      xaxis: model.categories
        ? { categories: model.categories, title: { text: model.xAxis.title ?? undefined } }
        : {
            type: 'numeric',
            min: model.xAxis.min ?? undefined,
            max: model.xAxis.max ?? undefined,
            title: { text: model.xAxis.title ?? undefined },
            labels: xValueLabels,
            tickAmount: 8,
          },
      yaxis: {
        min: model.yAxis.min ?? undefined,
        max: model.yAxis.max ?? undefined,
        title: { text: model.yAxis.title ?? undefined },
        labels: valueLabels,
      },
      annotations: annotationsOf(model),
      tooltip: { shared: false, intersect: model.kind === 'scatter' },
    },
  };
}
