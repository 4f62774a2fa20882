import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_GROUP_INSTANCES } from '@shared/executions/execution-status';
import { idToken } from '../../test/support/local-cloud';
import { demoMetadata, demoRoles, uploadFiles } from '../../test/support/model-entries';
import { type LocalEndpoints, readEndpoints } from '../local/endpoints';
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
 * The model is a small Python script (it reads its values and writes a one-section result.json).
 * Usage (with a local cloud running, e.g. `npx tsx scripts/local/start.ts --test --no-web`):
 *   MR_ENDPOINTS_FILE=.local/test/endpoints.json npx tsx scripts/bench/executions.ts [--runs 100] [--latency 20]
 */
const TARGET_P95_MS = 1000;
const GROUP_SIZE = MAX_GROUP_INSTANCES;
/** Runs before the measured ones: the first starts the area workers (cold starts). */
const WARM_UP = 2;
const MODEL = `import json, os
values = json.load(open(os.environ["MR_INPUT_FILE"]))
result = {"elements": [{"kind": "section", "title": "Bench", "text": str(values.get("x", 1) * 2)}]}
with open(os.path.join(os.environ["MR_OUTPUT_DIR"], "result.json"), "w") as f:
    json.dump(result, f)
`;
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

type Json = Record<string, unknown> & { [key: string]: unknown };

async function main(): Promise<void> {
  const endpoints = readEndpoints(process.env.MR_ENDPOINTS_FILE || join('.local', 'endpoints.json'));
  const runs = Number(option('runs', '100'));
  const latencyRuns = Number(option('latency', '20'));
  const token = await idToken('owner', endpoints);
  const lead = await idToken('lead', endpoints);
  const api = async (
    who: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> => {
    const res = await fetch(new URL(path, endpoints.api), {
      method,
      headers: {
        authorization: `Bearer ${who}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
  };
  const must = (answer: { status: number; body: Json }, status: number, what: string) => {
    if (answer.status !== status)
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body;
  };

  // The entry, its sub-model and the instances.
  const up = await uploadFiles(
    lead,
    [{ name: 'bench_model.py', content: MODEL, mainFile: true }],
    undefined,
    endpoints,
  );
  const entry = must(
    await api(lead, 'POST', '/v2/models', {
      uploadId: up.uploadId,
      files: up.refs,
      metadata: demoMetadata({ platform: 'WebModel 2.0' }),
      roles: demoRoles(),
      publish: false,
    }),
    201,
    'create entry',
  );
  const uuid = String(entry.uuid);
  const files = must(await api(lead, 'GET', `/v2/models/${uuid}/files`), 200, 'files').items as {
    uuid: string;
  }[];
  const subModel = must(
    await api(token, 'POST', `/v2/models/${uuid}/sub-models`, {
      type: 'scenario',
      name: 'Bench',
      environment: 'Python 3.11',
      executionModels: [files[0]?.uuid],
      timeoutSeconds: 600,
      outputPathDir: 'output',
      definitionType: 'JSON',
    }),
    201,
    'sub-model',
  );
  const newInstance = async (i: number) =>
    String(
      must(
        await api(token, 'POST', `/v2/models/${uuid}/sub-models/${subModel.id}/instances`, {
          name: `Bench ${Date.now().toString(36)} ${i}`,
        }),
        201,
        'instance',
      ).id,
    );
  const status = async (id: string) =>
    String(must(await api(token, 'GET', `/v2/models/${uuid}/instances/${id}`), 200, 'instance').status);
  const execute = async (ids: string[]) => {
    const group = must(
      await api(token, 'POST', `/v2/models/${uuid}/executions`, { instanceIds: ids }),
      201,
      'execute',
    );
    return must(await api(token, 'POST', `/v2/executions/${group.groupId}/start`), 200, 'start');
  };

  // 1. Latency.
  const toRunner: number[] = [];
  const toCompleted: number[] = [];
  for (let i = 0; i < WARM_UP + latencyRuns; i++) {
    const id = await newInstance(i);
    const clicked = Date.now();
    const started = await execute([id]);
    const runId = String((started.executions as { id: string }[])[0]?.id);
    const runnerStart = await waitFor(() => runnerStartedAt(endpoints, runId), 60_000);
    await waitFor(async () => (FINAL.has(await status(id)) ? Date.now() : undefined), 120_000);
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
        Array.from({ length: Math.min(10, runs - i) }, (_, k) => newInstance(WARM_UP + latencyRuns + i + k)),
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
          if (FINAL.has(s)) ended.set(id, s);
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

async function waitFor<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('Timed out');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
