import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AreaName, areaNames } from '@shared/api/routes';
import { build, type Metafile } from 'esbuild';
import { type AreaUsage, analyzeArea, sdkVocabulary } from './constructs/area-analysis';
import { areaBuildOptions, REPO_ROOT, USAGE_FILE } from './constructs/handler-bundling';

/**
 * `tsx cdk/bundle-areas.ts <outRoot> [--analysis-only] [--build-time=<ISO time>]`: bundles every area function into
 * <outRoot>/<area>/ (index.mjs, chunks/, source maps) and writes <outRoot>/usage.json, what each area's
 * code uses of AWS (area-analysis.ts), from which the stack derives its grants. All areas in one
 * process; cdk/constructs/area-function.ts runs it once while the app is synthesized (no Docker).
 * `--analysis-only` skips the deployable bundles (CDK tests).
 */
const [outRoot, ...flags] = process.argv.slice(2);
if (!outRoot) {
  console.error('usage: tsx cdk/bundle-areas.ts <outRoot> [--analysis-only] [--build-time=<ISO time>]');
  process.exit(2);
}
const analysisOnly = flags.includes('--analysis-only');
const buildTime = flags.find((f) => f.startsWith('--build-time='))?.slice('--build-time='.length);
const vocabulary = sdkVocabulary(path.join(REPO_ROOT, 'node_modules'));

/** The modules a build includes: the analysis must have read the graph that is deployed. */
const includedModules = (metafile: Metafile | undefined) =>
  Object.values(metafile?.outputs ?? {})
    .flatMap((output) => Object.entries(output.inputs))
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([module]) => module)
    .sort();

async function bundleArea(area: AreaName): Promise<AreaUsage> {
  const outDir = path.join(outRoot as string, area);
  const analysis = await build(areaBuildOptions(area, outDir, { analysis: true, buildTime }));
  const usage = analyzeArea(
    (analysis.outputFiles ?? []).map((file) => file.text),
    vocabulary,
  );
  if (analysisOnly) return usage;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const deployed = await build(areaBuildOptions(area, outDir, { buildTime }));
  const [read, shipped] = [includedModules(analysis.metafile), includedModules(deployed.metafile)];
  const differ = shipped.filter((m) => !read.includes(m));
  if (differ.length > 0)
    throw new Error(
      `${area}: the deployed bundle holds modules the analysis did not see: ${differ.join(', ')}`,
    );
  return usage;
}

const usage: Partial<Record<AreaName, AreaUsage>> = {};
const failures: string[] = [];
await Promise.all(
  areaNames().map(async (area) => {
    try {
      usage[area] = await bundleArea(area);
    } catch (error) {
      failures.push(`${area}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }),
);
if (failures.length > 0) {
  console.error(`Bundling failed:\n${failures.join('\n')}`);
  process.exit(1);
}
mkdirSync(outRoot, { recursive: true });
writeFileSync(path.join(outRoot, USAGE_FILE), JSON.stringify(usage, null, 2));
