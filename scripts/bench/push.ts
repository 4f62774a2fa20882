import WebSocket from 'ws';
import { idToken } from '../../test/support/local-cloud';
import { createModelEntry, demoMetadata, demoRoles } from '../../test/support/model-entries';
import { type LocalEndpoints, readEndpoints } from '../local/endpoints';
import { formatTable, ms, option, percentile, verdict } from './stats';

/**
 * Live notification delivery: how long a notification takes from `POST /v2/notifications` to the
 * WebSocket clients of its recipients. Opens `--clients` (200) WebSocket connections spread round-robin
 * over the recipient personas (a user may hold many connections: the push goes to each of them), creates
 * a draft entry as 'lead' whose steward, owner and viewers are those personas, then creates
 * `--notifications` (20) notifications one after another and records, per client, the time from just
 * before the POST to the message's arrival (and from the notification's `createdOn`). Target: p95 of
 * POST-to-arrival at most 250 ms. Afterwards the entry is deleted and the bench notifications cleared.
 *
 * Usage (with a local cloud running, e.g. `npx tsx scripts/local/start.ts --test`):
 *   npx tsx scripts/bench/push.ts [--clients 200] [--notifications 20]
 * It reads MR_ENDPOINTS_FILE, else the endpoints.json of `npm start` (.local/endpoints.json). Each
 * notification also writes one mail per recipient persona into the local outbox.
 */
const TARGET_P95_MS = 250;
const WARM_UP = 2;
const ARRIVAL_TIMEOUT_MS = 10_000;
const CONNECT_BATCH = 20;
const CALLER = 'lead';
/** Recipients of the bench entry's notifications: its steward, owner and viewers. */
const RECIPIENTS = ['steward', 'owner', 'viewer', 'employee', 'modeler', 'vendor'] as const;

interface ApiAnswer {
  status: number;
  body: Record<string, unknown> | undefined;
}

