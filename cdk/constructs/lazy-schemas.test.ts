import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ListModelsQuerySchema } from '@shared/schemas/model-api';
import { validateTemplate } from '@shared/sub-models/model-input';
import { sampleTemplate } from '@shared/sub-models/sample-template';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import * as eager from './fixtures/lazy/entry';
import { baseBuildOptions } from './handler-bundling';
import { type LazySchemasOptions, lazySchemas, rewriteModule } from './lazy-schemas';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'lazy');
const options: LazySchemasOptions = {
  repoRoot: REPO_ROOT,
  folders: [path.relative(REPO_ROOT, FIXTURES)],
  runtime: path.join(REPO_ROOT, 'functions', 'lib', 'lazy-schema.ts'),
};
const outDir = mkdtempSync(path.join(tmpdir(), 'mr-lazy-schemas-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the lazy schemas plugin', () => {
  it('defers every top-level constant whose type is a zod schema or a shape of them, and nothing else', () => {
    const source = rewriteModule(options, path.join(FIXTURES, 'schemas.ts')) ?? '';
    const line = (name: string) => source.split('\n').find((l) => l.includes(`const ${name} =`));

    expect(line('KindSchema')).toBe(
      "export const KindSchema = /* @__PURE__ */ __lazySchema(() => (z.enum(['model', 'report'])));",
    );
    // A shape built by a helper: deferred too; what it names of the other lazy constants is forced.
    expect(line('shape')).toBe(
      "const shape = /* @__PURE__ */ __lazySchema(() => ({ name: required('Name'), kind: z._default(__forceSchema(KindSchema), 'model') }));",
    );
    expect(line('ThingSchema')).toContain('z.object({ ...__forceSchema(shape), size: z.int() })');
    expect(line('ThingPatchSchema')).toContain('__lazySchema(() => (z.partial(__forceSchema(ThingSchema))))');
    // A call that returns a string, a check (it has `_zod` too), a helper, and a literal stay as written.
    expect(line('NAME_TAKEN')).toBe("export const NAME_TAKEN = taken('Name');");
    expect(line('trimmed')).toBe('const trimmed = z.trim();');
    expect(line('required')).toBe(
      'const required = (label: string) => z.string().check(trimmed, z.minLength(1, { error: label }));',
    );
    expect(line('KINDS')).toBe("export const KINDS = ['model', 'report'];");
    // No line moves: the runtime is imported at the end.
    expect(source.split('\n').slice(0, 3)).toEqual([
      "import * as z from 'zod/mini';",
      '',
      '/** Fixture for lazy-schemas.test.ts: schemas built by zod, by a helper and from each other. */',
    ]);
    expect(source.trimEnd().split('\n').at(-1)).toBe(
      `import { lazySchema as __lazySchema, forceSchema as __forceSchema } from ${JSON.stringify(options.runtime)};`,
    );
  });

  it('with `pure`, lets esbuild drop the other top-level calls of the module too', () => {
    const source =
      rewriteModule({ ...options, pure: /schemas\.ts$/ }, path.join(FIXTURES, 'schemas.ts')) ?? '';
    expect(source.split('\n').find((l) => l.includes('const NAME_TAKEN ='))).toBe(
      "export const NAME_TAKEN = /* @__PURE__ */ (() => (taken('Name')))();",
    );
  });

  it('forces the lazy constants a function uses, and leaves what module code reads at import', () => {
    const source = rewriteModule(options, path.join(FIXTURES, 'entry.ts')) ?? '';
    const line = (name: string) => source.split('\n').find((l) => l.includes(`const ${name} =`));
    expect(line('parseThing')).toBe(
      'export const parseThing = (value: unknown) => __forceSchema(ThingSchema).safeParse(value);',
    );
    expect(line('kinds')).toBe('export const kinds = () => __forceSchema(S.KindSchema).options;');
    // Read at import: the stand-in stays, so the schema is still built at its first use.
    expect(line('route')).toBe('export const route = { body: ThingSchema };');
    expect(line('message')).toBe('export const message = NAME_TAKEN;');
    expect(source).not.toContain('__lazySchema');
  });

  it('bundles schemas that parse as the modules do unbundled, and drops the unused ones', async () => {
    const result = await build({
      entryPoints: [path.join(FIXTURES, 'entry.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: path.join(outDir, 'entry.mjs'),
      plugins: [lazySchemas(options)],
      logLevel: 'silent',
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const text = Object.keys(result.metafile.outputs).join();
    expect(text).toContain('entry.mjs');
    const { readFileSync } = await import('node:fs');
    const code = readFileSync(path.join(outDir, 'entry.mjs'), 'utf8');
    expect(code).toContain('lazySchema');
    expect(code).not.toContain('unused_field');

    const bundled = (await import(pathToFileURL(path.join(outDir, 'entry.mjs')).href)) as typeof eager;
    for (const input of [
      { name: 'n', size: 2 },
      { name: '', kind: 'report', size: 1.5 },
      { name: 'n', kind: 'other', size: 1 },
      'not an object',
    ]) {
      expect(bundled.parseThing(input)).toEqual(eager.parseThing(input));
      expect(bundled.parsePatch(input)).toEqual(eager.parsePatch(input));
    }
    expect(bundled.kinds()).toEqual(eager.kinds());
    expect(bundled.message).toBe(eager.message);
  });
});

describe('the shared schemas as the Lambda bundles build them', () => {
  it('validate parameter templates and list queries exactly as the modules do', async () => {
    const base = baseBuildOptions();
    const result = await build({
      ...base,
      stdin: {
        contents: [
          "export { validateTemplate } from '@shared/sub-models/model-input';",
          "export { ListModelsQuerySchema } from '@shared/schemas/model-api';",
        ].join('\n'),
        resolveDir: path.join(REPO_ROOT, 'functions'),
        loader: 'ts',
      },
      outfile: path.join(outDir, 'shared.mjs'),
    });
    expect(Object.keys(result.metafile?.inputs ?? {})).toContain('functions/lib/lazy-schema.ts');
    const bundled = (await import(pathToFileURL(path.join(outDir, 'shared.mjs')).href)) as {
      validateTemplate: typeof validateTemplate;
      ListModelsQuerySchema: typeof ListModelsQuerySchema;
    };

    // One parameter of each of the 13 types, then each broken in a way its rules refuse.
    const template = sampleTemplate();
    const broken = template.definitions.map((_, i) => ({
      definitions: template.definitions.map((d, j) =>
        j === i
          ? { ...d, name: '1 bad-name', title: '', min: 'x', max: -1, type: i % 2 ? d.type : 'NOPE' }
          : d,
      ),
    }));
    expect(validateTemplate(template).valid).toBe(true);
    expect(broken.every((value) => !validateTemplate(value).valid)).toBe(true);
    for (const value of [template, ...broken, { definitions: 'none' }, { definitions: [{}] }, []]) {
      expect(bundled.validateTemplate(value)).toEqual(validateTemplate(value));
    }
    for (const query of [{}, { pageSize: '20', status: 'DRAFT,RETIRED' }, { pageSize: '7', sort: 'nope' }]) {
      expect(bundled.ListModelsQuerySchema.safeParse(query)).toEqual(ListModelsQuerySchema.safeParse(query));
    }
  });
});
