import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, localCloud } from '../support/local-cloud';
import { addSubModel, call, getItem, type Json, type WebEntry } from './sub-models-helpers';

/**
 * Shared helpers of the instance integration tests (instances, instance-sharing, parameter-files).
 * Entries and sub-models are made through the API (sub-models-helpers.ts); the only writes straight
 * into the table stand in for what later issues do through their own routes (an execution changing
 * an instance's status).
 */
export { call, createWebEntry, getItem, queryPartition, type WebEntry } from './sub-models-helpers';
export type { Json };

/** Parameters at the four expertise levels, and a FILE parameter (any level). */
export const TEMPLATE = {
  definitions: [
    {
      id: 'p1',
      name: 'cohort',
      title: 'Cohort size',
      question: 'How many?',
      type: 'INTEGER',
      min: 0,
      max: 100,
      defaultValue: 40,
      expertiseLevel: 250,
    },
    {
      id: 'p2',
      name: 'country',
      title: 'Country',
      question: 'Where?',
      type: 'STRING',
      length: 20,
      defaultValue: 'UK',
      expertiseLevel: 500,
    },
    {
      id: 'p3',
      name: 'horizon',
      title: 'Horizon',
      question: 'How long?',
      type: 'INTEGER',
      min: 1,
      max: 50,
      defaultValue: 10,
      expertiseLevel: 750,
    },
    {
      id: 'p4',
      name: 'discount',
      title: 'Discount rate',
      question: 'Which rate?',
      type: 'REAL_NUMBER',
      min: 0,
      max: 1,
      defaultValue: 0.035,
      expertiseLevel: 1000,
    },
    {
      id: 'p5',
      name: 'population',
      title: 'Population file',
      question: 'Which population?',
      type: 'FILE',
      size: 1,
      files: 'help-file',
      expertiseLevel: 250,
    },
  ],
};
export const DEFAULT_VALUES = { cohort: 40, country: 'UK', horizon: 10, discount: 0.035, population: null };

export interface SubModelWithInput {
  id: string;
  inputId: string;
}

/** A sub-model of `type` whose input definition is `template` (the owner adds and edits it). */
export async function addTemplateSubModel(
  entry: WebEntry,
  type: 'scenario' | 'calibration' | 'display' = 'scenario',
  template: unknown = TEMPLATE,
): Promise<SubModelWithInput> {
  const sub = await addSubModel(entry, { type });
  const inputs = await call('owner', 'GET', `/v2/models/${entry.uuid}/sub-models/${sub.id}/inputs`);
  const inputId = inputs.body.items[0].id as string;
  const saved = await call(
    'owner',
    'PUT',
    `/v2/models/${entry.uuid}/sub-models/${sub.id}/inputs/${inputId}`,
    {
      value: JSON.stringify(template),
    },
  );
  if (saved.status !== 200) throw new Error(`template: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { id: sub.id as string, inputId };
}

export const instancesPath = (uuid: string) => `/v2/models/${uuid}/instances`;
export const instancePath = (uuid: string, id: string) => `/v2/models/${uuid}/instances/${id}`;

let counter = 0;
/** A name no other test uses. */
export function uniqueName(prefix = 'Scenario'): string {
  counter++;
  return `${prefix} ${Date.now().toString(36)} ${process.pid} ${counter}`;
}

/** Adds an instance as `persona`; throws unless 201. */
export async function addInstance(
  persona: string,
  uuid: string,
  subModelId: string,
  body: { name?: string; label?: string } = {},
): Promise<Json> {
  const res = await call(persona, 'POST', `/v2/models/${uuid}/sub-models/${subModelId}/instances`, {
    name: body.name ?? uniqueName(),
    ...(body.label ? { label: body.label } : {}),
  });
  if (res.status !== 201) throw new Error(`add instance: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Sets a user's expertise level on the entry (User Settings, as the lead). */
export async function setExpertise(
  uuid: string,
  userId: string,
  level: 250 | 500 | 750 | 1000,
): Promise<void> {
  const res = await call('lead', 'PUT', `/v2/models/${uuid}/expertise/${userId}`, {
    userId,
    expertiseTypeLevel: level,
    subModelIdList: [],
  });
  if (res.status !== 200) throw new Error(`expertise: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Stands in for the execution routes of the next issue: sets an instance's status (or outdated flag)
 * the way a status change will, with the instance's rev and the entry's counter.
 */
export async function setInstanceState(
  uuid: string,
  id: string,
  state: { status?: string; outdated?: boolean },
): Promise<void> {
  const client = documentClient();
  const TableName = localCloud().tableName;
  const sets = Object.keys(state).map((k) => `#${k} = :${k}`);
  await client.send(
    new UpdateCommand({
      TableName,
      Key: { pk: `INSTANCES#${uuid}`, sk: `INST#${id}` },
      UpdateExpression: `SET ${sets.join(', ')} ADD #rev :one`,
      ExpressionAttributeNames: {
        ...Object.fromEntries(Object.keys(state).map((k) => [`#${k}`, k])),
        '#rev': 'rev',
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(Object.entries(state).map(([k, v]) => [`:${k}`, v])),
        ':one': 1,
      },
    }),
  );
  await bumpInstancesRev(uuid);
}

export async function bumpInstancesRev(uuid: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: localCloud().tableName,
      Key: { pk: `INSTANCES#${uuid}`, sk: 'REV' },
      UpdateExpression: 'ADD #rev :one',
      ExpressionAttributeNames: { '#rev': 'rev' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** The stored values of an instance (INSTANCE#<id> / INPUT), parsed. */
export async function storedValues(id: string): Promise<Record<string, unknown> | undefined> {
  const item = await getItem(`INSTANCE#${id}`, 'INPUT');
  return item ? (JSON.parse(String(item.value)) as Record<string, unknown>) : undefined;
}
