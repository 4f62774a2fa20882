import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { EXPORT_FILE_NAMES, exportResult } from '@shared/exports/index';
import { openSans } from '@shared/exports/testing/node-font';
import { SAMPLE_RESULT, sampleInput } from '@shared/exports/testing/sample-result';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The export files opened by other programs (issue 19 §4): Debian's LibreOffice reads the .xlsx and
 * .pptx back and writes them again (a chart it could not read would be missing from its copy) and
 * renders them to PDF; poppler reads the PDF export's pages and text and renders pages to PNG.
 * scripts/local/install-runner-deps.sh installs LibreOffice Impress and poppler-utils.
 */
const run = promisify(execFile);
/**
 * LibreOffice starts slowly and took up to four minutes for one file while other suites loaded the
 * two cores: a generous limit per test, so only a hang fails (no timing is asserted).
 */
const SLOW = { timeout: 1_500_000 };
const CHART_TITLES = SAMPLE_RESULT.elements.flatMap((element) =>
  element.kind === 'chart' && element.options?.title ? [element.options.title] : [],
);

let dir: string;
let profile: string;

/** One LibreOffice profile of our own, so a model runner's LibreOffice elsewhere does not block us. */
async function soffice(to: string, file: string, outdir: string) {
  await run(
    'soffice',
    [
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
      '--headless',
      '--convert-to',
      to,
      '--outdir',
      outdir,
      file,
    ],
    { timeout: 600_000 },
  );
}

/** The chart parts of an Office file and the number of series in each, sorted (part names differ). */
function seriesCounts(bytes: Uint8Array): number[] {
  const files = unzipSync(bytes);
  return Object.entries(files)
    .filter(([path]) => /\/charts\/chart\d+\.xml$/.test(path))
    .map(([, xml]) => (strFromU8(xml).match(/<c:ser>/g) ?? []).length)
    .sort((a, b) => a - b);
}

