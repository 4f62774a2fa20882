import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * The runner entrypoint bundled into one ES module, as the runner images build it (the esbuild line
 * of functions/runner/docker/Dockerfile.*, without minifying). The test cloud starts its runners from
 * this bundle: `node --import tsx` compiled the TypeScript again in every runner process, about 0.9
 * CPU-seconds and 0.5 s before the model started, for each of the test suites' runs (issue 17 §6).
 * `npm start` keeps running the sources, so a change to the runner applies to the next run without a
 * restart.
 */
/** The runner's entry module, bundled here and run through tsx without a bundle. */
const RUNNER_ENTRYPOINT = join('functions', 'runner', 'entrypoint.ts');

export async function bundleRunner(outDir: string): Promise<string> {
  const outfile = join(outDir, 'entrypoint.mjs');
  await build({
    entryPoints: [RUNNER_ENTRYPOINT],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    tsconfig: 'tsconfig.json',
    outfile,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  // The LibreOffice driver sits beside the bundle, where functions/runner/languages.ts looks for it
  // (as in Dockerfile.excel).
  mkdirSync(join(outDir, 'excel'), { recursive: true });
  copyFileSync(
    join('functions', 'runner', 'excel', 'recalculate.py'),
    join(outDir, 'excel', 'recalculate.py'),
  );
  return outfile;
}

/** The node arguments that start a runner: the bundle's when there is one, else the sources through tsx. */
export function runnerArgs(bundle: string | undefined): string[] {
  return bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', RUNNER_ENTRYPOINT];
}
