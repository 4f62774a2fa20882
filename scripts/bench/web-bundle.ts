import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { formatTable, kb, verdict } from './stats';

/**
 * The JavaScript a first visit downloads: the entry script and the modulepreload links of
 * web/dist/index.html, gzip-compressed (target <= 200 kB), and every lazy chunk apart. The Amplify
 * Authenticator and the export libraries (exceljs, pptxgenjs, jspdf) must be among the lazy chunks.
 *
 * Usage: npx tsx scripts/bench/web-bundle.ts [--build]   (builds when web/dist is missing or with --build)
 */
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = path.join(REPO_ROOT, 'web/dist');
const MAX_FIRST_LOAD_GZIP = 200_000;

/** Paths (relative to dist) of the JS that index.html loads up front. */
export function firstLoadScripts(indexHtml: string): string[] {
  const found = new Set<string>();
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isModuleScript = /^<script/i.test(tag) && /\bsrc=/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /\brel=["']?modulepreload/i.test(tag);
    if (!isModuleScript && !isPreload) continue;
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (url && !/^[a-z]+:\/\//i.test(url)) found.add(url.replace(/^\.?\//, ''));
  }
  return [...found];
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function listJs(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => name.split(path.sep).join('/'));
}

function main(): void {
  if (process.argv.includes('--build') || !existsSync(path.join(DIST, 'index.html'))) {
    console.log('building web/dist (npm run build:web)...');
    execFileSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const first = firstLoadScripts(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
  const firstSet = new Set(first);
  const all = listJs(DIST);

  const firstRows = first.map((file) => {
    const full = path.join(DIST, file);
    return { file, raw: readFileSync(full).length, gzip: gzipSize(full) };
  });
  const firstTotal = firstRows.reduce((sum, r) => sum + r.gzip, 0);
  const lazyRows = all
    .filter((file) => !firstSet.has(file))
    .map((file) => {
      const full = path.join(DIST, file);
      return { file, raw: readFileSync(full).length, gzip: gzipSize(full) };
    })
    .sort((a, b) => b.gzip - a.gzip);

  console.log('First page load (index.html: module script + modulepreload)\n');
  console.log(
    formatTable(
      ['file', 'raw', 'gzip'],
      [
        ...firstRows.map((r) => [r.file, kb(r.raw), kb(r.gzip)]),
        ['total', kb(firstRows.reduce((s, r) => s + r.raw, 0)), kb(firstTotal)],
      ],
    ),
  );
  console.log(
    `\nfirst-load JS ${kb(firstTotal)} gzip (target <= ${kb(MAX_FIRST_LOAD_GZIP)}): ${verdict(firstTotal <= MAX_FIRST_LOAD_GZIP)}\n`,
  );
  console.log(`Lazy chunks (${lazyRows.length}), largest first\n`);
  console.log(
    formatTable(
      ['file', 'raw', 'gzip'],
      [
        ...lazyRows.map((r) => [r.file, kb(r.raw), kb(r.gzip)]),
        ['total', kb(lazyRows.reduce((s, r) => s + r.raw, 0)), kb(lazyRows.reduce((s, r) => s + r.gzip, 0))],
      ],
    ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
