import { performance } from 'node:perf_hooks';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { INSTANCE_STATUSES } from '@shared/sub-models/instances';
import { idToken } from '../../test/support/local-cloud';
import { createModelEntry, demoMetadata, demoRoles } from '../../test/support/model-entries';
import { type LocalEndpoints, readEndpoints } from '../local/endpoints';
import { applyHandlerEnv, handlerEnv } from '../local/env';
import { startBenchCloud, stopBenchCloud } from './bench-cloud';
import { benchHttpClient } from './http-client';
import { formatTable, ms, option, percentile, verdict } from './stats';

/**
 * The instance list at scale (issue 10): `--count` (10,000) instances of one WebModel 2.0 entry, then
 * `--requests` (200) list queries with varied filters (status lists, a name, a creator, a month, a
 * search, hidden, 'mine', orders, deep offsets, page sizes up to 1000), measured three ways and
 * interleaved so that each sees the same machine noise:
 * - handler: the area's handler module called in this process with an API Gateway event, as Lambda
 *   calls it (caller lookup, entry read, counter read, the in-memory list, the JSON answer);
 * - gateway: the same request over HTTP through the local gateway (JWT check, worker hop), for context;
 * - floor: a direct consistent DynamoDB Query of one page (20 instances, the list's projection).
 * Target: handler p95 ≤ 50 ms; the ratio to the floor is printed. Also printed: the reload after a
 * change (the first request after the counter moves re-reads all instances), which the warm figures
 * leave out.
 *
 * The entry is made through the API; its sub-models and instances are written straight into the table
 * in the layout of functions/data (10,000 creates through the API would measure the create route).
 *
 * Usage: `npx tsx scripts/bench/instances.ts [--count 10000] [--requests 200]`. With MR_ENDPOINTS_FILE
 * (or `--endpoints <file>`) it uses that local cloud; otherwise it starts one in test mode
 * (`--data-dir .local/bench-instances`, port offset MR_PORT_OFFSET or 950) and stops it afterwards.
 */
const TARGET_P95_MS = 50;
const CALLER = 'owner';

const CREATORS = [
  ['owner', 'Olivia Owner'],
  ['lead', 'Leo Lead'],
  ['steward', 'Stella Steward'],
  ['viewer', 'Victor Viewer'],
  ['modeler', 'Mona Modeler'],
] as const;
const WORDS = [
  'Base',
  'Vaccine',
  'Uptake',
  'Screening',
  'Cost',
  'QALY',
  'Cohort',
  'Booster',
  'Waning',
  'Herd',
];

