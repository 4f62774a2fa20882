import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AreaName, areaEntries, areaNames } from '@shared/api/routes';
import { ENV_VARS, LOCAL_ONLY_ENV_VARS } from '@shared/config/env-vars';
import { build, type Metafile, type Plugin } from 'esbuild';
import {
  type AreaUsage,
  type AwsService,
  analyzeArea,
  sdkVocabulary,
} from '../../cdk/constructs/area-analysis';
import { FUNCTION_ENVIRONMENT_DEFAULTS } from '../../cdk/constructs/area-function';
import {
  areaBuildOptions,
  BUNDLE_FILE,
  baseBuildOptions,
  FUNCTIONS_DIR,
  REPO_ROOT,
} from '../../cdk/constructs/handler-bundling';
import { formatTable, kb, median, ms, option } from './stats';

/**
 * Every area function bundled exactly as the CDK construct bundles it (handler-bundling.ts: generated
 * dispatch map with every route of the area, schemas built on first use, minified, SDK included), then,
 * per area:
 * - size: all its code (entry and chunks, without source maps and licence files), and what the slowest
 *   route's cold start loads (the entry and the chunks it imports statically);
 * - cold start of each route in a fresh `node` process, with the variables the Lambda runtime sets
 *   and those every deployed function gets (NODE_OPTIONS=--enable-source-maps: lambdaLikeEnv):
 *   `import()` of index.mjs, then the route's first dispatch: its module
 *   (`handler.load(key)`, functions/areas/area-handler.ts) and the schemas it parses on every request
 *   (`inputSchemas` of http-handler.ts), built as its first parse builds them. Not counted, on either
 *   side: the request itself (the SDK's first call, credentials, what the use case parses further);
 *   the area's figure is its slowest route: the largest, over its routes, of the median of (route sample
 *   minus the floor sample taken right after it), so that a slow spell of this shared machine that
 *   lasts both processes cancels out of the pair;
 * - its floor: a bundle holding ONLY the SDK clients the area's code uses (area-analysis.ts), built
 *   with the same settings, the clients imported and constructed on first use as the handlers
 *   construct theirs (functions/data/*-client.ts), imported right after every area sample: the same
 *   machine state for both.
 * Targets: cold start <= floor + 40 ms and code <= 1 MB. Printed, never asserted in tests (timings
 * depend on the machine). Import time is measured inside the process around `import()`, so Node's own
 * start-up is not counted, as on Lambda where the runtime is up before the handler module loads.
 *
 * Usage: npx tsx scripts/bench/bundles.ts [--runs 5] [--areas sub-models,instances]
 */
const OUT_DIR = path.join(REPO_ROOT, '.local/bench/bundles');
const MAX_BYTES = 1_000_000;
const MAX_OVER_FLOOR_MS = 40;

/** Plausible values for every variable, so module-scope configuration parsing behaves as deployed. */
function lambdaLikeEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    AWS_REGION: 'us-east-1',
    AWS_LAMBDA_FUNCTION_NAME: 'bench',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    // What the Lambda runtime sets before the handler module loads: with them the Powertools Tracer
    // takes its enabled path (patches http/https, captures the clients) and X-Ray its Lambda mode.
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    LAMBDA_TASK_ROOT: '/var/task',
    // The SDK warns on Node < 22 (a stack trace, mapped through the source maps): Lambda runs 22.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // What every deployed function gets (NODE_OPTIONS=--enable-source-maps: Node reads and parses the
    // source map of each module it loads, at the cold start).
    ...FUNCTION_ENVIRONMENT_DEFAULTS,
  };
  for (const name of Object.values(ENV_VARS)) env[name] = `bench-${name.toLowerCase()}`;
  env[ENV_VARS.stage] = 'aws';
  env[ENV_VARS.tokenIssuer] = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench';
  env[ENV_VARS.jwksUrl] = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_bench/.well-known/jwks.json';
  env[ENV_VARS.wsCallbackUrl] = 'https://bench.execute-api.us-east-1.amazonaws.com/prod';
  env[ENV_VARS.webUrl] = 'https://bench.example.com';
  env[ENV_VARS.logLevel] = 'WARN';
  for (const name of LOCAL_ONLY_ENV_VARS) delete env[name];
  return env;
}

