import ReactApexChart from 'react-apexcharts';
import type { ApexChartProps } from './apex-options';

/**
 * The one module that imports ApexCharts (about 150 kB gzip): result-chart.tsx loads it lazily, so the
 * chart library is a chunk of its own that only the result page downloads.
 */
export default function ApexChart({ type, series, options, height }: ApexChartProps & { height: number }) {
  return <ReactApexChart type={type} series={series} options={options} height={height} width="100%" />;
}
