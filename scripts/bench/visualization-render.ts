import { register } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { ResultElement, RunResult } from '@shared/schemas/run-result';
import { toChartModel, toTableModel } from '@shared/visualization';
import { formatTable, median, ms, option, verdict } from './stats';
import { CHARTS, COLUMNS, POINTS, ROWS, result, SERIES, TABLES } from './visualization-data';

/**
 * Step 3 at scale (issue 19 §4: "step 3 rendered ≤ 1 s after the result arrives"), for the benchmark
 * result of scripts/bench/visualization-data.ts (10 tables of 50 × 10, 10 charts of 5 series × 200
 * points) and a 200,000-cell table (issue 19 §1: tables stay fast at 200,000 cells):
 *
 * - models: toTableModel and toChartModel for every element (the whole table model; the page itself
 *   builds the rows it draws, toTableLayout), against the floor of parsing the result's JSON (what the
 *   browser does with it anyway);
 * - render: the step-3 ResultView rendered with React into jsdom until every table and chart is in
 *   the DOM (its 10 ms results rendering delay of 001 §9 included), against the floor of React
 *   rendering the same cells as plain tables and a bare box per chart (for the virtualised
 *   200,000-cell table: its first 60 rows as plain cells). React's production build, as shipped. ApexCharts itself is left out
 *   (a stub takes its place): it needs a browser's layout to draw, and it draws after the page is
 *   shown; apex-options (the chart model turned into ApexCharts settings) is measured.
 *
 * Median of `--runs` after one warm-up; wall clock in this process.
 *
 * Usage: npx tsx scripts/bench/visualization-render.ts [--runs 5]
 */
const TARGET_MS = 1_000;

// The web components import their stylesheets and load ApexCharts lazily: in Node the stylesheets are
// empty modules and the chart a stub box (class bench-chart).
register(
  `data:text/javascript,${encodeURIComponent(`
export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  if (/components\\/result\\/apex-chart\\.tsx$/.test(url))
    return {
      format: 'module',
      shortCircuit: true,
      source: "import { createElement } from 'react'; export default function ApexChart() { return createElement('div', { className: 'bench-chart' }); }",
    };
  return next(url, context);
}`)}`,
  import.meta.url,
);

// jsdom (vitest's web environment) ships no type declarations: the one constructor used here, typed.
const { JSDOM } = (await import('jsdom' as string)) as {
  JSDOM: new (
    html: string,
    options: { pretendToBeVisual: boolean },
  ) => { window: Window & typeof globalThis };
};
const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true });
for (const [name, value] of Object.entries({
  window: dom.window,
  document: dom.window.document,
  navigator: dom.window.navigator,
  HTMLElement: dom.window.HTMLElement,
  Element: dom.window.Element,
  Node: dom.window.Node,
  getComputedStyle: dom.window.getComputedStyle.bind(dom.window),
  requestAnimationFrame: dom.window.requestAnimationFrame.bind(dom.window),
  cancelAnimationFrame: dom.window.cancelAnimationFrame.bind(dom.window),
}))
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });

// React's production build, as the app ships it (the development build checks and warns on every render).
process.env.NODE_ENV = 'production';
const { createElement: h, Fragment } = await import('react');
const { createRoot } = await import('react-dom/client');
const { ResultView } = await import('../../web/src/features/visualization/components/result/result-view');

function bigTable(): RunResult {
  const cells = [];
  for (let row = 0; row < 20_000; row++)
    for (let column = 0; column < 10; column++)
      cells.push(
        row === 0
          ? { row, column, value: `Column ${column}`, th: true }
          : { row, column, value: row * 10 + column, valuePrefix: '$' },
      );
  return { elements: [{ kind: 'table', cells, options: { tableHeadTillRow: 1 } }] };
}

function buildModels(from: RunResult) {
  for (const element of from.elements)
    if (element.kind === 'table') toTableModel(element);
    else if (element.kind === 'chart') toChartModel(element);
}

