import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENV_VARS } from '@shared/config/env-vars';
import { build, type Metafile } from 'esbuild';
import {
  deployedHandlers,
  FUNCTIONS_DIR,
  handlerBuildOptions,
  REPO_ROOT,
} from '../../cdk/constructs/handler-bundling';
import { formatTable, kb, median, ms, verdict } from './stats';

/**
 * Every Lambda handler bundled the way the CDK construct bundles it (cdk/constructs/api-function.ts:
 * esbuild, ESM, node22, minified, AWS SDK included, the createRequire banner), then: bundle size
 * (target <= 1 MB) and the cold import time of the bundle in a fresh `node` process (median of 5,
 * target <= 100 ms; the imports go round-robin over all handlers). Import time is measured inside the
 * process around `import()`, so Node's own start-up is not counted, as on Lambda where the runtime is up before the handler module loads.
 * Every handler's imports alternate with those of a reference bundle holding only the table client
 * (table-floor.ts), so the table also shows what a handler adds over table access alone.
 *
 * Usage: npx tsx scripts/bench/bundles.ts [--runs 5]
 * The esbuild settings come from cdk/constructs/handler-bundling.ts, which the construct uses too.
 */
const OUT_DIR = path.join(REPO_ROOT, '.local/bench/bundles');
const MAX_BYTES = 1_000_000;
const MAX_IMPORT_MS = 100;

/** Plausible values for every variable, so module-scope configuration parsing behaves as deployed. */
function lambdaLikeEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    AWS_REGION: 'us-east-1',
    AWS_LAMBDA_FUNCTION_NAME: 'bench',
  };
  for (const name of Object.values(ENV_VARS)) env[name] = `bench-${name.toLowerCase()}`;
  env[ENV_VARS.stage] = 'aws';
  env[ENV_VARS.tokenIssuer] = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench';
  env[ENV_VARS.jwksUrl] = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench/.well-known/jwks.json';
  env[ENV_VARS.wsCallbackUrl] = 'https://bench.execute-api.us-east-1.amazonaws.com/prod';
  env[ENV_VARS.webUrl] = 'https://bench.example.com';
  env[ENV_VARS.logLevel] = 'WARN';
  for (const name of [
    ENV_VARS.dynamodbEndpoint,
    ENV_VARS.s3Endpoint,
    ENV_VARS.sfnEndpoint,
    ENV_VARS.mailOutboxDir,
  ]) {
    delete env[name];
  }
  return env;
}

/** The packages (or `own code`) that contribute most bytes to the bundle, to show where size comes from. */
function largestPackages(metafile: Metafile, count: number): string {
  const bytesByPart = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const part = match?.[1] ?? 'own code';
      bytesByPart.set(part, (bytesByPart.get(part) ?? 0) + bytesInOutput);
    }
  }
  return [...bytesByPart.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([part, bytes]) => `${part} ${kb(bytes)}`)
    .join(', ');
}

// Wall time is what a cold start costs; CPU time (user + system) barely moves with machine load, so
// it is printed too, to tell a slow bundle from a busy machine.
const IMPORT_PROBE = [
  'const cpu = process.cpuUsage();',
  'const started = performance.now();',
  'const mod = await import(process.argv[1]);',
  'const wall = performance.now() - started;',
  'const used = process.cpuUsage(cpu);',
  "if (typeof mod.handler !== 'function') throw new Error('no exported handler');",
  'console.log(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 }));',
].join('\n');

