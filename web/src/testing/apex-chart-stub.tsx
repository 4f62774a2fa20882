/**
 * Stands in for the one module that draws with ApexCharts (features/visualization/components/result/
 * apex-chart.tsx) in every web test: ApexCharts needs a real layout engine (SVG measuring) that jsdom
 * does not have. The chart's settings are tested in apex-options.test.ts; the stand-in shows which
 * chart was asked for. The setup file mocks the module for all files alike, so a result page loaded by
 * one file draws the same way in every other (`isolate: false`).
 */
export default function ApexChartStub({ type, height }: { type: string; height: number }) {
  return <div data-testid="apex-chart" data-type={type} data-height={height} />;
}
