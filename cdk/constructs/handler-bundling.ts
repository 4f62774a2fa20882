import path from 'node:path';
import { AREAS, type AreaName, areaEntries } from '@shared/api/routes';
import type { BuildOptions, Plugin } from 'esbuild';
import { lazySchemas } from './lazy-schemas';
import { prebuiltOpenApiDocument } from './prebuilt-openapi';
import { withoutXraySdkV2Patcher } from './xray-sdk-v2-patcher';

/**
 * How every Lambda function is bundled: one definition for the CDK construct (area-function.ts,
 * through cdk/bundle-areas.ts), the IAM derivation (area-analysis.ts) and the bundle benchmark
 * (scripts/bench/bundles.ts), so what is measured and analysed is what is deployed. esbuild's JS API,
 * because the plugins below cannot be passed to the esbuild CLI that NodejsFunction runs.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const FUNCTIONS_DIR = path.join(REPO_ROOT, 'functions');

/** The entry file of every bundle; Lambda's handler setting is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';
/** Written by cdk/bundle-areas.ts next to the bundles: every area's AreaUsage (area-analysis.ts). */
export const USAGE_FILE = 'usage.json';

/** esbuild settings every bundle shares (areas and the benchmark's floor bundles). */
export function baseBuildOptions(): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    // Licence comments go to a `.LEGAL.txt` next to each output (shipped in the same asset), not into
    // the code that is parsed at every cold start.
    legalComments: 'external',
    mainFields: ['module', 'main'],
    // Some dependencies are CommonJS and call require(); ESM output needs it defined (in every chunk).
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
    absWorkingDir: REPO_ROOT,
    plugins: [
      // The OpenAPI document as data, generated once per build (before the next plugin reads that module).
      prebuiltOpenApiDocument(REPO_ROOT),
      // Every zod schema of our code is built at its first use, not at the cold start; the schemas no
      // code of the bundle uses are dropped (and in shared/schemas, every unused top-level call).
      lazySchemas({
        repoRoot: REPO_ROOT,
        folders: ['shared', 'functions'],
        runtime: path.join(FUNCTIONS_DIR, 'lib', 'lazy-schema.ts'),
        pure: /[\\/]shared[\\/]schemas[\\/][^\\/]+\.ts$/,
      }),
      // The X-Ray SDK's patcher for the AWS SDK v2 (which we do not have) and its semver stay out.
      withoutXraySdkV2Patcher(),
    ],
    metafile: true,
    logLevel: 'error',
  };
}

/**
 * One area function: the generated entry (`areaEntrySource`) with every route of the area bundled into
 * it, and ESM `splitting` for the dynamic imports that remain (the SDK's credential providers, a
 * module's own `await import()` of code only a rare path needs): those become chunks loaded on first
 * use. Output: `<outdir>/index.mjs` and `<outdir>/chunks/*.mjs`, with source maps.
 *
 * `analysis: true` builds the same graph unminified and in memory: identical tree shaking, but names
 * and the `// <module path>` markers survive, which is what area-analysis.ts reads.
 */
export function areaBuildOptions(
  area: AreaName,
  outdir: string,
  options: { analysis?: boolean; buildTime?: string } = {},
) {
  const base = baseBuildOptions();
  return {
    ...base,
    ...(options.buildTime ? { define: buildTimeDefine(options.buildTime) } : {}),
    entryPoints: { index: `${AREA_ENTRY_PREFIX}${area}` },
    outdir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [...(base.plugins ?? []), areaEntryPlugin()],
    ...(options.analysis ? { minify: false, sourcemap: false, write: false } : {}),
  } satisfies BuildOptions;
}

/** The global that functions/lib/build-info.ts reads; esbuild replaces it with the build time. */
export const BUILD_TIME_CONSTANT = '__MR_BUILD_TIME__';

/**
 * The build time as a constant of the bundle rather than a variable of every function: only the
 * bundles whose code reads it change when it does (GET /v2/version, in the shell area).
 */
export function buildTimeDefine(buildTime: string): Record<string, string> {
  return { [BUILD_TIME_CONSTANT]: JSON.stringify(buildTime) };
}

const AREA_ENTRY_PREFIX = 'area:';

/**
 * The generated entry of an area: its dispatch map, every entry of the route table imported statically
 * (`load` in area-handler.ts then resolves at once). Paths are relative to functions/ so the bundle
 * holds no machine paths.
 *
 * Why not one lazy `import()` per route (the first layout): esbuild splits at file granularity, one
 * chunk per set of routes reaching a file, so a route's cold start loaded 16-27 chunks, most of a few
 * hundred bytes, and each shared schema file with the schemas of every route importing it, so little
 * was saved. The extra modules cost more than evaluating the other routes' top-level code (route
 * modules are small, mostly function bodies V8 only pre-parses): one bundle per area takes 47-141
 * million fewer instructions per cold start (valgrind; models: 483 instead of 624 million), 2-17 ms
 * less CPU measured as `bench:bundles` measures. A route whose own code is heavy and rarely used keeps
 * it behind an `await import()` in its module (get-openapi.ts and the document it serves).
 *
 * Measured again with the sub-model, instance and execution areas (valgrind instruction counts of
 * import + first dispatch): `import()` per route without splitting (esbuild then initialises each route
 * lazily) wraps the SDK in lazy module closures, which keeps whole client packages (instances: 931 kB
 * to 1032 kB) and costs more than it saves; our code alone lazily, the SDK hoisted (two esbuild passes),
 * saved nothing (instances 620 -> 638 million instructions), because the routes of an area share
 * their modules. What a route does not need at its cold start is the schemas of the others: those are
 * built on first use (lazy-schemas.ts).
 */
export function areaEntrySource(area: AreaName): string {
  const entries = areaEntries(area);
  if (entries.length === 0) throw new Error(`Area '${area}' has no entries in shared/api/routes.ts`);
  const imports = entries.map(
    ({ handler }, i) => `import { handler as entry${i} } from ${JSON.stringify(`./${handler}.ts`)};`,
  );
  const lines = entries.map(
    ({ key }, i) => `  ${JSON.stringify(key)}: () => Promise.resolve({ handler: entry${i} }),`,
  );
  return [
    "import { areaHandler } from './areas/area-handler.ts';",
    ...imports,
    `export const handler = areaHandler(${JSON.stringify(area)}, ${JSON.stringify(AREAS[area].trigger)}, {`,
    ...lines,
    '});',
    '',
  ].join('\n');
}

/** Resolves `area:<name>` to the area's generated entry. */
function areaEntryPlugin(): Plugin {
  return {
    name: 'area-entry',
    setup(build) {
      build.onResolve({ filter: /^area:/ }, (args) => ({
        path: args.path.slice(AREA_ENTRY_PREFIX.length),
        namespace: 'area',
      }));
      build.onLoad({ filter: /.*/, namespace: 'area' }, (args) => {
        if (!(args.path in AREAS)) throw new Error(`Unknown area '${args.path}'`);
        return { contents: areaEntrySource(args.path as AreaName), resolveDir: FUNCTIONS_DIR, loader: 'ts' };
      });
    },
  };
}