function importTime(file: string, env: NodeJS.ProcessEnv): { wall: number; cpu: number } {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', IMPORT_PROBE, pathToFileURL(file).href],
    {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  if (result.status !== 0) {
    throw new Error(
      `import failed: ${(result.stderr || result.stdout).trim().split('\n').slice(-3).join(' | ')}`,
    );
  }
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as { wall: number; cpu: number };
}

async function main(): Promise<void> {
  const runsIndex = process.argv.indexOf('--runs');
  const runs = Number((runsIndex >= 0 ? process.argv[runsIndex + 1] : undefined) ?? 5);
  rmSync(OUT_DIR, { recursive: true, force: true });
  const env = lambdaLikeEnv();
  const rows: string[][] = [];
  let misses = 0;
  const floorFile = path.join(OUT_DIR, 'table-floor', 'index.mjs');
  await build(handlerBuildOptions(path.join(REPO_ROOT, 'scripts/bench/table-floor.ts'), floorFile));
  const floorSamples: number[] = [];

  // 1. Bundle every handler.
  const bundles: { handler: string; outfile: string; bytes: number; largest: string }[] = [];
  for (const handler of deployedHandlers()) {
    const entry = path.join(FUNCTIONS_DIR, `${handler}.ts`);
    if (!existsSync(entry)) {
      rows.push([handler, '-', '-', '-', '-', 'MISSING MODULE', '']);
      misses++;
      continue;
    }
    const outfile = path.join(OUT_DIR, handler, 'index.mjs');
    mkdirSync(path.dirname(outfile), { recursive: true });
    try {
      const { metafile } = await build(handlerBuildOptions(entry, outfile));
      if (!metafile) throw new Error('esbuild returned no metafile');
      bundles.push({
        handler,
        outfile,
        bytes: statSync(outfile).size,
        largest: largestPackages(metafile, 3),
      });
    } catch (error) {
      misses++;
      rows.push([
        handler,
        '-',
        '-',
        '-',
        'ERROR',
        error instanceof Error ? error.message.slice(0, 160) : String(error),
      ]);
    }
  }

  // 2. Import them round-robin, each followed by the floor: a slow spell of this shared machine
  // then costs every handler one sample, instead of all the samples of the few measured during it.
  const times = new Map<string, { wall: number; cpu: number }[]>();
  const floors = new Map<string, number[]>();
  for (let run = 0; run < runs; run++) {
    for (const { handler, outfile } of bundles) {
      try {
        const sample = importTime(outfile, env);
        times.set(handler, [...(times.get(handler) ?? []), sample]);
        floors.set(handler, [...(floors.get(handler) ?? []), importTime(floorFile, env).wall]);
      } catch (error) {
        if (run === 0) console.error(`${handler}: ${error instanceof Error ? error.message : error}`);
      }
    }
  }

  for (const { handler, bytes, largest } of bundles) {
    const samples = times.get(handler) ?? [];
    const handlerFloors = floors.get(handler) ?? [];
    if (samples.length === 0) {
      misses++;
      rows.push([handler, kb(bytes), '-', '-', 'ERROR', 'import failed', largest]);
      continue;
    }
    floorSamples.push(...handlerFloors);
    const importMs = median(samples.map((t) => t.wall));
    const ok = bytes <= MAX_BYTES && importMs <= MAX_IMPORT_MS;
    if (!ok) misses++;
    rows.push([
      handler,
      kb(bytes),
      ms(importMs),
      ms(median(samples.map((t) => t.cpu))),
      `+${ms(importMs - median(handlerFloors))}`,
      verdict(ok),
      largest,
    ]);
  }

  console.log(
    `Handlers bundled like cdk/constructs/api-function.ts; import time = median of ${runs} fresh processes, handlers taken round-robin\n`,
  );
  console.log(
    formatTable(
      ['handler', 'size', 'cold import', 'cpu', 'over floor', 'result', 'largest parts (minified)'],
      rows,
      'lrrrrll',
    ),
  );
  const imports = rows.map((r) => Number.parseFloat(r[2] ?? '')).filter((v) => Number.isFinite(v));
  console.log(
    `\nFloor (scripts/bench/table-floor.ts: the table client alone, ${kb(statSync(floorFile).size)}): ` +
      `median ${ms(median(floorSamples))} over ${floorSamples.length} imports. ` +
      `Handlers: median ${ms(median(imports))}, min ${ms(Math.min(...imports))}, max ${ms(Math.max(...imports))}.`,
  );
  console.log(
    `${rows.length - misses} of ${rows.length} handlers within targets (size <= ${kb(MAX_BYTES)}, import <= ${MAX_IMPORT_MS} ms)`,
  );
  console.log(`Bundles kept in ${path.relative(REPO_ROOT, OUT_DIR)}/ for inspection.`);
}

await main();
