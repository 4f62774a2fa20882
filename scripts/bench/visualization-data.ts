import type { BasicChartElement, ResultCell, ResultElement, RunResult } from '@shared/schemas/run-result';

/**
 * The benchmark result of issue 19 §4, shared by the export and the step-3 render benchmarks: 20
 * elements, 10 tables of 50 rows × 10 columns with a two-row head and 10 line charts of 5 series × 200
 * points.
 */
export const TABLES = 10;
export const ROWS = 50;
export const COLUMNS = 10;
export const CHARTS = 10;
export const SERIES = 5;
export const POINTS = 200;

function table(index: number): ResultElement {
  const cells: ResultCell[] = [
    { row: 0, column: 0, value: 'Strategy', th: true, rowSpan: 2 },
    { row: 0, column: 1, value: `Outcomes ${index + 1}`, th: true, colSpan: COLUMNS - 1, align: 'center' },
  ];
  for (let column = 1; column < COLUMNS; column++)
    cells.push({ row: 1, column, value: `Year ${column}`, th: true });
  for (let row = 2; row < ROWS; row++) {
    cells.push({ row, column: 0, value: `Strategy ${row - 1}` });
    for (let column = 1; column < COLUMNS; column++)
      cells.push({
        row,
        column,
        value: Math.round(((row * 37 + column * 11) % 997) * 100) / 7,
        valuePrefix: '$',
        align: 'right',
      });
  }
  return { kind: 'table', cells, options: { title: `Table ${index + 1}`, tableHeadTillRow: 2 } };
}

function chart(index: number): BasicChartElement {
  const data = [];
  for (let s = 0; s < SERIES; s++)
    for (let p = 0; p < POINTS; p++)
      data.push({ group: `Series ${s + 1}`, x: p, y: Math.round(1000 * Math.sin((p + s * 9) / 17)) / 10 });
  return {
    kind: 'chart',
    chartType: 'line',
    data,
    options: { title: `Chart ${index + 1}`, xAxisLabel: 'Cycle', yAxisLabel: 'Value' },
  };
}

export const result: RunResult = {
  options: { title: 'Benchmark analysis' },
  elements: Array.from({ length: TABLES + CHARTS }, (_, i) =>
    i % 2 === 0 ? table(i / 2) : chart((i - 1) / 2),
  ),
};
