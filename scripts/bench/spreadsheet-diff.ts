import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { diffWorkbooks } from '../../functions/core/diffs/spreadsheet/diff-workbooks';
import { renderPage, type StoredChunk, storedChunks } from '../../functions/core/diffs/spreadsheet/pages';
import { readWorkbook } from '../../functions/core/diffs/spreadsheet/read-workbook';
import { formatTable, median, ms, option, verdict } from './stats';

/**
 * The spreadsheet comparison at scale (issue 18 §4 and §7): two workbooks of `--rows` (20,000) rows ×
 * 30 columns, the new one with `--changes` (50) scattered value changes and one inserted row. Both
 * are written first by a child process (exceljs' streaming writer, shared strings, formulas with
 * cached results, as Excel stores them) so that writing them costs this process no memory. Then,
 * in this process and in this order:
 * - floor: reading each workbook alone (readWorkbook), what any comparison must at least do;
 * - full diff: diffWorkbooks from the two files' bytes (reading both, aligning, comparing) ≤ 15 s;
 * - first page: rendering and serialising the first page with a change, after the diff, ≤ 2 s;
 * - store: every page of every sheet as JSON (what the routes keep), not a target;
 * - cached page: a stored page parsed from its JSON (median over 20 pages), ≤ 100 ms;
 * - peak memory: the process's maximum resident set size, ≤ 512 MB, after the diff and the first page
 *   (what a route's function holds) and at the end, with every stored page held in this script's memory.
 * The result is checked: exactly one inserted row and `--changes` cell changes. Each time is printed
 * as wall clock (the target's measure) and as this process's CPU time (user + system, GC threads
 * included): on a shared 2-core machine the second says what the code costs.
 *
 * Usage: npx tsx scripts/bench/spreadsheet-diff.ts [--rows 20000] [--changes 50] [--seed 7]
 */
const COLUMNS = 30;
const TARGETS = { diffMs: 15_000, firstPageMs: 2_000, cachedPageMs: 100, peakMb: 512 };

/** A small seeded generator (mulberry32), so every run compares the same two files. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One row: A an id, B and C inputs, D = B*C and E = D*1.1 (formulas on the same row), F a category
 * text, G..AD numbers. Changes go to G..AD, which no formula reads, so each is exactly one change.
 */
function rowValues(id: number, rowNumber: number): ExcelJS.CellValue[] {
  const b = (id % 97) + 1;
  const c = (id % 13) + 0.5;
  const values: ExcelJS.CellValue[] = [
    `row ${id}`,
    b,
    c,
    { formula: `B${rowNumber}*C${rowNumber}`, result: b * c },
    { formula: `D${rowNumber}*1.1`, result: b * c * 1.1 },
    `category ${id % 17}`,
  ];
  for (let col = values.length; col < COLUMNS; col++)
    values.push(Math.round(((id * 31 + col * 7) % 1000) * 100) / 100);
  return values;
}

async function writeWorkbook(path: string, rows: number, changed: boolean, changes: number, seed: number) {
  const next = random(seed);
  const edits = new Map<string, number>();
  while (edits.size < changes) {
    const row = 2 + Math.floor(next() * (rows - 2));
    const col = 7 + Math.floor(next() * (COLUMNS - 7));
    edits.set(`${row}:${col}`, -1 - Math.floor(next() * 1000));
  }
  const insertAt = Math.floor(rows / 2);
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
    useStyles: false,
  });
  const sheet = writer.addWorksheet('Model');
  let rowNumber = 0;
  for (let id = 1; id <= rows; id++) {
    if (changed && id === insertAt) {
      rowNumber++;
      sheet.addRow(rowValues(1_000_000, rowNumber)).commit();
    }
    rowNumber++;
    const values = rowValues(id, rowNumber);
    if (changed)
      for (let col = 1; col <= COLUMNS; col++) {
        const edit = edits.get(`${id}:${col}`);
        if (edit !== undefined) values[col - 1] = edit;
      }
    sheet.addRow(values).commit();
  }
  const summary = writer.addWorksheet('Summary');
  summary.addRow(['total', { formula: `SUM(Model!E1:E${rowNumber})`, result: 0 }]).commit();
  await writer.commit();
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Wall-clock time, the target's measure, and this process's CPU time beside it (the machine is shared). */
async function timed<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number; cpu: number }> {
  const started = performance.now();
  const cpuStarted = cpuMs();
  const value = await work();
  return { value, ms: performance.now() - started, cpu: cpuMs() - cpuStarted };
}

