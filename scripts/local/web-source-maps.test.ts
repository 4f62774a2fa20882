import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const stored = vi.hoisted(() => new Map<string, string>());
vi.mock('../../functions/data/file-objects', () => ({
  putObject: vi.fn(async (key: string, body: Uint8Array) => {
    stored.set(key, Buffer.from(body).toString('utf8'));
  }),
}));
const { publishWebSourceMaps } = await import('./web-source-maps');

const dirs: string[] = [];
afterEach(() => {
  stored.clear();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('publishWebSourceMaps (issue 20 §4, local twin of the web stack DeploySourceMaps)', () => {
  it('copies each assets/*.js.map under web-sourcemaps/ and nothing else', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'mr-dist-'));
    dirs.push(dist);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    writeFileSync(join(dist, 'assets', 'index-Ab_1.js'), 'x');
    writeFileSync(join(dist, 'assets', 'index-Ab_1.js.map'), '{"version":3}');
    writeFileSync(join(dist, 'assets', 'app-2.css.map'), '{}');

    await expect(publishWebSourceMaps(dist)).resolves.toBe(1);
    expect([...stored]).toEqual([['web-sourcemaps/assets/index-Ab_1.js.map', '{"version":3}']]);
  });

  it('publishes nothing without a build (dev mode serves the sources themselves)', async () => {
    await expect(publishWebSourceMaps(join(tmpdir(), 'mr-no-such-dist'))).resolves.toBe(0);
    expect(stored.size).toBe(0);
  });
});