/**
 * How each client is constructed, as the data layer and lib construct it (functions/data, functions/lib):
 * there, on first use, in the first request; so here too, in the floor's handler, not at import.
 */
const CLIENTS: Record<AwsService, { imports: string[]; construct: string }> = {
  dynamodb: {
    imports: [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
      "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
    ],
    construct: 'DynamoDBDocumentClient.from(new DynamoDBClient({}))',
  },
  s3: { imports: ["import { S3Client } from '@aws-sdk/client-s3';"], construct: 'new S3Client({})' },
  sesv2: {
    imports: ["import { SESv2Client } from '@aws-sdk/client-sesv2';"],
    construct: 'new SESv2Client({})',
  },
  secretsmanager: {
    imports: ["import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';"],
    construct: 'new SecretsManagerClient({})',
  },
  apigatewaymanagementapi: {
    imports: ["import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';"],
    construct: "new ApiGatewayManagementApiClient({ endpoint: 'https://bench.example.com' })",
  },
  sfn: { imports: ["import { SFNClient } from '@aws-sdk/client-sfn';"], construct: 'new SFNClient({})' },
  lambda: {
    imports: ["import { LambdaClient } from '@aws-sdk/client-lambda';"],
    construct: 'new LambdaClient({})',
  },
  cognitoidentityprovider: {
    imports: ["import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';"],
    construct: 'new CognitoIdentityProviderClient({})',
  },
};

const floorName = (services: readonly AwsService[], powertools = false) =>
  `${services.length === 0 ? 'no-client' : [...services].sort().join('+')}${powertools ? '+powertools' : ''}`;

/**
 * The floor's entry: nothing but the clients, imported, and constructed on first use as the handlers
 * construct theirs (a floor that built them at import did work the handlers' cold start does not do).
 * With `powertools`, a reference printed beside it (not the target): the same clients captured by a
 * Powertools Tracer, plus the Logger and Metrics, constructed at import as functions/lib/observability.ts
 * constructs them in every area function.
 */
function floorPlugin(services: readonly AwsService[], powertools: boolean): Plugin {
  const construct = (s: AwsService) =>
    powertools ? `tracer.captureAWSv3Client(${CLIENTS[s].construct})` : CLIENTS[s].construct;
  return {
    name: 'floor-entry',
    setup(b) {
      b.onResolve({ filter: /^floor:/ }, (args) => ({ path: args.path, namespace: 'floor' }));
      b.onLoad({ filter: /.*/, namespace: 'floor' }, () => ({
        contents: [
          ...services.flatMap((s) => CLIENTS[s].imports),
          ...(powertools
            ? [
                "import { Logger } from '@aws-lambda-powertools/logger';",
                "import { Metrics } from '@aws-lambda-powertools/metrics';",
                "import { Tracer } from '@aws-lambda-powertools/tracer';",
                "const tracer = new Tracer({ serviceName: 'bench' });",
                "const observability = [new Logger({ serviceName: 'bench' }), new Metrics({ namespace: 'bench', serviceName: 'bench' })];",
              ]
            : ['const observability = [];']),
          'let clients;',
          `export const handler = async () => (clients ??= [${services.map(construct).join(', ')}]).length + observability.length;`,
        ].join('\n'),
        resolveDir: FUNCTIONS_DIR,
        loader: 'js',
      }));
    },
  };
}

async function buildFloor(
  services: readonly AwsService[],
  powertools = false,
): Promise<{ file: string; bytes: number }> {
  const name = floorName(services, powertools);
  const outdir = path.join(OUT_DIR, 'floors', name);
  const base = baseBuildOptions();
  const { metafile } = await build({
    ...base,
    entryPoints: { index: `floor:${name}` },
    outdir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [floorPlugin(services, powertools)],
  });
  const file = path.join(outdir, BUNDLE_FILE);
  return { file, bytes: staticallyLoadedBytes(metafile as Metafile, file) };
}

