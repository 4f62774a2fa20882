import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamicSearchResult, ModelListPage } from '@shared/schemas/model-api';
import { idToken } from '../../test/support/local-cloud';
import { readEndpoints } from '../local/endpoints';
import { LOCAL_CREDENTIALS } from '../local/env';
import { benchHttpClient } from './http-client';
import { formatTable, median, ms, option, percentile } from './stats';

/**
 * The catalogue at scale (issue 3 §6, issue 8 §4), in two parts:
 * - cold: `--cold-runs` fresh processes (scripts/bench/catalogue-cold.ts), each loading the projection
 *   from the snapshot in S3 and the change log, then answering one Dynamic View search, as a new
 *   search Lambda instance does. Figures: load, first search, load + first search (target ≤ 1.5 s),
 *   and the V8 heap held afterwards (target ≤ 150 MB; the typed columns' ArrayBuffers beside it).
 * - warm: p50/p95 through the local gateway of a list page (default query, and with a search word),
 *   the Dynamic View with 0, 1 and 3 facets, and a detail read (GET /v2/models/{uuid}), each next to
 *   a direct DynamoDB GetItem of a model item measured interleaved in the same run (same machine
 *   noise). Targets: list ≤ 50 ms, dynamic search ≤ 100 ms (p95), detail ≤ 1.5 × GetItem (p95 over
 *   GetItem's p95).
 *
 * Usage, against a local cloud seeded with `npm run seed:models -- --count 100000`:
 *   MR_ENDPOINTS_FILE=<dataDir>/endpoints.json npx tsx scripts/bench/catalogue.ts [--requests 200] [--persona owner] [--cold-runs 3]
 */
const COLD_TARGET_MS = 1500;
const COLD_HEAP_TARGET_MB = 150;
const passFail = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

interface ColdRun {
  importMs: number;
  loadMs: number;
  firstSearchMs: number;
  total: number;
  snapshotMb: number;
  heapUsedMb: number;
  arrayBuffersMb: number;
  maxRssMb: number;
}

/** One cold start in a fresh `node` process (tsx loads the TypeScript; see catalogue-cold.ts). */
async function coldRun(userId: string, userType: string): Promise<ColdRun> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'scripts/bench/catalogue-cold.ts', userId, userType],
    { env: process.env, maxBuffer: 16 * 1024 * 1024 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('COLD '));
  if (!line) throw new Error(`The cold run printed no result:\n${stdout}`);
  return JSON.parse(line.slice('COLD '.length)) as ColdRun;
}

