import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_FILE, FUNCTIONS_DIR, handlerBuildOptions } from './constructs/handler-bundling';

/**
 * `tsx cdk/bundle-handler.ts <outRoot> <handler>...`: bundles Lambda handlers (module paths below
 * functions/, as in the route table) into <outRoot>/<handler>/index.mjs with a source map, all in one
 * process. cdk/constructs/api-function.ts runs it once while the app is synthesized; no Docker.
 */
const [outRoot, ...handlers] = process.argv.slice(2);
if (!outRoot || handlers.length === 0) {
  console.error('usage: tsx cdk/bundle-handler.ts <outRoot> <handler>...');
  process.exit(2);
}
await Promise.all(
  handlers.map(async (handler) => {
    const outDir = path.join(outRoot, handler);
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const entry = path.join(FUNCTIONS_DIR, `${handler}.ts`);
    await build({ ...handlerBuildOptions(entry, path.join(outDir, BUNDLE_FILE)), metafile: false });
  }),
);