// Wall time is what a cold start costs; CPU time (user + system) barely moves with machine load, so
// it is printed too, to tell a slow bundle from a busy machine.
const PROBE = [
  'const cpu = process.cpuUsage();',
  'const started = performance.now();',
  'const mod = await import(process.argv[1]);',
  "if (typeof mod.handler !== 'function') throw new Error('no exported handler');",
  // The route's first dispatch: its module (area-handler.ts `load`), then the schemas it parses on
  // every request, built as its first parse would build them (any property read builds a lazy schema).
  'if (process.argv[2]) {',
  '  const route = await mod.handler.load(process.argv[2]);',
  '  for (const schema of route.inputSchemas ?? []) void schema._zod;',
  '}',
  'const wall = performance.now() - started;',
  'const used = process.cpuUsage(cpu);',
  'console.log(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 }));',
].join('\n');

interface Sample {
  wall: number;
  cpu: number;
}

function coldStart(file: string, env: NodeJS.ProcessEnv, key?: string): Sample {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', PROBE, pathToFileURL(file).href, ...(key ? [key] : [])],
    { env, encoding: 'utf8', timeout: 60_000 },
  );
  if (result.status !== 0) {
    throw new Error(
      `import failed: ${(result.stderr || result.stdout).trim().split('\n').slice(-3).join(' | ')}`,
    );
  }
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as Sample;
}

/** Bytes of an output and of every chunk it imports statically, transitively (what its import parses). */
function staticallyLoadedBytes(metafile: Metafile, ...starts: string[]): number {
  const outputs = metafile.outputs;
  const relative = (file: string) => path.relative(REPO_ROOT, file);
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out) || !outputs[out]) return;
    seen.add(out);
    for (const imported of outputs[out]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  for (const start of starts) visit(relative(start));
  return [...seen].reduce((sum, out) => sum + (outputs[out]?.bytes ?? 0), 0);
}

/** The output chunk holding one entry's module (its dynamic import target). */
function chunkOf(metafile: Metafile, handler: string): string | undefined {
  const module = `functions/${handler}.ts`;
  return Object.entries(metafile.outputs).find(([, out]) => out.entryPoint === module)?.[0];
}

interface AreaBundle {
  area: AreaName;
  entry: string;
  metafile: Metafile;
  usage: AreaUsage;
  codeBytes: number;
  services: AwsService[];
}

async function bundleArea(area: AreaName, vocabulary: ReturnType<typeof sdkVocabulary>): Promise<AreaBundle> {
  const outdir = path.join(OUT_DIR, area);
  mkdirSync(outdir, { recursive: true });
  const [deployed, analysis] = await Promise.all([
    build(areaBuildOptions(area, outdir)),
    build(areaBuildOptions(area, outdir, { analysis: true })),
  ]);
  const metafile = deployed.metafile as Metafile;
  const usage = analyzeArea(
    (analysis.outputFiles ?? []).map((f) => f.text),
    vocabulary,
  );
  const codeBytes = Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.mjs'))
    .reduce((sum, [, out]) => sum + out.bytes, 0);
  return {
    area,
    entry: path.join(outdir, BUNDLE_FILE),
    metafile,
    usage,
    codeBytes,
    services: Object.keys(usage.operations) as AwsService[],
  };
}