/** Sub-models and `count` instances of the entry, in the table's layout; returns the sub-model ids. */
async function seed(uuid: string, count: number): Promise<string[]> {
  const { ddb } = await import('../../functions/data/dynamodb-client');
  const { tableName } = await import('../../functions/data/table');
  const TableName = tableName();
  const now = new Date().toISOString();
  const subModels = [
    ['BENCHSCEN1', 'scenario'],
    ['BENCHSCEN2', 'scenario'],
    ['BENCHCAL1', 'calibration'],
  ] as const;
  for (const [id, type] of subModels) {
    await ddb().send(
      new PutCommand({
        TableName,
        Item: {
          pk: `SUBMODELS#${uuid}`,
          sk: `SUBMODEL#${id}`,
          entity: 'SubModel',
          modelUuid: uuid,
          id,
          type,
          name: `Bench ${type} ${id}`,
          environment: 'Excel 365',
          executionModels: ['bench-file'],
          timeoutSeconds: 600,
          outputPathDir: 'out',
          definitionType: 'JSON',
          version: 1,
          createdBy: CALLER,
          createdOn: now,
          modifiedOn: now,
        },
      }),
    );
  }
  const requests: Record<string, unknown>[] = [];
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < count; i++) {
    const id = `BENCH${String(i).padStart(6, '0')}`;
    const [createdBy, createdByName] = CREATORS[i % CREATORS.length] as (typeof CREATORS)[number];
    const [subModelId, type] = subModels[i % subModels.length] as (typeof subModels)[number];
    const name = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} run ${i}`;
    const created = new Date(start + ((i * 7919) % 365) * 86_400_000 + i * 1000).toISOString();
    requests.push({
      PutRequest: {
        Item: {
          pk: `INSTANCES#${uuid}`,
          sk: `INST#${id}`,
          entity: 'Instance',
          modelUuid: uuid,
          id,
          name,
          nameKey: name.toLowerCase(),
          ...(i % 4 === 0 ? { label: `Label ${WORDS[(i * 3) % WORDS.length]}` } : {}),
          status: INSTANCE_STATUSES[(i * 13) % INSTANCE_STATUSES.length],
          createdBy,
          createdByName,
          createdOn: created,
          modifiedOn: created,
          outdated: i % 17 === 0,
          hidden: i % 23 === 0,
          type,
          executionSetupId: subModelId,
          modelInputId: 'bench-input',
          sharedWith: i % 11 === 0 ? ['viewer'] : [],
          rev: 1,
        },
      },
    });
    requests.push({
      PutRequest: {
        Item: {
          pk: `INSTANCES#${uuid}`,
          sk: `NAME#${name.toLowerCase()}`,
          entity: 'InstanceName',
          name,
          instanceId: id,
        },
      },
    });
  }
  // Four batches in flight: DynamoDB Local takes minutes for 20,000 items one batch at a time.
  const { batchWriteAll } = await import('../../functions/data/table');
  const batches: (typeof requests)[] = [];
  for (let at = 0; at < requests.length; at += 25) batches.push(requests.slice(at, at + 25));
  let nextBatch = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (nextBatch < batches.length) {
        const batch = batches[nextBatch++] as typeof requests;
        await batchWriteAll(batch as Parameters<typeof batchWriteAll>[0]);
      }
    }),
  );
  await ddb().send(
    new UpdateCommand({
      TableName,
      Key: { pk: `INSTANCES#${uuid}`, sk: 'REV' },
      UpdateExpression: 'ADD #rev :one',
      ExpressionAttributeNames: { '#rev': 'rev' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
  return subModels.map(([id]) => id);
}

/** The varied queries: every filter, order and paging of the contract. */
function queries(subModelIds: readonly string[]): Record<string, string>[] {
  const [first, second, calibration] = subModelIds as [string, string, string];
  return [
    {},
    { executionSetupId: first },
    { executionSetupId: second, status: 'DRAFT,FAILED,CANCELLED' },
    { status: 'COMPLETED' },
    { name: 'Vaccine Booster run 1001' },
    { createdBy: 'viewer,lead' },
    { createdOnMonth: '6' },
    { query: 'uptake' },
    { hidden: 'false', orderBy: 'name', orderDesc: 'false' },
    { view: 'mine' },
    { orderBy: 'status', orderDesc: 'true', pageSize: '50' },
    { orderBy: 'createdBy', orderDesc: 'false', pageIndex: '5000' },
    { executionSetupId: first, pageSize: '100', pageIndex: '200' },
    {
      executionSetupId: calibration,
      status: 'ACCEPTED',
      orderBy: 'name',
      orderDesc: 'false',
      pageSize: '1000',
    },
    { query: 'cost', createdOnMonth: '3', status: 'DRAFT' },
  ];
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  const count = Number(option('count', '10000'));
  const requests = Number(option('requests', '200'));
  const given = option('endpoints', process.env.MR_ENDPOINTS_FILE ?? '');
  const started = given ? undefined : await startBenchCloud('bench-instances', 950);
  try {
    const endpoints: LocalEndpoints = readEndpoints(given || started?.endpointsFile);
    applyHandlerEnv(handlerEnv(endpoints));
    const token = await idToken(CALLER, endpoints);

    const entry = await createModelEntry(
      await idToken('lead', endpoints),
      {
        files: [],
        metadata: demoMetadata({
          platform: 'WebModel 2.0',
          suffix: `bench instances ${Date.now().toString(36)}`,
        }),
        roles: demoRoles({ calibrationModelers: ['modeler'] }),
      },
      endpoints,
    );
    const uuid = entry.uuid as string;
    const seedStart = performance.now();
    const subModelIds = await seed(uuid, count);
    const seedMs = performance.now() - seedStart;

    const { handler } = await import('../../functions/http/instances/list-instances');
    const { httpEvent, lambdaContext, claimsFor } = await import('../../functions/testing/http-event');
    const { ddb } = await import('../../functions/data/dynamodb-client');
    const { tableName } = await import('../../functions/data/table');
    const routeKey = 'GET /v2/models/{uuid}/instances';
    const variants = queries(subModelIds);
    let v = 0;
    const next = () => variants[v++ % variants.length] as Record<string, string>;

    const viaHandler = async (query: Record<string, string>) => {
      const res = await handler(
        httpEvent({
          routeKey,
          path: `/v2/models/${uuid}/instances`,
          params: { uuid },
          query,
          claims: claimsFor(CALLER),
        }),
        lambdaContext,
      );
      if (res.statusCode !== 200) throw new Error(`handler: ${res.statusCode} ${res.body}`);
      return JSON.parse(res.body ?? '{}') as { total: number; items: unknown[] };
    };
    const http = benchHttpClient();
    const viaGateway = async (query: Record<string, string>) => {
      const res = await http.send(
        `${endpoints.api}/v2/models/${uuid}/instances?${new URLSearchParams(query)}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      if (res.status !== 200) throw new Error(`gateway: ${res.status} ${res.body}`);
    };
    const { SUMMARY_FIELDS: projection } = await import('../../functions/data/instances');
    const floor = () =>
      ddb().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :inst)',
          ExpressionAttributeValues: { ':pk': `INSTANCES#${uuid}`, ':inst': 'INST#' },
          ProjectionExpression: projection.map((f) => `#${f}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(projection.map((f) => [`#${f}`, f])),
          ConsistentRead: true,
          Limit: 20,
        }),
      );
    const time = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };

    // Cold: the first request loads the whole list (the handler's and the gateway worker's own).
    const coldHandler = await time(() => viaHandler({}));
    const coldGateway = await time(() => viaGateway({}));
    const total = (await viaHandler({})).total;

    // Reloads after a change: the counter moves, the next request re-reads every instance.
    const reloads: number[] = [];
    for (let i = 0; i < 5; i++) {
      await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: `INSTANCES#${uuid}`, sk: 'REV' },
          UpdateExpression: 'ADD #rev :one',
          ExpressionAttributeNames: { '#rev': 'rev' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
      reloads.push(await time(() => viaHandler({})));
    }

    const samples = { handler: [] as number[], gateway: [] as number[], floor: [] as number[] };
    for (let i = 0; i < 20; i++) {
      const q = next();
      await viaHandler(q);
      await viaGateway(q);
      await floor();
    }
    for (let i = 0; i < requests; i++) {
      const q = next();
      samples.handler.push(await time(() => viaHandler(q)));
      samples.gateway.push(await time(() => viaGateway(q)));
      samples.floor.push(await time(floor));
    }
    http.close();

    const base50 = percentile(samples.floor, 50);
    const base95 = percentile(samples.floor, 95);
    const row = (name: string, s: number[], target?: number) => {
      const p95 = percentile(s, 95);
      return [
        name,
        ms(percentile(s, 50)),
        ms(p95),
        `${(percentile(s, 50) / base50).toFixed(2)}×`,
        `${(p95 / base95).toFixed(2)}×`,
        target ? `≤ ${target} ms (p95)` : '',
        target ? verdict(p95 <= target) : '',
      ];
    };
    console.log(
      `Instance list benchmark: ${total} instances visible to '${CALLER}' in one entry (${count} seeded in ` +
        `${(seedMs / 1000).toFixed(1)} s), ${requests} requests per case over ${variants.length} query variants.`,
    );
    console.log(
      `Cold: first handler request ${ms(coldHandler)} (loads the list), first gateway request ${ms(coldGateway)}; ` +
        `reload after a change (counter moved) p50 ${ms(percentile(reloads, 50))}, max ${ms(Math.max(...reloads))}.`,
    );
    console.log(
      formatTable(
        ['case', 'p50', 'p95', 'p50 / Query', 'p95 / Query', 'target', ''],
        [
          row('list via the handler (in process)', samples.handler, TARGET_P95_MS),
          row('list via the local gateway (HTTP)', samples.gateway),
          row('DynamoDB Query of one page (floor)', samples.floor),
        ],
        'lrrrrll',
      ),
    );
  } finally {
    if (started) await stopBenchCloud(started.child);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
