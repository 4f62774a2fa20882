import type { ComponentType } from 'react';
import ReactApexChartExport from 'react-apexcharts';
import type { ApexChartProps } from './apex-options';

type ReactApexChartProps = {
  type: ApexChartProps['type'];
  series: ApexChartProps['series'];
  options: ApexChartProps['options'];
  height: number;
  width: string;
};

/**
 * react-apexcharts 1.7.0 ships only CommonJS (`exports.default = Charts` with `__esModule`). Vitest and
 * Vite's dev server hand a default import the component, but the production build (Vite 8's Rolldown)
 * hands it `module.exports`, and React refused that object (error #130: every chart showed "could not
 * be drawn"). Taking `.default` when it is there works in all three.
 */
const ReactApexChart = ((ReactApexChartExport as unknown as { default?: ComponentType<ReactApexChartProps> })
  .default ?? ReactApexChartExport) as ComponentType<ReactApexChartProps>;

/**
 * The one module that imports ApexCharts (about 150 kB gzip): result-chart.tsx loads it lazily, so the
 * chart library is a chunk of its own that only the result page downloads.
 */
export default function ApexChart({ type, series, options, height }: ApexChartProps & { height: number }) {
  return <ReactApexChart type={type} series={series} options={options} height={height} width="100%" />;
}
