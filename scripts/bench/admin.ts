import { performance } from 'node:perf_hooks';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@shared/schemas/user';
import { idToken } from '../../test/support/local-cloud';
import { type LocalEndpoints, readEndpoints } from '../local/endpoints';
import { applyHandlerEnv, handlerEnv } from '../local/env';
import { startBenchCloud, stopBenchCloud } from './bench-cloud';
import { benchHttpClient } from './http-client';
import { formatTable, ms, option, percentile, verdict } from './stats';

/**
 * The Admin Space at scale (issue 20 §10). Sections: `user list` (this file's first); further
 * sections (option usage counts, renames) add a function of their own and a line in `main`.
 *
 * User list: `--users` (20,000) internal users written straight into the table in the layout of
 * functions/data/users.ts (20,000 enrolments through the API would measure the enrol route), then
 * `--requests` (200) list queries with varied search texts, sorts, orders, offsets and page sizes,
 * measured three ways and interleaved so that each sees the same machine noise:
 * - handler: GET /v2/admin/users's handler module called in this process with an API Gateway event,
 *   as Lambda calls it (caller lookup, the list version read, the in-memory list, the JSON answer);
 * - gateway: the same request over HTTP through the local gateway (JWT check, worker hop), for context;
 * - floor: one strongly consistent GetItem (the list version), the least any request does.
 * Target: handler p95 ≤ 50 ms. Also printed: the cold load and the reload after a change (the version
 * moved: both GSI1 partitions are read again), which the warm figures leave out.
 *
 * Usage: `npx tsx scripts/bench/admin.ts [--users 20000] [--requests 200]`. With MR_ENDPOINTS_FILE (or
 * `--endpoints <file>`) it uses that local cloud; otherwise it starts one in test mode
 * (`--data-dir .local/bench-admin`, port offset MR_PORT_OFFSET or 960) and stops it afterwards.
 */
const TARGET_P95_MS = 50;
const CALLER = 'admin';

const FIRST = [
  'Anna',
  'Ben',
  'Chloe',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
];
const LAST = [
  'Smith',
  'Müller',
  'Rossi',
  'Dubois',
  'Novak',
  'Garcia',
  'Kowalski',
  'Jensen',
  'Silva',
  'Nakamura',
];

/** `count` internal users (every 50th a super user, every 7th inactive), ids bench-u00001…, idempotent. */
async function seedUsers(count: number): Promise<void> {
  const { batchWriteAll } = await import('../../functions/data/table');
  const { getUser, toUserItem } = await import('../../functions/data/users');
  // A previous run on this cloud wrote them already (the writes take minutes on a busy machine).
  if (await getUser(`bench-u${String(count).padStart(5, '0')}`)) return;
  const users: User[] = Array.from({ length: count }, (_, i) => {
    const firstName = FIRST[i % FIRST.length] ?? 'Anna';
    const lastName = `${LAST[(i * 7) % LAST.length] ?? 'Smith'}${i % 97}`;
    const id = `bench-u${String(i + 1).padStart(5, '0')}`;
    return {
      id,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i}@corp.example`.toLowerCase(),
      active: i % 7 !== 0,
      userType: i % 50 === 0 ? 'SUPERUSER' : 'INTERNALUSER',
      createdOn: '2026-01-01T00:00:00.000Z',
    };
  });
  await batchWriteAll(users.map((u) => ({ PutRequest: { Item: toUserItem(u) } })));
}

function queries(): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const sorts = ['lastName', 'firstName', 'id', 'email', 'active', 'userType'];
  const texts = ['', '', 'anna', 'novak', 'müller4', 'bench-u1', 'corp.example', 'zzz-none', 'grace s'];
  for (let i = 0; i < 60; i++) {
    out.push({
      q: texts[i % texts.length] ?? '',
      sort: sorts[i % sorts.length] ?? 'lastName',
      order: i % 3 === 0 ? 'desc' : 'asc',
      offset: String((i % 5) * 1000),
      limit: String([10, 20, 50, 100][i % 4]),
    });
  }
  return out;
}

async function userList(endpoints: LocalEndpoints, users: number, requests: number): Promise<void> {
  const token = await idToken(CALLER, endpoints);
  const seedStart = performance.now();
  await seedUsers(users);
  const seedMs = performance.now() - seedStart;

  const { handler } = await import('../../functions/http/admin/list-users');
  const { httpEvent, lambdaContext, claimsFor } = await import('../../functions/testing/http-event');
  const { ddb } = await import('../../functions/data/dynamodb-client');
  const { tableName } = await import('../../functions/data/table');
  const { userListVersionKey } = await import('../../functions/data/users');
  const routeKey = 'GET /v2/admin/users';
  const variants = queries();
  let v = 0;
  const next = () => variants[v++ % variants.length] as Record<string, string>;

  const viaHandler = async (query: Record<string, string>) => {
    const res = await handler(
      httpEvent({ routeKey, path: '/v2/admin/users', query, claims: claimsFor(CALLER) }),
      lambdaContext,
    );
    if (res.statusCode !== 200) throw new Error(`handler: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body ?? '{}') as { total: number; items: unknown[] };
  };
  const http = benchHttpClient();
  const viaGateway = async (query: Record<string, string>) => {
    const res = await http.send(`${endpoints.api}/v2/admin/users?${new URLSearchParams(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200) throw new Error(`gateway: ${res.status} ${res.body}`);
  };
  const floor = () =>
    ddb().send(new GetCommand({ TableName: tableName(), Key: userListVersionKey, ConsistentRead: true }));
  const bump = () =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userListVersionKey,
        UpdateExpression: 'ADD #v :one',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  const time = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };

  // The seed wrote around the data layer: move the version so every copy is read again.
  await bump();
  const coldHandler = await time(() => viaHandler({}));
  const coldGateway = await time(() => viaGateway({}));
  const total = (await viaHandler({})).total;

  const reloads: number[] = [];
  for (let i = 0; i < 5; i++) {
    await bump();
    reloads.push(await time(() => viaHandler({})));
  }

  const samples = { handler: [] as number[], gateway: [] as number[], floor: [] as number[] };
  // Warm-up: every sort's order is computed once per copy.
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
    `User list benchmark: ${total} internal users listed (${users} seeded in ${(seedMs / 1000).toFixed(1)} s), ` +
      `${requests} requests per case over ${variants.length} query variants.`,
  );
  console.log(
    `Cold: first handler request ${ms(coldHandler)} (loads the list), first gateway request ${ms(coldGateway)}; ` +
      `reload after a change (version moved) p50 ${ms(percentile(reloads, 50))}, max ${ms(Math.max(...reloads))}.`,
  );
  console.log(
    formatTable(
      ['case', 'p50', 'p95', 'p50 / GetItem', 'p95 / GetItem', 'target', ''],
      [
        row('list via the handler (in process)', samples.handler, TARGET_P95_MS),
        row('list via the local gateway (HTTP)', samples.gateway),
        row('consistent GetItem of the version (floor)', samples.floor),
      ],
      'lrrrrll',
    ),
  );
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  const users = Number(option('users', '20000'));
  const requests = Number(option('requests', '200'));
  const given = option('endpoints', process.env.MR_ENDPOINTS_FILE ?? '');
  const started = given ? undefined : await startBenchCloud('bench-admin', 960);
  try {
    const endpoints: LocalEndpoints = readEndpoints(given || started?.endpointsFile);
    applyHandlerEnv(handlerEnv(endpoints));
    await userList(endpoints, users, requests);
  } finally {
    if (started) await stopBenchCloud(started.child);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
