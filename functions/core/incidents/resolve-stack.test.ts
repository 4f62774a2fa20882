import { SourceMapGenerator } from 'source-map-js';
import { describe, expect, it, vi } from 'vitest';
import { resolveBrowserStack } from './resolve-stack';

/** A map of `assets/index-Ab12.js` whose line 1, columns 100 and 200 come from two source lines. */
function sampleMap(): string {
  const map = new SourceMapGenerator({ file: 'index-Ab12.js' });
  map.addMapping({
    generated: { line: 1, column: 100 },
    original: { line: 42, column: 6 },
    source: '../../src/features/catalogue/list.tsx',
    name: 'renderRow',
  });
  map.addMapping({
    generated: { line: 1, column: 200 },
    original: { line: 7, column: 2 },
    source: '../../../shared/rules/model-name.ts',
  });
  return map.toString();
}

const chromium = [
  "TypeError: Cannot read properties of undefined (reading 'name')",
  '    at Ab (https://repo.example.com/assets/index-Ab12.js:1:101)',
  '    at https://repo.example.com/assets/index-Ab12.js:1:201',
  '    at https://cdn.example.com/other.js:3:4',
].join('\n');

describe('resolveBrowserStack', () => {
  it('resolves Chromium frames of the build to original files, lines and names', async () => {
    const loadMap = vi.fn(async () => sampleMap());
    const resolved = await resolveBrowserStack(chromium, loadMap);
    expect(loadMap).toHaveBeenCalledTimes(1);
    expect(loadMap).toHaveBeenCalledWith('assets/index-Ab12.js');
    expect(resolved?.split('\n')).toEqual([
      "TypeError: Cannot read properties of undefined (reading 'name')",
      '    at renderRow (src/features/catalogue/list.tsx:42:7)',
      '    at shared/rules/model-name.ts:7:3',
      '    at https://cdn.example.com/other.js:3:4',
    ]);
  });

  it('resolves Firefox and Safari frames (fn@url:line:col)', async () => {
    const stack = 'Ab@https://repo.example.com/assets/index-Ab12.js:1:101';
    expect(await resolveBrowserStack(stack, async () => sampleMap())).toBe(
      'at renderRow (src/features/catalogue/list.tsx:42:7)',
    );
  });

  it('answers undefined when no frame names a built asset, without reading any map', async () => {
    const loadMap = vi.fn(async () => sampleMap());
    expect(await resolveBrowserStack('Error: x\n    at node:internal/x:1:2', loadMap)).toBeUndefined();
    expect(loadMap).not.toHaveBeenCalled();
  });

  it('answers undefined when the build has no map for the asset or the map is broken', async () => {
    expect(await resolveBrowserStack(chromium, async () => undefined)).toBeUndefined();
    expect(await resolveBrowserStack(chromium, async () => '{not json')).toBeUndefined();
  });

  it('never asks for a path outside assets/ (a frame cannot name another object)', async () => {
    const loadMap = vi.fn(async () => sampleMap());
    await resolveBrowserStack('at https://x.example.com/assets/../catalogue/snapshot.js:1:1', loadMap);
    await resolveBrowserStack('at https://x.example.com/assets/sub/dir.js:1:1', loadMap);
    expect(loadMap).not.toHaveBeenCalled();
  });
});
