import { performance } from 'node:perf_hooks';
import { type ExportInput, exportResult } from '@shared/exports/index';
import { sampleInput } from '@shared/exports/testing/sample-result';
import type { BasicChartElement, ResultElement } from '@shared/schemas/run-result';
import ExcelJS from 'exceljs';
import { jsPDF } from 'jspdf';
import PptxGenJS from 'pptxgenjs';
import { formatTable, median, ms, option, verdict } from './stats';
import { CHARTS, COLUMNS, POINTS, ROWS, result, SERIES, TABLES } from './visualization-data';

/**
 * The exports at scale (issue 19 §4): a 20-element result (10 tables of 50 rows × 10 columns with a
 * two-row head, 10 line charts of 5 series × 200 points) written to each format by shared/exports, in
 * this Node process (the browser runs the same code), against a floor: the same data written by the
 * bare library in the same run (exceljs with plain cells, pptxgenjs with plain tables and charts,
 * jspdf with plain text), i.e. what any export of these files costs before our layout, styles,
 * merges, chart parts and provenance. Target: each export ≤ 3 s (median of `--runs`, after one
 * warm-up run that loads the libraries). Wall clock is the target's measure; CPU time (this process,
 * GC included) says what the code costs on a shared 2-core machine.
 *
 * Usage: npx tsx scripts/bench/visualization.ts [--runs 3]
 */
const TARGET_MS = 3_000;
const input: ExportInput = sampleInput(result);

/** Plain rows of a table element (values as text, no spans), for the floors. */
function rowsOf(element: Extract<ResultElement, { kind: 'table' }>): string[][] {
  const rows = Array.from({ length: ROWS }, () => new Array<string>(COLUMNS).fill(''));
  for (const cell of element.cells) {
    const row = rows[cell.row];
    if (row) row[cell.column] = String(cell.value ?? '');
  }
  return rows;
}
const tables = result.elements.filter(
  (e): e is Extract<ResultElement, { kind: 'table' }> => e.kind === 'table',
);
const charts = result.elements.filter(
  (e): e is BasicChartElement => e.kind === 'chart' && e.chartType === 'line',
);
const seriesOf = (element: BasicChartElement) =>
  Array.from({ length: SERIES }, (_, s) => ({
    name: `Series ${s + 1}`,
    labels: Array.from({ length: POINTS }, (_, p) => String(p)),
    values: element.data.filter((point) => point.group === `Series ${s + 1}`).map((point) => point.y ?? 0),
  }));

const FLOORS: Record<'xlsx' | 'pptx' | 'pdf', () => Promise<unknown>> = {
  xlsx: async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Data');
    for (const element of tables) for (const row of rowsOf(element)) sheet.addRow(row);
    for (const element of charts) for (const s of seriesOf(element)) sheet.addRow(s.values);
    return workbook.xlsx.writeBuffer();
  },
  pptx: async () => {
    const pptx = new PptxGenJS();
    for (const element of tables)
      pptx.addSlide().addTable(
        rowsOf(element)
          .slice(0, 18)
          .map((row) => row.map((text) => ({ text }))),
      );
    for (const element of charts) pptx.addSlide().addChart(pptx.ChartType.line, seriesOf(element));
    return pptx.write({ outputType: 'uint8array' });
  },
  pdf: async () => {
    const doc = new jsPDF({ orientation: 'landscape', unit: 'cm', format: 'a4', compress: true });
    for (const element of tables) {
      doc.addPage();
      rowsOf(element).forEach((row, r) => {
        row.forEach((text, c) => {
          doc.text(text, 1.5 + c * 2.6, 1.5 + (r % 35) * 0.5);
        });
      });
    }
    for (const element of charts) {
      doc.addPage();
      for (const s of seriesOf(element))
        s.values.forEach((v, p) => {
          doc.line(1.5 + p * 0.13, 10 - v / 20, 1.6 + p * 0.13, 10 - v / 20);
        });
    }
    return doc.output('arraybuffer');
  },
};

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function measure(
  work: () => Promise<unknown>,
  runs: number,
): Promise<{ wall: number; cpu: number; bytes: number }> {
  await work();
  const walls: number[] = [];
  const cpus: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStarted = cpuMs();
    const out = await work();
    walls.push(performance.now() - started);
    cpus.push(cpuMs() - cpuStarted);
    bytes = (out as { byteLength?: number })?.byteLength ?? 0;
  }
  return { wall: median(walls), cpu: median(cpus), bytes };
}

async function main() {
  const runs = Number(option('runs', '3'));
  console.log(
    `Exports of ${result.elements.length} elements (${TABLES} tables of ${ROWS} × ${COLUMNS}, ${CHARTS} charts of ${SERIES} series × ${POINTS} points), median of ${runs} runs after a warm-up`,
  );
  const rows: string[][] = [];
  let ok = true;
  for (const format of ['xlsx', 'pptx', 'pdf'] as const) {
    const floor = await measure(FLOORS[format], runs);
    const ours = await measure(() => exportResult(format, input), runs);
    ok &&= ours.wall <= TARGET_MS;
    rows.push([
      format,
      ms(ours.wall),
      ms(ours.cpu),
      `${(ours.bytes / 1000).toFixed(0)} kB`,
      ms(floor.wall),
      ms(floor.cpu),
      `${(ours.wall / floor.wall).toFixed(1)}×`,
      `≤ ${TARGET_MS} ms ${verdict(ours.wall <= TARGET_MS)}`,
    ]);
  }
  console.log(
    formatTable(
      [
        'format',
        'export (wall)',
        'export (cpu)',
        'size',
        'floor (wall)',
        'floor (cpu)',
        'vs floor',
        'target',
      ],
      rows,
    ),
  );
  if (!ok) process.exitCode = 1;
}

await main();