async function pngPages(pdf: string, prefix: string): Promise<Buffer[]> {
  await run('pdftoppm', ['-png', '-r', '30', '-f', '1', '-l', '2', pdf, prefix]);
  const dirName = join(prefix, '..');
  const base = prefix.slice(dirName.length + 1);
  const names = (await readdir(dirName)).filter((name) => name.startsWith(base) && name.endsWith('.png'));
  return Promise.all(names.map((name) => readFile(join(dirName, name))));
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mr-exports-'));
  profile = join(dir, 'lo-profile');
  for (const format of ['xlsx', 'pptx', 'pdf'] as const)
    await writeFile(join(dir, EXPORT_FILE_NAMES[format]), await exportResult(format, sampleInput()));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the exported files in other programs', () => {
  it(
    'LibreOffice Calc opens every native chart of the .xlsx with its series, and renders it',
    SLOW,
    async () => {
      const original = await readFile(join(dir, EXPORT_FILE_NAMES.xlsx));
      const copyDir = join(dir, 'xlsx-copy');
      await soffice('xlsx', join(dir, EXPORT_FILE_NAMES.xlsx), copyDir);
      const copy = await readFile(join(copyDir, EXPORT_FILE_NAMES.xlsx));
      expect(seriesCounts(original)).toHaveLength(CHART_TITLES.length);
      expect(seriesCounts(copy)).toEqual(seriesCounts(original));

      const pdfDir = join(dir, 'xlsx-pdf');
      await soffice('pdf', join(dir, EXPORT_FILE_NAMES.xlsx), pdfDir);
      const pdf = join(pdfDir, 'visualizationResults.pdf');
      const { stdout } = await run('pdftotext', [pdf, '-']);
      expect(stdout).toContain('Cost-effectiveness');
      expect(stdout).toContain('Provenance: Scenario Analysis');
      // The tornado's base-case label, drawn on its line (no axis title carries it: exports.test.ts).
      expect(stdout).toContain('Base case: 8,214');
      const pages = await pngPages(pdf, join(pdfDir, 'page'));
      expect(pages.length).toBeGreaterThan(0);
      for (const png of pages) expect(png.subarray(0, 4)).toEqual(PNG);
    },
  );

  it(
    'LibreOffice Impress opens every native chart of the .pptx with its series, and renders the slides',
    SLOW,
    async () => {
      const original = await readFile(join(dir, EXPORT_FILE_NAMES.pptx));
      const copyDir = join(dir, 'pptx-copy');
      await soffice('pptx', join(dir, EXPORT_FILE_NAMES.pptx), copyDir);
      const copy = await readFile(join(copyDir, EXPORT_FILE_NAMES.pptx));
      expect(seriesCounts(original)).toHaveLength(CHART_TITLES.length);
      expect(seriesCounts(copy)).toEqual(seriesCounts(original));

      const pdfDir = join(dir, 'pptx-pdf');
      await soffice('pdf', join(dir, EXPORT_FILE_NAMES.pptx), pdfDir);
      const pdf = join(pdfDir, 'visualizationResults.pdf');
      const { stdout: info } = await run('pdfinfo', [pdf]);
      // Title slide, one slide per element, three provenance slides.
      expect(info).toMatch(new RegExp(`Pages:\\s+${1 + SAMPLE_RESULT.elements.length + 3}\\n`));
      // 13.4 × 7.5 inches.
      expect(info).toMatch(/Page size:\s+964\.8 x 540 pts/);
      const { stdout } = await run('pdftotext', [pdf, '-']);
      for (const title of CHART_TITLES) expect(stdout).toContain(title);
      expect(stdout).toContain('Base case: 8,214');
      const pages = await pngPages(pdf, join(pdfDir, 'slide'));
      expect(pages.length).toBe(2);
      for (const png of pages) expect(png.subarray(0, 4)).toEqual(PNG);
    },
  );

  it('poppler finds every chart of the PDF drawn as vectors: title, axis titles, tick labels, legend, then its data', async () => {
    const pdf = join(dir, EXPORT_FILE_NAMES.pdf);
    // No picture anywhere: each chart is drawn from the chart model with paths and text.
    const { stdout: images } = await run('pdfimages', ['-list', pdf]);
    expect(images.trim().split('\n')).toHaveLength(2);
    const { stdout: info } = await run('pdfinfo', [pdf]);
    const pageCount = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    const pages: string[] = [];
    for (let page = 1; page <= pageCount; page++)
      pages.push((await run('pdftotext', ['-f', `${page}`, '-l', `${page}`, pdf, '-'])).stdout);
    const pageOf = (title: string) => pages.findIndex((text) => text.split('\n').includes(title));
    for (const title of CHART_TITLES) {
      const at = pageOf(title);
      expect(at, title).toBeGreaterThan(0);
      // The data table follows the chart.
      expect(pages.slice(at, at + 3).join('\n'), title).toContain(`Data of ${title}`);
    }
    const costs = pages[pageOf('Costs by strategy')] ?? '';
    for (const text of ['Cost ($)', 'Strategy', '10,000', '20,000', 'Usual care', 'New drug', 'Drug cost'])
      expect(costs).toContain(text);
    const plane = pages[pageOf('CE plane')] ?? '';
    for (const text of [
      'Incremental effect (QALYs)',
      'Incremental cost',
      'Willingness to pay: 20,000',
      'More effective, more costly',
      'Less effective, less costly',
    ])
      expect(plane).toContain(text);
    expect(pages[pageOf('Tornado')]).toContain('Base case: 8,214');
    expect(pages[pageOf('Tornado')]).toContain('Drug cost (500 to 1,500)');
    expect(pages[pageOf('CEAC')]).toContain('Probability cost-effective');
  });

  it('poppler reads the PDF export: A4 landscape pages, title, page numbers and provenance', async () => {
    const pdf = join(dir, EXPORT_FILE_NAMES.pdf);
    const { stdout: info } = await run('pdfinfo', [pdf]);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
    const pageCount = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pageCount).toBeGreaterThan(2);
    const { stdout } = await run('pdftotext', ['-layout', pdf, '-']);
    expect(stdout).toContain('Scenario Analysis');
    expect(stdout).toContain(`Page 1 of ${pageCount}`);
    expect(stdout).toContain(`Page ${pageCount} of ${pageCount}`);
    expect(stdout).toContain('$8,214.29 per QALY');
    expect(stdout).toContain('Provenance');
    expect(stdout).toContain('Erin Economist');
    expect(stdout).toContain('a'.repeat(64));
    expect(stdout).toContain('No reproducibility record');
    const pages = await pngPages(pdf, join(dir, 'pdf-page'));
    expect(pages.length).toBe(2);
    for (const png of pages) expect(png.subarray(0, 4)).toEqual(PNG);
  });

  it('the PDF with Open Sans prints Greek, Cyrillic, €, ≤, ≥ and ä as text, in tables and charts', async () => {
    const title = 'Ανάλυση σεναρίων – Анализ ≤ 20 000 €';
    const input = sampleInput(
      {
        options: { title },
        elements: [
          {
            kind: 'table',
            cells: [
              { row: 0, column: 0, value: 'Strategie (Ärzte)', th: true },
              { row: 0, column: 1, value: 'Κόστος €', th: true },
              { row: 1, column: 0, value: 'Лечение' },
              { row: 1, column: 1, value: 1250 },
              { row: 2, column: 0, value: 'ICER ≥ 30 000 €/QALY − 5 %…' },
              { row: 2, column: 1, value: 2 },
            ],
            options: { tableHeadTillRow: 1 },
          },
          {
            kind: 'chart',
            chartType: 'column',
            data: [
              { group: 'Θεραπεία α', x: 'Год 1', y: 3 },
              { group: 'Θεραπεία α', x: 'Год 2', y: 5 },
            ],
            options: { title: 'Кривая', yAxisLabel: 'Κόστος ≤ €' },
          },
        ],
      },
      { title, pdfFont: openSans() },
    );
    const pdf = join(dir, 'unicode.pdf');
    await writeFile(pdf, await exportResult('pdf', input));
    const { stdout } = await run('pdftotext', [pdf, '-']);
    for (const text of [
      title,
      'Strategie (Ärzte)',
      'Κόστος €',
      'Лечение',
      'ICER ≥ 30 000 €/QALY − 5 %…',
      'Кривая',
      'Θεραπεία α',
      'Год 2',
      'Κόστος ≤ €',
    ])
      expect(stdout, text).toContain(text);
    const { stdout: fonts } = await run('pdffonts', [pdf]);
    // Both faces (regular and bold) embedded: the 'emb' column says yes.
    expect(fonts.split('\n').filter((line) => /^OpenSans\s.*\bIdentity-H\s+yes\b/.test(line))).toHaveLength(
      2,
    );
  });
});
