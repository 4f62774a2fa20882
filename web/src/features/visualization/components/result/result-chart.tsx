import type { ChartElement } from '@shared/schemas/run-result';
import { DEFAULT_CHART_HEIGHT_PX, toChartModel } from '@shared/visualization';
import { Component, lazy, memo, type ReactNode, Suspense, useMemo } from 'react';
import { type LegendPosition, toApexChartProps } from './apex-options';

// ApexCharts is large: it loads with the first chart, not with the app (scripts/bench/web-bundle.ts).
const ApexChart = lazy(() => import('./apex-chart'));

/** A chart whose code failed to load (offline, a new deployment) says so instead of breaking the page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <p className="mr-error-text">The chart could not be drawn. Reload the page to try again.</p>
    ) : (
      this.props.children
    );
  }
}

/** Memoised like ResultTable: the page's own state (section ticks, search) does not redraw a chart. */
export const ResultChart = memo(function ResultChart({
  element,
  height = DEFAULT_CHART_HEIGHT_PX,
  legendPosition,
}: {
  element: ChartElement;
  height?: number;
  legendPosition?: LegendPosition;
}) {
  const model = useMemo(() => toChartModel(element), [element]);
  const props = useMemo(
    () => toApexChartProps(model, { height, legendPosition }),
    [model, height, legendPosition],
  );
  const label = model.title ?? `Chart (${element.chartType})`;
  return (
    <figure className="mr-result-chart" aria-label={label} data-chart-type={element.chartType}>
      <ChartBoundary>
        <Suspense
          fallback={
            <div className="mr-result-chart-loading" style={{ height }}>
              Loading chart…
            </div>
          }
        >
          <ApexChart {...props} height={height} />
        </Suspense>
      </ChartBoundary>
    </figure>
  );
});
