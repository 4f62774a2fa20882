import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { markPure, pureTopLevelConstants } from './pure-top-level';

async function bundle(withPlugin: boolean): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "import { KeptSchema } from './fixtures/pure-schemas'; export const parse = (v) => KeptSchema.parse(v);",
      resolveDir: import.meta.dirname,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    plugins: withPlugin ? [pureTopLevelConstants(/fixtures[\\/]pure-schemas\.ts$/)] : [],
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('the pure top-level constants plugin', () => {
  it('lets esbuild drop the schemas an entry does not use, and keeps the ones it does', async () => {
    const without = await bundle(false);
    expect(without).toContain('dropped_field');

    const withPlugin = await bundle(true);
    expect(withPlugin).toContain('kept_field');
    expect(withPlugin).not.toContain('dropped_field');
    expect(withPlugin).not.toContain('also_dropped');
  });

  it('wraps only top-level const initializers that are calls', () => {
    const source = [
      'export const A = z.object({ a: z.string() }).optional();',
      'export const B = (z.string() as unknown);',
      'export const C = 42;',
      'let D = make();',
      'export function f() { const inner = call(); return inner; }',
    ].join('\n');
    const out = markPure('x.ts', source).split('\n');
    expect(out[0]).toBe(
      'export const A = /* @__PURE__ */ (() => (z.object({ a: z.string() }).optional()))();',
    );
    expect(out[1]).toBe('export const B = /* @__PURE__ */ (() => ((z.string() as unknown)))();');
    expect(out.slice(2)).toEqual(source.split('\n').slice(2));
  });
});
