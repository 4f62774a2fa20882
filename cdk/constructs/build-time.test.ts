import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { areaBuildOptions, buildTimeDefine, FUNCTIONS_DIR } from './handler-bundling';

/** Bundles a module that reports functions/lib/build-info.ts's answer, and runs it. */
async function bundledAnswer(define: Record<string, string> | undefined): Promise<unknown> {
  const result = await build({
    stdin: {
      contents: "import { bundledBuildTime } from './lib/build-info.ts'; export default bundledBuildTime();",
      resolveDir: FUNCTIONS_DIR,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    ...(define ? { define } : {}),
  });
  const code = result.outputFiles[0]?.text ?? '';
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    default: unknown;
  };
  return mod.default;
}

describe('the build time of a bundle', () => {
  it('is the constant the bundler baked in', async () => {
    expect(await bundledAnswer(buildTimeDefine('2026-04-01T10:00:00.000Z'))).toBe('2026-04-01T10:00:00.000Z');
  });

  it('is absent from unbundled code, which then reads BUILD_TIME', async () => {
    expect(await bundledAnswer(undefined)).toBeUndefined();
  });

  it('changes the shell area bundle (GET /v2/version) and leaves another area byte for byte the same', async () => {
    const bundle = async (area: 'shell' | 'unmatched', buildTime: string) => {
      const out = await build({
        ...areaBuildOptions(area, path.join(tmpdir(), 'mr-build-time', area), { buildTime }),
        write: false,
      });
      return out.outputFiles.filter((f) => f.path.endsWith('.mjs')).map((f) => f.text);
    };
    const [shellA, shellB, otherA, otherB] = await Promise.all([
      bundle('shell', '2026-04-01T10:00:00.000Z'),
      bundle('shell', '2026-04-02T10:00:00.000Z'),
      bundle('unmatched', '2026-04-01T10:00:00.000Z'),
      bundle('unmatched', '2026-04-02T10:00:00.000Z'),
    ]);
    expect(shellA.join('')).toContain('2026-04-01T10:00:00.000Z');
    expect(shellA).not.toEqual(shellB);
    expect(otherA).toEqual(otherB);
    // Four area builds: seconds on a quiet machine, minutes on a busy one.
  }, 300_000);
});