/** React with plain tables: the same cells, no options, no layout of ours. */
function PlainResult({ value }: { value: RunResult }) {
  return h(
    Fragment,
    null,
    ...value.elements.map((element: ResultElement, index) => {
      if (element.kind !== 'table') return h('div', { key: index, className: 'bench-chart' });
      const rows: (typeof element.cells)[] = [];
      for (const cell of element.cells) {
        const list = rows[cell.row] ?? [];
        list.push(cell);
        rows[cell.row] = list;
      }
      return h(
        'table',
        { key: index },
        h(
          'tbody',
          null,
          ...rows.map((cells, row) =>
            h('tr', { key: row }, ...cells.map((cell) => h('td', { key: cell.column }, String(cell.value)))),
          ),
        ),
      );
    }),
  );
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Renders into a fresh container and waits until it is drawn; the wall time from render to drawn. */
async function timeRender(
  element: ReturnType<typeof h>,
  drawnIn: (box: HTMLElement) => () => boolean,
): Promise<number> {
  const box = document.createElement('div');
  document.body.append(box);
  const root = createRoot(box);
  const done = drawnIn(box);
  const started = performance.now();
  root.render(element);
  while (!done()) await tick();
  const elapsed = performance.now() - started;
  root.unmount();
  box.remove();
  return elapsed;
}

async function measure(work: () => Promise<number> | number, runs: number): Promise<number> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await work());
  return median(samples);
}

const timed = (work: () => void) => () => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

/**
 * Whether the page is drawn, checked after every tick: live collections, which the DOM keeps (a
 * querySelectorAll walked all 5,000 cells on each tick, and took half the measured time of a page
 * that draws after its 10 ms delay).
 */
const drawn = (tables: number, charts: number) => (box: HTMLElement) => {
  const tableList = box.getElementsByTagName('table');
  const chartList = box.getElementsByClassName('bench-chart');
  return () => tableList.length >= tables && chartList.length >= charts;
};

async function main() {
  const runs = Number(option('runs', '5'));
  const big = bigTable();
  const resultJson = JSON.stringify(result);
  const bigJson = JSON.stringify(big);
  console.log(
    `Step 3 of a ${result.elements.length}-element result (${TABLES} tables of ${ROWS} × ${COLUMNS}, ${CHARTS} charts of ${SERIES} series × ${POINTS} points) and of a 200,000-cell table, median of ${runs} runs after a warm-up`,
  );
  const rows: string[][] = [];
  let ok = true;
  const row = (name: string, ours: number, floor: number, target: boolean) => {
    if (target) ok &&= ours <= TARGET_MS;
    rows.push([
      name,
      ms(ours),
      ms(floor),
      `${(ours / floor).toFixed(1)}×`,
      target ? `≤ ${TARGET_MS} ms ${verdict(ours <= TARGET_MS)}` : '',
    ]);
  };

  row(
    'models, 20 elements',
    await measure(
      timed(() => buildModels(result)),
      runs,
    ),
    await measure(
      timed(() => JSON.parse(resultJson)),
      runs,
    ),
    false,
  );
  row(
    'models, 200,000 cells',
    await measure(
      timed(() => buildModels(big)),
      runs,
    ),
    await measure(
      timed(() => JSON.parse(bigJson)),
      runs,
    ),
    false,
  );
  row(
    'render, 20 elements',
    await measure(() => timeRender(h(ResultView, { result }), drawn(TABLES, CHARTS)), runs),
    await measure(() => timeRender(h(PlainResult, { value: result }), drawn(TABLES, CHARTS)), runs),
    true,
  );
  // The page draws the rows in view (virtualised); the floor draws the first 60 rows as plain cells,
  // what any virtualised table draws at least (all 20,000 plain rows took two minutes in jsdom).
  const window60: RunResult = {
    elements: [
      {
        kind: 'table',
        cells: (big.elements[0] as Extract<ResultElement, { kind: 'table' }>).cells.filter((c) => c.row < 60),
      },
    ],
  };
  row(
    'render, 200,000 cells',
    await measure(() => timeRender(h(ResultView, { result: big }), drawn(1, 0)), runs),
    await measure(() => timeRender(h(PlainResult, { value: window60 }), drawn(1, 0)), runs),
    true,
  );
  console.log(formatTable(['step 3', 'ours (wall)', 'floor (wall)', 'vs floor', 'target'], rows));
  if (!ok) process.exitCode = 1;
}

await main();
