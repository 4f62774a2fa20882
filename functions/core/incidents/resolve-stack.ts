import { type RawSourceMap, SourceMapConsumer } from 'source-map-js';

/**
 * Resolves a stack trace that a browser reported against the deployed web build to original files and
 * lines, through the build's source maps (issue 20 §4). Frames look like
 * `at fn (https://host/assets/index-Ab12.js:1:2345)` (Chromium) or `fn@https://host/assets/x.js:1:2345`
 * (Firefox, Safari); only frames in the build's own `assets/` are resolved, every other line is kept as
 * it came. Columns in a stack are 1-based, in a source map 0-based.
 */

/** `assets/<name>.js`: the only files a frame may name; anything else (.., other dirs) is ignored. */
const FRAME = /(https?:\/\/[^\s()]+?\/)(assets\/[A-Za-z0-9._-]+\.js):(\d+):(\d+)/;

/** Reads the source map of one built asset (`assets/index-Ab12.js` → its `.map`), undefined if none. */
export type SourceMapLoader = (assetPath: string) => Promise<string | undefined>;

/** At most this many distinct assets are read per stack: a stack names a handful. */
const MAX_MAPS_PER_STACK = 10;

export async function resolveBrowserStack(
  stack: string,
  loadMap: SourceMapLoader,
): Promise<string | undefined> {
  const lines = stack.split('\n');
  const assets = new Set<string>();
  for (const line of lines) {
    const match = FRAME.exec(line);
    if (match?.[2]) assets.add(match[2]);
  }
  if (assets.size === 0) return undefined;

  const consumers = new Map<string, SourceMapConsumer>();
  for (const asset of [...assets].slice(0, MAX_MAPS_PER_STACK)) {
    const text = await loadMap(asset);
    if (!text) continue;
    try {
      consumers.set(asset, new SourceMapConsumer(JSON.parse(text) as RawSourceMap));
    } catch {
      // A map that does not parse resolves nothing; the raw frame stays.
    }
  }
  if (consumers.size === 0) return undefined;

  let resolvedAny = false;
  const out = lines.map((line) => {
    const match = FRAME.exec(line);
    const consumer = match?.[2] ? consumers.get(match[2]) : undefined;
    if (!match || !consumer) return line;
    const position = consumer.originalPositionFor({
      line: Number(match[3]),
      column: Math.max(0, Number(match[4]) - 1),
    });
    if (!position.source || position.line == null) return line;
    resolvedAny = true;
    const source = cleanSourcePath(position.source);
    const where = `${source}:${position.line}:${(position.column ?? 0) + 1}`;
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    return position.name ? `${indent}at ${position.name} (${where})` : `${indent}at ${where}`;
  });
  return resolvedAny ? out.join('\n') : undefined;
}

/**
 * Vite writes sources relative to the map (`../../src/app/x.tsx`, `../../../shared/y.ts`): shown
 * without the leading `../` (`src/app/x.tsx`, `shared/y.ts`, `node_modules/...`).
 */
function cleanSourcePath(source: string): string {
  return source.replace(/^(\.\.\/)+/, '');
}
