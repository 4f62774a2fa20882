import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { api, documentClient, idToken, localCloud } from '../support/local-cloud';

/** Shared helpers of the catalogue integration tests (catalogue-*.test.ts). */

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON of the API under test, asserted field by field
export type Json = any;

const tokens = new Map<string, Promise<string>>();

export function tokenOf(persona: string): Promise<string> {
  let t = tokens.get(persona);
  if (!t) {
    t = idToken(persona);
    tokens.set(persona, t);
  }
  return t;
}

export interface Answer<T = Json> {
  status: number;
  body: T;
}

export async function call<T = Json>(
  persona: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await api(path, {
    method,
    token: await tokenOf(persona),
    ...(body !== undefined
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

let counter = 0;
/** Valid metadata of a global entry with a unique suffix (so every entry gets its own name). */
export function metadataOf(overrides: Record<string, unknown> = {}): Record<string, Json> {
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

/** The demo role set: lead, steward, owner, viewer and a calibration modeler. */
export function rolesOf(overrides: Record<string, unknown> = {}) {
  return {
    vestLead: 'lead',
    steward: 'steward',
    owners: ['owner'],
    viewers: ['viewer'],
    displayViewers: [],
    calibrationModelers: ['modeler'],
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

/** Gets an upload ticket and PUTs each body to its presigned URL. */
export async function upload(persona: string, files: LocalFile[], modelUuid?: string) {
  const ticket = await call(persona, 'POST', '/v2/uploads', {
    ...(modelUuid ? { modelUuid } : {}),
    files: files.map((f) => ({
      name: f.name,
      size: Buffer.byteLength(f.content),
      contentType: 'text/plain',
    })),
  });
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

/** Creates an entry as `persona` (default: the lead) with one main file; returns the detail. */
export async function createEntry(
  options: {
    persona?: string;
    metadata?: Record<string, unknown>;
    roles?: Record<string, unknown>;
    files?: LocalFile[];
    publish?: boolean;
    lineage?: 'new' | 'parent';
  } = {},
) {
  const persona = options.persona ?? 'lead';
  const files = options.files ?? [{ name: 'model.xlsx', content: 'main model body', mainFile: true }];
  const up = files.length > 0 ? await upload(persona, files) : undefined;
  const res = await call(persona, 'POST', '/v2/models', {
    ...(up ? { uploadId: up.uploadId, files: up.refs } : { files: [] }),
    metadata: options.metadata ?? metadataOf(),
    roles: options.roles ?? rolesOf(),
    ...(options.lineage ? { lineage: options.lineage } : {}),
    publish: options.publish ?? false,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function getItem(pk: string, sk: string) {
  const out = await documentClient().send(
    new GetCommand({ TableName: localCloud().tableName, Key: { pk, sk } }),
  );
  return out.Item;
}

export async function queryPartition(pk: string) {
  const out = await documentClient().send(
    new QueryCommand({
      TableName: localCloud().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
    }),
  );
  return out.Items ?? [];
}
