import { join } from 'node:path';
import WebSocket from 'ws';
import { idToken } from '../../test/support/local-cloud';
import { type LocalEndpoints, readEndpoints } from '../local/endpoints';
import { createBenchModel, waitFor } from './execution-fixture';
import { formatTable, ms, option, percentile, verdict } from './stats';

/**
 * Live execution status (issue 11): how long a run's status change takes to reach the browsers of its
 * recipients over the WebSocket API. Opens `--clients` (200) WebSocket connections of the instance
 * creator ('owner'; one user may hold many connections and the push goes to each), then executes
 * `--runs` (20) instances of a small Python model one after another and records, per client and per
 * pushed status (INQUEUE, INPROCESS, POSTPROCESSING, COMPLETED), the time from the status write (the
 * message's `changedOn`, written by the same machine clock) to the message's arrival; and the time from
 * the Execute click (before `POST …/executions`) to the INQUEUE message. Target: p95 of status write →
 * arrival at most 250 ms.
 *
 * Usage (with a local cloud running, e.g. `npx tsx scripts/local/start.ts --test --no-web`):
 *   MR_ENDPOINTS_FILE=.local/test/endpoints.json npx tsx scripts/bench/execution-status.ts [--clients 200] [--runs 20]
 * The bench entry is deleted afterwards.
 */
const TARGET_P95_MS = 250;
const WARM_UP = 2;
const CONNECT_BATCH = 20;
const RUN_TIMEOUT_MS = 120_000;
const CREATOR = 'owner';

interface Arrival {
  status: string;
  changedOn: number;
  wall: number;
  perf: number;
}

interface Client {
  ws: WebSocket;
  /** Per instance id, the status messages in arrival order. */
  arrivals: Map<string, Arrival[]>;
  pong: Promise<void>;
}

function openClient(endpoints: LocalEndpoints, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${endpoints.ws}?token=${token}`);
    const arrivals = new Map<string, Arrival[]>();
    let gotPong: () => void = () => undefined;
    const pong = new Promise<void>((r) => {
      gotPong = r;
    });
    ws.on('message', (data) => {
      const perf = performance.now();
      const wall = Date.now();
      const message = JSON.parse(data.toString()) as {
        type: string;
        scenario?: { id: string };
        execution?: { status: string; changedOn: string };
      };
      if (message.type === 'pong') gotPong();
      if (message.type === 'execution-status' && message.scenario && message.execution) {
        const list = arrivals.get(message.scenario.id) ?? [];
        list.push({
          status: message.execution.status,
          changedOn: Date.parse(message.execution.changedOn),
          wall,
          perf,
        });
        arrivals.set(message.scenario.id, list);
      }
    });
    ws.once('open', () => resolve({ ws, arrivals, pong }));
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`WebSocket refused with ${res.statusCode}`)),
    );
    ws.once('error', reject);
  });
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const endpoints = readEndpoints(process.env.MR_ENDPOINTS_FILE || join('.local', 'endpoints.json'));
  const clientCount = Number(option('clients', '200'));
  const runs = Number(option('runs', '20'));
  const creator = await idToken(CREATOR, endpoints);
  const model = await createBenchModel(endpoints, await idToken('lead', endpoints), creator);

  const clients: Client[] = [];
  try {
    for (let start = 0; start < clientCount; start += CONNECT_BATCH) {
      const size = Math.min(CONNECT_BATCH, clientCount - start);
      clients.push(
        ...(await Promise.all(Array.from({ length: size }, () => openClient(endpoints, creator)))),
      );
    }
    // A ping round trip proves each connection is stored and reachable through @connections.
    for (const c of clients) c.ws.send(JSON.stringify({ action: 'ping' }));
    await Promise.all(clients.map((c) => c.pong));

    const writeToArrival: number[] = [];
    const perStatus = new Map<string, number[]>();
    const clickToQueued: number[] = [];
    let missing = 0;
    for (let i = 0; i < WARM_UP + runs; i++) {
      const id = await model.newInstance(String(i));
      const clicked = performance.now();
      await model.execute([id]);
      // The run has ended for the browsers once every client holds its final message.
      await waitFor(
        () =>
          clients.every((c) => (c.arrivals.get(id) ?? []).some((a) => a.status === 'COMPLETED'))
            ? true
            : undefined,
        RUN_TIMEOUT_MS,
      );
      if (i < WARM_UP) continue;
      for (const c of clients) {
        const list = c.arrivals.get(id) ?? [];
        for (const a of list) {
          const delay = a.wall - a.changedOn;
          writeToArrival.push(delay);
          perStatus.set(a.status, [...(perStatus.get(a.status) ?? []), delay]);
        }
        const queued = list.find((a) => a.status === 'INQUEUE');
        if (queued) clickToQueued.push(queued.perf - clicked);
        else missing++;
      }
    }

    const row = (name: string, samples: number[]) => [
      name,
      String(samples.length),
      ms(percentile(samples, 50)),
      ms(percentile(samples, 95)),
      ms(Math.max(...samples)),
    ];
    console.log(
      `${clients.length} WebSocket clients of the instance creator '${CREATOR}'; ${runs} runs after ${WARM_UP} warm-up, one after another\n`,
    );
    console.log(
      formatTable(
        ['measure', 'samples', 'p50', 'p95', 'max'],
        [
          row('status written -> message on a client (all statuses)', writeToArrival),
          ...[...perStatus].map(([status, samples]) => row(`  ${status}`, samples)),
          row('Execute click -> INQUEUE message on a client', clickToQueued),
        ],
      ),
    );
    if (missing > 0) console.log(`\n${missing} client(s) never received an INQUEUE message`);
    const p95 = percentile(writeToArrival, 95);
    console.log(
      `\np95 status written -> arrival ${ms(p95)} (target <= ${TARGET_P95_MS} ms): ${verdict(p95 <= TARGET_P95_MS)}`,
    );
    if (p95 > TARGET_P95_MS || missing > 0) process.exitCode = 1;
  } finally {
    for (const c of clients) c.ws.close();
    await model.remove().catch((error: unknown) => console.warn(`Clean-up failed: ${String(error)}`));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
