import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_FILE, handlerBuildOptions } from './constructs/handler-bundling';

/**
 * `tsx cdk/bundle-handler.ts <entry.ts> <outDir>`: bundles one Lambda handler into <outDir>/index.mjs
 * (and its source map). cdk/constructs/api-function.ts runs it through `Code.fromCustomCommand` while
 * the app is synthesized; no Docker.
 */
const [entry, outDir] = process.argv.slice(2);
if (!entry || !outDir) {
  console.error('usage: tsx cdk/bundle-handler.ts <entry.ts> <outDir>');
  process.exit(2);
}
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
await build({ ...handlerBuildOptions(path.resolve(entry), path.join(outDir, BUNDLE_FILE)), metafile: false });