interface Case {
  name: string;
  target: { ms?: number; ratio?: number };
  run: () => Promise<unknown>;
  samples: number[];
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const requests = Number(option('requests', '200'));
  const endpoints = readEndpoints();
  const persona = endpoints.personas.find((p) => p.key === option('persona', 'owner'));
  if (!persona) throw new Error('Unknown persona');
  const coldRuns = Number(option('cold-runs', '3'));
  const cold: ColdRun[] = [];
  for (let i = 0; i < coldRuns; i++) cold.push(await coldRun(persona.username, persona.userType));
  const token = await idToken(persona.key, endpoints);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Same HTTP stack as the SDK's direct reads (./http-client.ts), so the ratios compare like with like.
  const http = benchHttpClient();
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await http.send(`${endpoints.api}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status < 200 || res.status > 299) throw new Error(`${path}: ${res.status} ${res.body}`);
    return JSON.parse(res.body) as T;
  };
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };

  // The gateway's first request loads its projection (snapshot + replay): reported apart, not in the samples.
  const gatewayCold = await time(() => call('/v2/models'));
  const first = await call<ModelListPage>('/v2/models?pageSize=100');
  const everything = await call<DynamicSearchResult>('/v2/models/search', { filters: {} });
  const topArea = everything.availableFilters.therapeutic_area.sort((a, b) => b.count - a.count)[0]?.value;
  const topKind = everything.availableFilters.global.sort((a, b) => b.count - a.count)[0]?.value;
  const topPlatform = everything.availableFilters.platform.sort((a, b) => b.count - a.count)[0]?.value;
  const three = {
    therapeutic_area: topArea ? [topArea] : [],
    global: topKind ? [topKind] : [],
    platform: topPlatform ? [topPlatform] : [],
  };
  const uuids = first.items.map((i) => i.uuid);
  if (uuids.length === 0) throw new Error('The catalogue is empty: seed it first (npm run seed:models)');
  let k = 0;
  const nextUuid = () => uuids[k++ % uuids.length] as string;

  const ddb = new DynamoDBClient({
    endpoint: endpoints.dynamodb,
    region: endpoints.region,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  const getItem = (beside: string): Case => ({
    name: `DynamoDB GetItem MODEL#<uuid>/META (direct, beside ${beside})`,
    target: {},
    samples: [],
    run: () =>
      ddb.send(
        new GetItemCommand({
          TableName: endpoints.tableName,
          Key: { pk: { S: `MODEL#${nextUuid()}` }, sk: { S: 'META' } },
        }),
      ),
  });
  /*
   * Two phases, each interleaving its cases with direct GetItems so that every case sees the same
   * machine noise as the reads it is compared with. The detail read gets a phase of its own: locally
   * every function shares the gateway's process, so the garbage of 100,000-entry searches would be
   * collected during the detail reads that follow them; in AWS the search and detail functions are
   * separate Lambdas with heaps of their own.
   */
  const phases: { reference: Case; cases: Case[] }[] = [
    {
      reference: getItem('list and search'),
      cases: [
        { name: 'list: default page', target: { ms: 50 }, samples: [], run: () => call('/v2/models') },
        {
          name: 'list: search "melanoma"',
          target: { ms: 50 },
          samples: [],
          run: () => call('/v2/models?search=melanoma'),
        },
        {
          name: 'dynamic search: 0 facets',
          target: { ms: 100 },
          samples: [],
          run: () => call('/v2/models/search', { filters: {} }),
        },
        {
          name: 'dynamic search: 1 facet',
          target: { ms: 100 },
          samples: [],
          run: () => call('/v2/models/search', { filters: { therapeutic_area: three.therapeutic_area } }),
        },
        {
          name: 'dynamic search: 3 facets',
          target: { ms: 100 },
          samples: [],
          run: () => call('/v2/models/search', { filters: three }),
        },
      ],
    },
    {
      reference: getItem('detail'),
      cases: [
        {
          name: 'detail: GET /v2/models/{uuid}',
          target: { ratio: 1.5 },
          samples: [],
          run: () => call(`/v2/models/${nextUuid()}`),
        },
      ],
    },
  ];
  for (const { reference, cases } of phases) {
    // Warm-up, then interleaved rounds.
    for (let i = 0; i < 10; i++) for (const c of [reference, ...cases]) await c.run();
    for (let i = 0; i < requests; i++) {
      for (const c of [reference, ...cases]) c.samples.push(await time(c.run));
    }
  }
  ddb.destroy();
  http.close();

  // The figures are p95s, each with its ratio to a direct GetItem of its phase: p95 over
  // GetItem's p95 (and p50 over p50 beside it, for the typical request).
  const rows = phases.flatMap(({ reference, cases }) => {
    const base50 = percentile(reference.samples, 50);
    const base95 = percentile(reference.samples, 95);
    return [reference, ...cases].map((c) => {
      const p50 = percentile(c.samples, 50);
      const p95 = percentile(c.samples, 95);
      const target = c.target.ms
        ? `≤ ${c.target.ms} ms (p95)`
        : c.target.ratio
          ? `≤ ${c.target.ratio}× GetItem (p95)`
          : '';
      const ok = c.target.ms ? p95 <= c.target.ms : c.target.ratio ? p95 / base95 <= c.target.ratio : true;
      return [
        c.name,
        ms(p50),
        ms(p95),
        `${(p50 / base50).toFixed(2)}×`,
        `${(p95 / base95).toFixed(2)}×`,
        target,
        target ? passFail(ok) : '',
      ];
    });
  });
  console.log(
    `Catalogue benchmark: persona ${persona.key}, ${requests} requests per case, ` +
      `${everything.total} entries visible in the Dynamic View, ${first.total} in the default list.`,
  );
  console.log(`Three facets: ${JSON.stringify(three)}.`);
  if (cold.length > 0) {
    const figure = (pick: (r: ColdRun) => number) => {
      const values = cold.map(pick);
      return { median: median(values), max: Math.max(...values) };
    };
    const mb = (value: number) => `${value.toFixed(1)} MB`;
    const coldRow = (
      name: string,
      pick: (r: ColdRun) => number,
      format: (v: number) => string,
      target?: { limit: number; text: string },
    ) => {
      const { median: mid, max } = figure(pick);
      return [
        name,
        format(mid),
        format(max),
        target?.text ?? '',
        target ? passFail(max <= target.limit) : '',
      ];
    };
    const first = cold[0] as ColdRun;
    console.log(
      `\nCold start: ${cold.length} fresh processes (snapshot ${mb(first.snapshotMb)} compressed; ` +
        `${first.total} entries in the first Dynamic View answer); the verdict holds the worst run to the target.`,
    );
    console.log(
      formatTable(
        ['cold figure', 'median', 'max', 'target', ''],
        [
          coldRow('module import (tsx; see bench:bundles)', (r) => r.importMs, ms),
          coldRow('load: snapshot from S3 + change-log replay', (r) => r.loadMs, ms),
          coldRow('first Dynamic View search', (r) => r.firstSearchMs, ms),
          coldRow('load + first search', (r) => r.loadMs + r.firstSearchMs, ms, {
            limit: COLD_TARGET_MS,
            text: `≤ ${COLD_TARGET_MS} ms`,
          }),
          coldRow('V8 heap held (after a full GC)', (r) => r.heapUsedMb, mb, {
            limit: COLD_HEAP_TARGET_MB,
            text: `≤ ${COLD_HEAP_TARGET_MB} MB`,
          }),
          coldRow('ArrayBuffers (typed columns, off-heap)', (r) => r.arrayBuffersMb, mb),
          coldRow('max RSS of the process', (r) => r.maxRssMb, mb),
        ],
        'lrrll',
      ),
    );
  }
  console.log(`\nWarm (gateway process; its own first request, the projection load: ${ms(gatewayCold)}):`);
  console.log(
    formatTable(['case', 'p50', 'p95', 'p50 / GetItem', 'p95 / GetItem', 'target', ''], rows, 'lrrrrll'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