async function main(): Promise<void> {
  const runs = Number(option('runs', '5'));
  const only = option('areas', '').split(',').filter(Boolean);
  const unknown = only.filter((a) => !(areaNames() as string[]).includes(a));
  if (unknown.length > 0) throw new Error(`Unknown areas: ${unknown.join(', ')}`);
  rmSync(OUT_DIR, { recursive: true, force: true });
  const env = lambdaLikeEnv();
  const vocabulary = sdkVocabulary(path.join(REPO_ROOT, 'node_modules'));

  // 1. Bundle every area (and analyse it), then one floor per set of clients.
  const bundles: AreaBundle[] = [];
  const failed: string[][] = [];
  for (const area of areaNames().filter((a) => only.length === 0 || only.includes(a))) {
    try {
      bundles.push(await bundleArea(area, vocabulary));
    } catch (error) {
      failed.push([area, '-', '-', '-', '-', '-', '-', 'FAIL', '-', String(error).slice(0, 160)]);
    }
  }
  const floors = new Map<string, { file: string; bytes: number }>();
  for (const { services } of bundles) {
    for (const powertools of [false, true]) {
      const name = floorName(services, powertools);
      if (!floors.has(name)) floors.set(name, await buildFloor(services, powertools));
    }
  }

  // 2. Cold starts, round-robin over every route of every area, each followed by the area's floor: a
  // slow spell of this shared machine then costs every route one sample, and its floor the same.
  const routeSamples = new Map<string, Sample[]>();
  const floorSamples = new Map<AreaName, Sample[]>();
  // Each route sample minus the floor sample taken right after it: a slow spell of the machine that
  // lasts both processes cancels out of the pair.
  const pairedOver = new Map<string, { wall: number; cpu: number }[]>();
  const referenceSamples = new Map<AreaName, number[]>();
  for (let run = 0; run < runs; run++) {
    for (const bundle of bundles) {
      const floor = floors.get(floorName(bundle.services));
      const reference = floors.get(floorName(bundle.services, true));
      if (reference)
        referenceSamples.set(bundle.area, [
          ...(referenceSamples.get(bundle.area) ?? []),
          coldStart(reference.file, env).wall,
        ]);
      for (const { key } of areaEntries(bundle.area)) {
        const id = `${bundle.area} ${key}`;
        try {
          const sample = coldStart(bundle.entry, env, key);
          routeSamples.set(id, [...(routeSamples.get(id) ?? []), sample]);
          if (floor) {
            const floorSample = coldStart(floor.file, env);
            floorSamples.set(bundle.area, [...(floorSamples.get(bundle.area) ?? []), floorSample]);
            pairedOver.set(id, [
              ...(pairedOver.get(id) ?? []),
              { wall: sample.wall - floorSample.wall, cpu: sample.cpu - floorSample.cpu },
            ]);
          }
        } catch (error) {
          if (run === 0) console.error(`${id}: ${error instanceof Error ? error.message : error}`);
        }
      }
    }
  }

  // 3. One row per area: its slowest route against its floor.
  const rows: string[][] = [];
  let passed = 0;
  for (const bundle of bundles) {
    const entries = areaEntries(bundle.area);
    const perRoute = entries
      .map(({ key, handler }) => {
        const samples = routeSamples.get(`${bundle.area} ${key}`) ?? [];
        const pairs = pairedOver.get(`${bundle.area} ${key}`) ?? [];
        return {
          key,
          handler,
          wall: median(samples.map((s) => s.wall)),
          cpu: median(samples.map((s) => s.cpu)),
          over: pairs.length > 0 ? median(pairs.map((p) => p.wall)) : Number.NaN,
          overCpu: pairs.length > 0 ? median(pairs.map((p) => p.cpu)) : Number.NaN,
          n: samples.length,
        };
      })
      .sort((a, b) => b.over - a.over);
    const worst = perRoute[0];
    const floor = floors.get(floorName(bundle.services));
    const floorMedian = median((floorSamples.get(bundle.area) ?? []).map((f) => f.wall));
    const floorCpu = median((floorSamples.get(bundle.area) ?? []).map((f) => f.cpu));
    if (!worst || worst.n === 0 || !floor) {
      rows.push([
        bundle.area,
        String(entries.length),
        kb(bundle.codeBytes),
        '-',
        '-',
        '-',
        '-',
        'FAIL',
        '-',
        'import failed',
      ]);
      continue;
    }
    const worstChunk = chunkOf(bundle.metafile, worst.handler);
    const loaded = staticallyLoadedBytes(
      bundle.metafile,
      bundle.entry,
      ...(worstChunk ? [path.join(REPO_ROOT, worstChunk)] : []),
    );
    const over = worst.over;
    const overReference = worst.wall - median(referenceSamples.get(bundle.area) ?? []);
    const ok = over <= MAX_OVER_FLOOR_MS && bundle.codeBytes <= MAX_BYTES;
    if (ok) passed++;
    rows.push([
      bundle.area,
      String(entries.length),
      kb(bundle.codeBytes),
      kb(loaded),
      `${ms(worst.wall)} (${ms(worst.cpu)} cpu)`,
      `${ms(floorMedian)} (${ms(floorCpu)} cpu) [${floorName(bundle.services)}, ${kb(floor.bytes)}]`,
      `${over >= 0 ? '+' : ''}${ms(over)} (${worst.overCpu >= 0 ? '+' : ''}${ms(worst.overCpu)} cpu)`,
      ok ? 'PASS' : 'FAIL',
      `${overReference >= 0 ? '+' : ''}${ms(overReference)}`,
      worst.key,
    ]);
  }

  console.log(
    `Area functions bundled like cdk/constructs/area-function.ts; cold start = import of index.mjs + the route's first dispatch (its module and the schemas it parses on every request), median of ${runs} fresh processes per route with the Lambda runtime's variables and the functions' ${Object.entries(
      FUNCTION_ENVIRONMENT_DEFAULTS,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(
        ' ',
      )}, routes taken round-robin, each followed by the area's floor (its SDK clients imported, constructed on first use as the handlers construct theirs)\n`,
  );
  console.log(
    formatTable(
      [
        'area',
        'routes',
        'code',
        'loaded',
        'slowest route cold start',
        'floor (SDK clients only)',
        'route - floor (paired)',
        'result',
        'over clients+Powertools',
        'slowest route',
      ],
      [...rows, ...failed],
      'lrrrrrrlrl',
    ),
  );
  console.log(
    `\n${passed} of ${bundles.length + failed.length} areas within targets (cold start <= floor + ${MAX_OVER_FLOOR_MS} ms, code <= ${kb(MAX_BYTES)}). ` +
      `"code": all chunks of the area; "loaded": what the slowest route's cold start parses; "cpu": user + system time of the same processes, which a busy machine barely moves; ` +
      `"over clients+Powertools": the same route against a reference of those clients traced by Powertools, with its Logger and Metrics (what every area carries; information, not the target).`,
  );
  console.log(
    `\n${formatTable(
      ['area', 'all routes cold start', 'difference', 'route medians', 'Powertools reference - floor'],
      bundles.map((bundle) => diagnosticRow(bundle, routeSamples, floorSamples, referenceSamples)),
      'lrrrr',
    )}`,
  );
  console.log(
    '\nDiagnostics, not the target: "all routes": the median of every sample of every route of the area against the same floor ' +
      '(the table above takes the slowest route by its paired difference: with one bundle for all routes, as now, the routes load the same code ' +
      'and that maximum over many routes of few-sample medians still leans on the noise of a busy machine); "route medians": fastest to slowest; ' +
      '"Powertools reference - floor": what the Powertools Tracer, Logger and Metrics alone cost in the same run.',
  );
  console.log(`Bundles kept in ${path.relative(REPO_ROOT, OUT_DIR)}/ for inspection.`);
}

