import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_GROUP_INSTANCES } from '@shared/executions/execution-status';
import { idToken } from '../../test/support/local-cloud';
import { type LocalEndpoints, readEndpoints } from '../local/endpoints';
import { createBenchModel, FINAL_STATUSES, waitFor } from './execution-fixture';
import { formatTable, ms, option, percentile, verdict } from './stats';

/**
 * Executions through the local state machine (issue 11):
 * 1. Latency: `--latency` (20) runs one after another (after two warm-up runs); for each, the time from the Execute click
 *    (just before `POST /v2/models/{uuid}/executions`, then `POST /v2/executions/{groupId}/start`, as
 *    the web app sends them) to the start of the runner process (the first line the runner entrypoint
 *    writes names its process's start time, `performance.timeOrigin`, in
 *    `<data>/logs/runner/<runId>.log`), and to COMPLETED. Target: p95 Execute → runner started ≤ 1 s.
 * 2. Throughput: `--runs` (100) instances executed at once (groups of 49, the largest group) and
 *    started together; waits until every run has ended and checks that each COMPLETED. Prints the
 *    total time and the runs per minute (the local cloud runs MR_LOCAL_RUNNERS runners at once).
 *
 * The model is a small Python script (scripts/bench/execution-fixture.ts).
 * Usage (with a local cloud running, e.g. `npx tsx scripts/local/start.ts --test --no-web`):
 *   MR_ENDPOINTS_FILE=.local/test/endpoints.json npx tsx scripts/bench/executions.ts [--runs 100] [--latency 20]
 */
const TARGET_P95_MS = 1000;
const GROUP_SIZE = MAX_GROUP_INSTANCES;
/** Runs before the measured ones: the first starts the area workers (cold starts). */
const WARM_UP = 2;

async function main(): Promise<void> {
  const endpoints = readEndpoints(process.env.MR_ENDPOINTS_FILE || join('.local', 'endpoints.json'));
  const runs = Number(option('runs', '100'));
  const latencyRuns = Number(option('latency', '20'));
  const model = await createBenchModel(
    endpoints,
    await idToken('lead', endpoints),
    await idToken('owner', endpoints),
  );
  const { newInstance, execute, status } = model;

  // 1. Latency.
  const toRunner: number[] = [];
  const toCompleted: number[] = [];
  for (let i = 0; i < WARM_UP + latencyRuns; i++) {
    const id = await newInstance(String(i));
    const clicked = Date.now();
    const started = await execute([id]);
    const runId = String((started.executions as { id: string }[])[0]?.id);
    const runnerStart = await waitFor(() => runnerStartedAt(endpoints, runId), 60_000);
    await waitFor(async () => (FINAL_STATUSES.has(await status(id)) ? Date.now() : undefined), 120_000);
    if (i < WARM_UP) continue;
    toRunner.push(runnerStart - clicked);
    toCompleted.push(Date.now() - clicked);
  }
  const p95 = percentile(toRunner, 95);
  console.log(`\nExecute → runner process started, ${latencyRuns} runs one after another:\n`);
  console.log(
    formatTable(
      ['measure', 'p50', 'p95', 'max', 'target', ''],
      [
        [
          'Execute → runner process started',
          ms(percentile(toRunner, 50)),
          ms(p95),
          ms(Math.max(...toRunner)),
          ms(TARGET_P95_MS),
          verdict(p95 <= TARGET_P95_MS),
        ],
        [
          'Execute → COMPLETED',
          ms(percentile(toCompleted, 50)),
          ms(percentile(toCompleted, 95)),
          ms(Math.max(...toCompleted)),
          '',
          '',
        ],
      ],
    ),
  );

  // 2. Throughput.
  const ids: string[] = [];
  for (let i = 0; i < runs; i += 10)
    ids.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, runs - i) }, (_, k) =>
          newInstance(String(WARM_UP + latencyRuns + i + k)),
        ),
      )),
    );
  const begun = Date.now();
  const groups: string[][] = [];
  for (let i = 0; i < ids.length; i += GROUP_SIZE) groups.push(ids.slice(i, i + GROUP_SIZE));
  await Promise.all(groups.map((group) => execute(group)));
  const ended = new Map<string, string>();
  await waitFor(async () => {
    const pending = ids.filter((id) => !ended.has(id));
    for (let i = 0; i < pending.length; i += 20)
      await Promise.all(
        pending.slice(i, i + 20).map(async (id) => {
          const s = await status(id);
          if (FINAL_STATUSES.has(s)) ended.set(id, s);
        }),
      );
    return ended.size === ids.length ? true : undefined;
  }, 60 * 60_000);
  const totalMs = Date.now() - begun;
  const counts = new Map<string, number>();
  for (const s of ended.values()) counts.set(s, (counts.get(s) ?? 0) + 1);
  const completed = counts.get('COMPLETED') ?? 0;
  console.log(`\n${runs} runs queued at once (${groups.length} groups):\n`);
  console.log(
    formatTable(
      ['runs', 'COMPLETED', 'other', 'total', 'runs per minute', ''],
      [
        [
          String(runs),
          String(completed),
          [...counts]
            .filter(([s]) => s !== 'COMPLETED')
            .map(([s, n]) => `${s} ${n}`)
            .join(', ') || '0',
          `${(totalMs / 1000).toFixed(1)} s`,
          (runs / (totalMs / 60_000)).toFixed(1),
          verdict(completed === runs),
        ],
      ],
    ),
  );
  if (completed !== runs) process.exitCode = 1;
}

/** The runner's first log line: `runner process started <iso>`. */
function runnerStartedAt(endpoints: LocalEndpoints, runId: string): number | undefined {
  const file = join(endpoints.dataDir, 'logs', 'runner', `${runId}.log`);
  if (!existsSync(file)) return undefined;
  const match = /runner process started (\S+)/.exec(readFileSync(file, 'utf8'));
  return match?.[1] ? Date.parse(match[1]) : undefined;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
