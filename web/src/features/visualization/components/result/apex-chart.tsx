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
 * react-apexcharts 1.7.0 ships only CommonJS (`exports.default = Charts` with `__esModule`). Vite 8
 * (Rolldown) gives a default import of CommonJS `module.exports` itself, as Node does, when the
 * importer's closest package.json says `"type": "module"` (ours does), and `module.exports.default`
 * only otherwise (Vite 8 migration guide, "consistent CommonJS interop"). The production build handed
 * React the exports object (error #130: every chart showed "could not be drawn"), so this takes
 * `.default` when it is there, which is right wherever the module is loaded (build, dev, Vitest).
 * Checked and not taken instead: `legacy.inconsistentCjsInterop` brings back the pre-Vite 8 rule for
 * every CommonJS dependency of the app (a legacy switch Vite calls inconsistent), and a web/package.json
 * without `"type": "module"` would change the interop of every import in web/ (and how its config
 * loads); `build.commonjsOptions` is a no-op under Rolldown and `optimizeDeps` concerns only the dev
 * server. Drop this once a react-apexcharts we may use (docs/licences.md) ships ES modules.
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
