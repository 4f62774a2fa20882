import { demoMetadata, demoRoles, uploadFiles } from '../../test/support/model-entries';
import type { LocalEndpoints } from '../local/endpoints';

/**
 * What the execution benchmarks share: a WebModel 2.0 draft entry holding one small Python model, a
 * scenario sub-model running it, and the calls the web app makes to add an instance, Execute it (create
 * the group, then start it) and read its status.
 */

/** Reads its values and writes a one-section result.json. */
export const BENCH_MODEL = `import json, os
values = json.load(open(os.environ["MR_INPUT_FILE"]))
result = {"elements": [{"kind": "section", "title": "Bench", "text": str(values.get("x", 1) * 2)}]}
with open(os.path.join(os.environ["MR_OUTPUT_DIR"], "result.json"), "w") as f:
    json.dump(result, f)
`;

export const FINAL_STATUSES = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

export type Json = Record<string, unknown> & { [key: string]: unknown };

export interface Answer {
  status: number;
  body: Json;
}

export function apiCaller(endpoints: LocalEndpoints) {
  return async (token: string, method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(new URL(path, endpoints.api), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
  };
}

export function must(answer: Answer, status: number, what: string): Json {
  if (answer.status !== status)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

export interface BenchModel {
  uuid: string;
  /** A new DRAFT instance of the bench sub-model; returns its id. */
  newInstance(label: string): Promise<string>;
  /** Execute as the web app does: create the group, then start it; returns the start answer. */
  execute(instanceIds: string[]): Promise<Json>;
  status(instanceId: string): Promise<string>;
  /** Deletes the entry. */
  remove(): Promise<void>;
}

/**
 * Creates the bench entry as `leadToken` (its lead) and the sub-model as `modelerToken`, who then
 * creates, executes and reads the instances.
 */
export async function createBenchModel(
  endpoints: LocalEndpoints,
  leadToken: string,
  modelerToken: string,
): Promise<BenchModel> {
  const api = apiCaller(endpoints);
  const up = await uploadFiles(
    leadToken,
    [{ name: 'bench_model.py', content: BENCH_MODEL, mainFile: true }],
    undefined,
    endpoints,
  );
  const entry = must(
    await api(leadToken, 'POST', '/v2/models', {
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
  const files = must(await api(leadToken, 'GET', `/v2/models/${uuid}/files`), 200, 'files').items as {
    uuid: string;
  }[];
  const subModel = must(
    await api(modelerToken, 'POST', `/v2/models/${uuid}/sub-models`, {
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
  return {
    uuid,
    async newInstance(label) {
      const created = must(
        await api(modelerToken, 'POST', `/v2/models/${uuid}/sub-models/${subModel.id}/instances`, {
          name: `Bench ${Date.now().toString(36)} ${label}`,
        }),
        201,
        'instance',
      );
      return String(created.id);
    },
    async execute(instanceIds) {
      const group = must(
        await api(modelerToken, 'POST', `/v2/models/${uuid}/executions`, { instanceIds }),
        201,
        'execute',
      );
      return must(await api(modelerToken, 'POST', `/v2/executions/${group.groupId}/start`), 200, 'start');
    },
    async status(instanceId) {
      const instance = must(
        await api(modelerToken, 'GET', `/v2/models/${uuid}/instances/${instanceId}`),
        200,
        'instance',
      );
      return String(instance.status);
    },
    async remove() {
      await api(leadToken, 'DELETE', `/v2/models/${uuid}`);
    },
  };
}

/** Polls `probe` every 20 ms until it gives a value. */
export async function waitFor<T>(
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