/** One row of the diagnostics table: the area over all its routes' samples, measured in the same run. */
function diagnosticRow(
  bundle: AreaBundle,
  routeSamples: ReadonlyMap<string, Sample[]>,
  floorSamples: ReadonlyMap<AreaName, Sample[]>,
  referenceSamples: ReadonlyMap<AreaName, number[]>,
): string[] {
  const perRoute = areaEntries(bundle.area).map(({ key }) => routeSamples.get(`${bundle.area} ${key}`) ?? []);
  const all = perRoute.flat();
  const floor = floorSamples.get(bundle.area) ?? [];
  if (all.length === 0 || floor.length === 0) return [bundle.area, '-', '-', '-', '-'];
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${ms(value)}`;
  const wall = median(all.map((s) => s.wall));
  const cpu = median(all.map((s) => s.cpu));
  const floorWall = median(floor.map((s) => s.wall));
  const floorCpu = median(floor.map((s) => s.cpu));
  const medians = perRoute.filter((s) => s.length > 0).map((s) => median(s.map((x) => x.wall)));
  return [
    bundle.area,
    `${ms(wall)} (${ms(cpu)} cpu)`,
    `${signed(wall - floorWall)} (${signed(cpu - floorCpu)} cpu)`,
    `${ms(Math.min(...medians))} - ${ms(Math.max(...medians))}`,
    signed(median(referenceSamples.get(bundle.area) ?? []) - floorWall),
  ];
}

await main();