async function callApi(
  endpoints: LocalEndpoints,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(new URL(path, endpoints.api), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

function expectStatus(answer: ApiAnswer, status: number, what: string): Record<string, unknown> {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return answer.body ?? {};
}

/** One WebSocket client; `arrivals` maps notification ids to the arrival instant. */
interface Client {
  persona: string;
  ws: WebSocket;
  arrivals: Map<string, { perf: number; wall: number }>;
  pong: Promise<void>;
}

function openClient(endpoints: LocalEndpoints, persona: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${endpoints.ws}?token=${token}`);
    const arrivals = new Map<string, { perf: number; wall: number }>();
    let gotPong: () => void = () => undefined;
    const pong = new Promise<void>((r) => {
      gotPong = r;
    });
    ws.on('message', (data) => {
      const perf = performance.now();
      const wall = Date.now();
      const message = JSON.parse(data.toString()) as {
        type: string;
        notification?: { notificationId: string };
      };
      if (message.type === 'pong') gotPong();
      if (message.type === 'notification' && message.notification) {
        arrivals.set(message.notification.notificationId, { perf, wall });
      }
    });
    ws.once('open', () => resolve({ persona, ws, arrivals, pong }));
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`WebSocket refused with ${res.statusCode}`)),
    );
    ws.once('error', reject);
  });
}

async function waitUntil(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A draft entry whose notifications reach every recipient persona. */
async function createBenchEntry(endpoints: LocalEndpoints, token: string): Promise<string> {
  const entry = await createModelEntry(
    token,
    {
      files: [],
      metadata: demoMetadata({
        version_log: 'Push benchmark',
        suffix: `bench push ${Date.now().toString(36)}`,
      }),
      roles: demoRoles({ vestLead: CALLER, viewers: ['viewer', 'employee', 'modeler', 'vendor'] }),
    },
    endpoints,
  );
  return String(entry.uuid);
}

async function main(): Promise<void> {
  // The SDK's notice about Node 22 is noise here (Lambda runs nodejs22.x).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const clientCount = Number(option('clients', '200'));
  const notifications = Number(option('notifications', '20'));
  const endpoints = readEndpoints();

  const tokens = new Map<string, string>();
  for (const key of [CALLER, ...RECIPIENTS]) tokens.set(key, await idToken(key, endpoints));
  const tokenOf = (key: string) => tokens.get(key) ?? '';
  const uuid = await createBenchEntry(endpoints, tokenOf(CALLER));

  const clients: Client[] = [];
  const ids: string[] = [];
  try {
    for (let start = 0; start < clientCount; start += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, clientCount - start) }, (_, i) => {
        const persona = RECIPIENTS[(start + i) % RECIPIENTS.length] ?? 'viewer';
        return openClient(endpoints, persona, tokenOf(persona));
      });
      clients.push(...(await Promise.all(batch)));
    }
    // A ping round trip proves each connection is stored and reachable through @connections.
    for (const c of clients) c.ws.send(JSON.stringify({ action: 'ping' }));
    await Promise.all(clients.map((c) => c.pong));

    const fromPost: number[] = [];
    const fromCreatedOn: number[] = [];
    const postTimes: number[] = [];
    for (let round = 0; round < WARM_UP + notifications; round++) {
      const sentPerf = performance.now();
      const answer = await callApi(endpoints, tokenOf(CALLER), 'POST', '/v2/notifications', {
        modelUuid: uuid,
        action: 'NEW_MODEL_VERSION',
        userNote: `Push benchmark ${round + 1}`,
      });
      const postMs = performance.now() - sentPerf;
      const body = expectStatus(answer, 201, 'POST /v2/notifications');
      const id = String(body.notificationId);
      ids.push(id);
      await waitUntil(
        `notification ${id} on all ${clients.length} clients`,
        () => clients.every((c) => c.arrivals.has(id)),
        ARRIVAL_TIMEOUT_MS,
      );
      if (round < WARM_UP) continue;
      postTimes.push(postMs);
      const createdOn = await createdOnOf(endpoints, tokenOf(RECIPIENTS[0]), id);
      for (const c of clients) {
        const arrival = c.arrivals.get(id);
        if (!arrival) continue;
        fromPost.push(arrival.perf - sentPerf);
        fromCreatedOn.push(arrival.wall - createdOn);
      }
    }

    const row = (name: string, samples: number[]) => [
      name,
      String(samples.length),
      ms(percentile(samples, 50)),
      ms(percentile(samples, 95)),
      ms(Math.max(...samples)),
    ];
    const perPersona = RECIPIENTS.map((p) => `${p} ${clients.filter((c) => c.persona === p).length}`).join(
      ', ',
    );
    console.log(
      `${clients.length} WebSocket clients over ${RECIPIENTS.length} recipient personas (${perPersona}); ` +
        `${notifications} notifications by '${CALLER}' after ${WARM_UP} warm-up, one at a time\n`,
    );
    console.log(
      formatTable(
        ['measure', 'samples', 'p50', 'p95', 'max'],
        [
          row('POST sent -> message on a client', fromPost),
          row('createdOn -> message on a client', fromCreatedOn),
          row('POST /v2/notifications answer (incl. mails)', postTimes),
        ],
      ),
    );
    const p95 = percentile(fromPost, 95);
    console.log(
      `\np95 POST -> arrival ${ms(p95)} (target <= ${TARGET_P95_MS} ms): ${verdict(p95 <= TARGET_P95_MS)}`,
    );
  } finally {
    for (const c of clients) c.ws.close();
    await cleanUp(endpoints, tokenOf, uuid, ids).catch((error: unknown) =>
      console.warn(`Clean-up failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

/** The stored createdOn of a notification (ms precision, same machine clock as the clients). */
async function createdOnOf(endpoints: LocalEndpoints, token: string, id: string): Promise<number> {
  const body = expectStatus(
    await callApi(endpoints, token, 'GET', '/v2/notifications?limit=10'),
    200,
    'GET /v2/notifications',
  );
  const items = (body.items ?? []) as { notificationId: string; createdOn: string }[];
  const found = items.find((n) => n.notificationId === id);
  if (!found) throw new Error(`Notification ${id} is not in the list of ${RECIPIENTS[0]}`);
  return Date.parse(found.createdOn);
}

/** Deletes the draft and clears the bench notifications from the recipients' bells. */
async function cleanUp(
  endpoints: LocalEndpoints,
  tokenOf: (key: string) => string,
  uuid: string,
  ids: readonly string[],
): Promise<void> {
  for (const persona of RECIPIENTS) {
    for (let start = 0; start < ids.length; start += 100) {
      await callApi(endpoints, tokenOf(persona), 'POST', '/v2/notifications/clear', {
        ids: ids.slice(start, start + 100),
      });
    }
  }
  await callApi(endpoints, tokenOf(CALLER), 'DELETE', `/v2/models/${uuid}`);
}

await main();
