import { performance } from 'node:perf_hooks';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { RenameJob, UpdateOptionResult } from '@shared/schemas/metadata-option';
import { idToken } from '../../test/support/local-cloud';
import { type LocalEndpoints, readEndpoints } from '../local/endpoints';
import { applyHandlerEnv, handlerEnv } from '../local/env';
import { seedModels } from '../local/seed-models';
import { startBenchCloud, stopBenchCloud } from './bench-cloud';
import { formatTable, option } from './stats';

/**
 * Renaming a metadata option used by 10,000 model entries (issue 20 §5, §10), end to end as an
 * administrator does it: `PUT /v2/admin/metadata-options/disease/{value}` through the local gateway
 * answers at once with the job, the jobs function renames every entry (one transaction each, with its
 * catalogue change) and `GET /v2/admin/metadata-option-jobs/{jobId}` reports progress until DONE.
 *
 * 1. Seed `--entries` (10,000) entries whose disease is a fresh option (seed-models.ts: the items of a
 *    create transaction, written in bulk, then a catalogue snapshot), and the option itself.
 * 2. Rename the option and poll the job every 500 ms; the job's own startedOn → finishedOn is the time
 *    printed (the polling only decides when we look), less any wait for a Resume (a run stops at the
 *    jobs function's deadline: 15 minutes in AWS, the area timeout locally).
 * 3. Check that the catalogue search finds no entry with the former value and all with the new one.
 * 4. Floor: the least one entry's rename can cost here, one TransactWrite of two Puts (the entry and
 *    its catalogue change) at the job's concurrency (8), for `--floor` (1,000) entries, scaled.
 *
 * Usage: `npx tsx scripts/bench/admin-rename.ts [--entries 10000] [--floor 1000]`. With
 * MR_ENDPOINTS_FILE (or `--endpoints <file>`) it uses that local cloud; otherwise it starts one in test
 * mode (`--data-dir .local/bench-rename`, port offset MR_PORT_OFFSET or 970) and stops it afterwards.
 */
const CALLER = 'admin';
const JOB_CONCURRENCY = 8;
/** A job whose progress has not moved for this long is taken as stopped at its run's deadline. */
const STALL_MS = 180_000;

async function call<T>(
  endpoints: LocalEndpoints,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${endpoints.api}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Seconds between two ISO times. */
const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

async function floorPerEntryMs(count: number): Promise<number> {
  const { ddb } = await import('../../functions/data/dynamodb-client');
  const { tableName } = await import('../../functions/data/table');
  const table = tableName();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: JOB_CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        await ddb().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: table,
                  Item: { pk: `BENCHFLOOR#${i}`, sk: 'A', payload: 'x'.repeat(1500) },
                },
              },
              {
                Put: { TableName: table, Item: { pk: `BENCHFLOOR#${i}`, sk: 'B', payload: 'x'.repeat(800) } },
              },
            ],
          }),
        );
      }
    }),
  );
  return (performance.now() - started) / count;
}

async function rename(endpoints: LocalEndpoints, entries: number, floorCount: number): Promise<void> {
  const token = await idToken(CALLER, endpoints);
  const tag = Date.now().toString(36).toUpperCase();
  const from = `Bench Disease ${tag}`;
  const to = `Bench Disease ${tag} Renamed`;
  await call(endpoints, token, 'POST', '/v2/admin/metadata-options/disease', { value: from });
  const seeded = await seedModels({
    count: entries,
    seed: 20,
    overrides: () => ({ metadata: { disease: from } }),
  });
  console.log(`Seeded ${entries} entries using '${from}' in ${(seeded.ms / 1000).toFixed(1)} s.`);

  const path = (value: string) => `/v2/admin/metadata-options/disease/${encodeURIComponent(value)}`;
  const answer = await call<UpdateOptionResult>(endpoints, token, 'PUT', path(from), { value: to });
  const job = answer.job;
  if (!job) throw new Error(`No rename job started (affected ${answer.affected})`);
  let state: RenameJob = job;
  // A run stops at the jobs function's deadline and leaves the job RUNNING for Resume (as an
  // administrator would press it): resumed here when its progress has not moved for STALL_MS, and the
  // wait for the Resume is left out of the time.
  let resumes = 0;
  let waitedSeconds = 0;
  while (state.status === 'RUNNING') {
    await new Promise((r) => setTimeout(r, 500));
    state = await call<RenameJob>(endpoints, token, 'GET', `/v2/admin/metadata-option-jobs/${job.jobId}`);
    if (state.status === 'RUNNING' && Date.now() - Date.parse(state.updatedOn) > STALL_MS) {
      waitedSeconds += (Date.now() - Date.parse(state.updatedOn)) / 1000;
      resumes++;
      state = await call<RenameJob>(
        endpoints,
        token,
        'POST',
        `/v2/admin/metadata-option-jobs/${job.jobId}/resume`,
      );
      // The resumed run writes its first progress after a batch: count from now, not from the old mark.
      state = { ...state, updatedOn: new Date().toISOString() };
    }
  }
  if (state.status !== 'DONE') throw new Error(`The rename job ended ${state.status}: ${state.error ?? ''}`);
  const jobSeconds = seconds(state.startedOn, state.finishedOn ?? state.updatedOn) - waitedSeconds;
  console.log(`Runs: ${resumes + 1} (resumed ${resumes} times after a run's deadline).`);

  const left = await call<{ total: number }>(endpoints, token, 'GET', `${path(from)}/entries`).catch(() => ({
    total: 0,
  }));
  const moved = await call<{ total: number }>(endpoints, token, 'GET', `${path(to)}/entries`);
  if (moved.total !== entries)
    throw new Error(`The catalogue finds ${moved.total} entries with the new value`);

  const floorMs = await floorPerEntryMs(floorCount);
  const floorSeconds = (floorMs * entries) / 1000;
  console.log(
    formatTable(
      ['case', 'entries', 'time', 'entries / s'],
      [
        [
          'rename job (PUT → DONE, job clock)',
          String(state.done),
          `${jobSeconds.toFixed(1)} s`,
          (state.done / jobSeconds).toFixed(0),
        ],
        [
          `floor: one 2-Put transaction per entry, ${JOB_CONCURRENCY} at once (${floorCount} run, scaled)`,
          String(entries),
          `${floorSeconds.toFixed(1)} s`,
          (entries / floorSeconds).toFixed(0),
        ],
      ],
      'lrrr',
    ),
  );
  console.log(
    `Rename / floor: ${(jobSeconds / floorSeconds).toFixed(2)}×. Entries still listed under '${from}': ${left.total}; under '${to}': ${moved.total}.`,
  );
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  const entries = Number(option('entries', '10000'));
  const floorCount = Number(option('floor', '1000'));
  const given = option('endpoints', process.env.MR_ENDPOINTS_FILE ?? '');
  const started = given ? undefined : await startBenchCloud('bench-rename', 970);
  try {
    const endpoints: LocalEndpoints = readEndpoints(given || started?.endpointsFile);
    applyHandlerEnv(handlerEnv(endpoints));
    await rename(endpoints, entries, floorCount);
  } finally {
    if (started) await stopBenchCloud(started.child);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
