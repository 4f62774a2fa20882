import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { WEBMODEL_PLATFORM } from '@shared/rules/model-roles';
import { api, documentClient, idToken, localCloud } from '../support/local-cloud';
import {
  createModelEntry,
  demoMetadata,
  demoRoles,
  type Json,
  type LocalFile,
  type NewEntry,
  uploadFiles,
} from '../support/model-entries';

/** Shared helpers of the catalogue integration tests (catalogue-*.test.ts). */

export type { Json } from '../support/model-entries';

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

/** Valid metadata of a global entry with a unique suffix (so every entry gets its own name). */
export const metadataOf = demoMetadata;

/** The demo role set: lead, steward, owner and viewer (`withModeler` adds the calibration modeler). */
export const rolesOf = demoRoles;

/**
 * An entry of the WebModel 2.0 platform with 'modeler' as its calibration modeler (`entry`'s metadata
 * and roles otherwise): modelers and display users exist on that platform only, and the API refuses
 * them on others (000 §6).
 */
export function withModeler<T extends NewEntry>(entry: T = {} as T): T {
  return {
    ...entry,
    metadata: { ...(entry.metadata ?? metadataOf()), platform: WEBMODEL_PLATFORM },
    roles: { ...(entry.roles ?? rolesOf()), calibrationModelers: ['modeler'] },
  };
}

export type { LocalFile };

/** Gets an upload ticket as `persona` and PUTs each body to its presigned URL. */
export async function upload(persona: string, files: LocalFile[], modelUuid?: string) {
  return uploadFiles(await tokenOf(persona), files, modelUuid);
}

/** Creates an entry as `persona` (default: the lead) with one main file; returns the detail. */
export async function createEntry(options: NewEntry & { persona?: string } = {}) {
  const { persona = 'lead', ...entry } = options;
  return createModelEntry(await tokenOf(persona), { roles: rolesOf(), ...entry });
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