async function main() {
  const rows = Number(option('rows', '20000'));
  const changes = Number(option('changes', '50'));
  const seed = Number(option('seed', '7'));

  const generateTo = process.argv.indexOf('--generate-to');
  if (generateTo >= 0) {
    const dir = process.argv[generateTo + 1] as string;
    await writeWorkbook(join(dir, 'old.xlsx'), rows, false, changes, seed);
    await writeWorkbook(join(dir, 'new.xlsx'), rows, true, changes, seed);
    return;
  }

  const dir = mkdtempSync(join(tmpdir(), 'spreadsheet-diff-bench-'));
  try {
    const generation = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        process.argv[1] as string,
        '--generate-to',
        dir,
        '--rows',
        `${rows}`,
        '--changes',
        `${changes}`,
        '--seed',
        `${seed}`,
      ],
      { stdio: 'inherit' },
    );
    if (generation.status !== 0) throw new Error('Writing the workbooks failed.');
    const oldFile = readFileSync(join(dir, 'old.xlsx'));
    const newFile = readFileSync(join(dir, 'new.xlsx'));

    const readOld = await timed(() => readWorkbook(oldFile));
    const readNew = await timed(() => readWorkbook(newFile));
    const filled = readOld.value.sheets.reduce(
      (n, s) => n + s.rows.reduce((m, r) => m + (r?.filter(Boolean).length ?? 0), 0),
      0,
    );

    const diff = await timed(() => diffWorkbooks(oldFile, newFile));
    const model = diff.value.sheets.find((s) => s.name === 'Model');
    if (!model) throw new Error('The Model sheet is missing from the result.');
    const kinds = model.changes.reduce<Record<string, number>>((counts, c) => {
      counts[c.kind] = (counts[c.kind] ?? 0) + 1;
      return counts;
    }, {});
    if (kinds['rows-inserted'] !== 1 || kinds.cells !== changes || model.changes.length !== changes + 1)
      throw new Error(`Unexpected result: ${JSON.stringify(kinds)}`);

    const firstPageIndex = model.changes[0]?.pageIndex ?? 0;
    const firstPage = await timed(() => JSON.stringify(renderPage(model, firstPageIndex)));

    // The diff's own peak, before this script holds every stored page in memory (a route writes each away).
    const diffPeakMb = process.resourceUsage().maxRSS / 1024;
    const store = new Map<string, string>();
    const key = (chunk: StoredChunk) =>
      chunk.kind === 'overview' ? 'overview' : `${chunk.sheetIndex}/${chunk.pageIndex}`;
    const stored = await timed(() => {
      for (const chunk of storedChunks(diff.value)) store.set(key(chunk), chunk.json);
    });
    const modelIndex = diff.value.sheets.indexOf(model);
    const pageCount = Math.ceil(model.rows.length / 200);
    const cachedSamples: number[] = [];
    for (let i = 0; i < 20; i++) {
      const page = Math.floor((i * pageCount) / 20);
      const started = performance.now();
      const json = store.get(`${modelIndex}/${page}`);
      if (!json || JSON.parse(json).pageIndex !== page) throw new Error(`Page ${page} is not stored.`);
      cachedSamples.push(performance.now() - started);
    }
    const cachedMs = median(cachedSamples);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    const storedMb = [...store.values()].reduce((n, json) => n + json.length, 0) / 1e6;

    console.log(
      `Workbooks: ${rows} rows × ${COLUMNS} columns (${filled.toLocaleString('en-US')} filled cells in the old one; ` +
        `${(oldFile.length / 1e6).toFixed(1)} MB and ${(newFile.length / 1e6).toFixed(1)} MB), ${changes} changes and 1 inserted row.`,
    );
    console.log(
      `Result: ${model.changes.length} changes on sheet Model (${JSON.stringify(kinds)}), ${pageCount} pages; stored as ${store.size} JSON documents, ${storedMb.toFixed(1)} MB.\n`,
    );
    console.log(
      formatTable(
        ['measure', 'wall', 'cpu', 'target', 'verdict'],
        [
          ['floor: read old workbook alone', ms(readOld.ms), ms(readOld.cpu), '', ''],
          ['floor: read new workbook alone', ms(readNew.ms), ms(readNew.cpu), '', ''],
          [
            'full diff (read both, align, compare)',
            ms(diff.ms),
            ms(diff.cpu),
            `≤ ${TARGETS.diffMs} ms`,
            verdict(diff.ms <= TARGETS.diffMs),
          ],
          [
            `first page (page ${firstPageIndex}, render + JSON)`,
            ms(firstPage.ms),
            ms(firstPage.cpu),
            `≤ ${TARGETS.firstPageMs} ms`,
            verdict(firstPage.ms <= TARGETS.firstPageMs),
          ],
          ['store every page as JSON', ms(stored.ms), ms(stored.cpu), '', ''],
          [
            'cached page (JSON.parse, median of 20)',
            ms(cachedMs),
            '',
            `≤ ${TARGETS.cachedPageMs} ms`,
            verdict(cachedMs <= TARGETS.cachedPageMs),
          ],
          [
            'peak memory after diff + first page',
            `${diffPeakMb.toFixed(0)} MB`,
            '',
            `≤ ${TARGETS.peakMb} MB`,
            verdict(diffPeakMb <= TARGETS.peakMb),
          ],
          [
            'peak memory, every stored page held too',
            `${peakMb.toFixed(0)} MB`,
            '',
            `≤ ${TARGETS.peakMb} MB`,
            verdict(peakMb <= TARGETS.peakMb),
          ],
        ],
        'lrrrl',
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
