import type { LocalEndpoints } from '../../scripts/local/endpoints';
import { api, localCloud } from './local-cloud';

/**
 * Model entries made through the API, the way a user's browser makes them (an upload ticket, PUTs
 * to the presigned URLs, then one create), for integration tests, browser tests and benchmarks alike.
 */
// biome-ignore lint/suspicious/noExplicitAny: answers are JSON of the API under test
export type Json = any;

let counter = 0;

/** Valid metadata of a global Melanoma entry; the suffix makes the generated name unique. */
export function demoMetadata(overrides: Record<string, unknown> = {}): Record<string, Json> {
  counter++;
  return {
    therapeutic_area: 'Oncology',
    disease: 'Melanoma',
    product: ['Tumivex'],
    model_type: 'Markov Cohort Model',
    type: 'Global',
    version_release_of_model: '1',
    stage_of_model_development: 'Under Development',
    information_classification: 'Proprietary',
    global: 'true',
    version_log: 'First version',
    suffix: `it ${Date.now().toString(36)} ${process.pid} ${counter}`,
    ...overrides,
  };
}

/** The demo role set: lead, steward, owner and viewer personas; override any role. */
export function demoRoles(overrides: Record<string, unknown> = {}) {
  return {
    vestLead: 'lead',
    steward: 'steward',
    owners: ['owner'],
    viewers: ['viewer'],
    displayViewers: [],
    calibrationModelers: [],
    scenarioModelers: [],
    ...overrides,
  };
}

export interface LocalFile {
  name: string;
  content: string;
  path?: string;
  mainFile?: boolean;
}

async function send(
  token: string,
  method: string,
  path: string,
  body: unknown,
  endpoints: LocalEndpoints,
): Promise<{ status: number; body: Json }> {
  const res = await api(
    path,
    {
      method,
      token,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    },
    endpoints,
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Gets an upload ticket and PUTs each body to its presigned URL; returns the refs for a create. */
export async function uploadFiles(
  token: string,
  files: readonly LocalFile[],
  modelUuid?: string,
  endpoints: LocalEndpoints = localCloud(),
) {
  const ticket = await send(
    token,
    'POST',
    '/v2/uploads',
    {
      ...(modelUuid ? { modelUuid } : {}),
      files: files.map((f) => ({
        name: f.name,
        size: Buffer.byteLength(f.content),
        contentType: 'text/plain',
      })),
    },
    endpoints,
  );
  if (ticket.status !== 201)
    throw new Error(`upload ticket: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  for (const [i, f] of ticket.body.files.entries()) {
    const put = await fetch(f.url, { method: 'PUT', body: files[i]?.content ?? '', headers: f.headers });
    if (put.status !== 200) throw new Error(`PUT ${f.name}: ${put.status}`);
  }
  return {
    uploadId: ticket.body.uploadId as string,
    refs: files.map((f, i) => ({
      uploadFileId: ticket.body.files[i].uploadFileId as string,
      name: f.name,
      path: f.path ?? '',
      mainFile: f.mainFile ?? false,
    })),
  };
}

export interface NewEntry {
  metadata?: Record<string, unknown>;
  roles?: Record<string, unknown>;
  /** Default: one main file `model.xlsx`; [] for none. */
  files?: readonly LocalFile[];
  publish?: boolean;
  lineage?: 'new' | 'parent';
}

/** Creates an entry with `token`'s user as creator; returns the detail (throws unless 201). */
export async function createModelEntry(
  token: string,
  entry: NewEntry = {},
  endpoints: LocalEndpoints = localCloud(),
): Promise<Json> {
  const files = entry.files ?? [{ name: 'model.xlsx', content: 'main model body', mainFile: true }];
  const up = files.length > 0 ? await uploadFiles(token, files, undefined, endpoints) : undefined;
  const res = await send(
    token,
    'POST',
    '/v2/models',
    {
      ...(up ? { uploadId: up.uploadId, files: up.refs } : { files: [] }),
      metadata: entry.metadata ?? demoMetadata(),
      roles: entry.roles ?? demoRoles(),
      ...(entry.lineage ? { lineage: entry.lineage } : {}),
      publish: entry.publish ?? false,
    },
    endpoints,
  );
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
