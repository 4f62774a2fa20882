import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, localCloud } from '../support/local-cloud';
import { demoMetadata, demoRoles, type Json, uploadFiles } from '../support/model-entries';
import { call, tokenOf } from './catalogue-helpers';

/** Shared helpers of the sub-model integration tests (sub-models, sub-model-inputs, scenario-groups). */

export { call, getItem, queryPartition } from './catalogue-helpers';
export type { Json };

/**
 * The persona roles on a WebModel 2.0 test entry: every role of 001 §6 held by one persona. `hta`
 * holds none (an external user without a role does not see the entry).
 */
export const WEB_ROLES = demoRoles({
  calibrationModelers: ['modeler'],
  scenarioModelers: ['employee'],
  displayViewers: ['vendor'],
});

export interface WebEntry {
  uuid: string;
  /** File uuids by name. */
  files: Record<string, string>;
}

/**
 * A WebModel 2.0 draft made as the lead with an Excel main file, a Python file, a help file
 * (file type HelpFile) and a plain document.
 */
export async function createWebEntry(
  options: { metadata?: Record<string, unknown> } = {},
): Promise<WebEntry> {
  const token = await tokenOf('lead');
  const files = [
    { name: 'model.xlsx', content: 'workbook', mainFile: true },
    { name: 'helper.py', content: 'print(1)' },
    { name: 'guide.pdf', content: 'help me', fileTag: 'HelpFile' },
    { name: 'notes.txt', content: 'notes' },
  ];
  const up = await uploadFiles(token, files);
  const created = await call('lead', 'POST', '/v2/models', {
    uploadId: up.uploadId,
    files: up.refs.map((r, i) => ({ ...r, ...(files[i]?.fileTag ? { fileTag: files[i]?.fileTag } : {}) })),
    metadata: demoMetadata({ platform: 'WebModel 2.0', ...options.metadata }),
    roles: WEB_ROLES,
    publish: false,
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const uuid = created.body.uuid as string;
  const list = await call('lead', 'GET', `/v2/models/${uuid}/files`);
  const byName = Object.fromEntries(
    (list.body.items as { name: string; uuid: string }[]).map((f) => [f.name, f.uuid]),
  );
  return { uuid, files: byName };
}

/** A valid create body for a sub-model of `type` on `entry`. */
export function subModelBody(entry: WebEntry, overrides: Record<string, unknown> = {}) {
  return {
    type: 'scenario',
    name: `Sub-model ${Math.random().toString(36).slice(2, 8)}`,
    environment: 'Excel 365',
    executionModels: [entry.files['model.xlsx']],
    timeoutSeconds: 600,
    outputPathDir: 'out/results',
    definitionType: 'JSONTEMPLATE',
    ...overrides,
  };
}

/** Adds a sub-model as `persona` (default: the owner); throws unless 201. */
export async function addSubModel(
  entry: WebEntry,
  overrides: Record<string, unknown> = {},
  persona = 'owner',
): Promise<Json> {
  const res = await call(
    persona,
    'POST',
    `/v2/models/${entry.uuid}/sub-models`,
    subModelBody(entry, overrides),
  );
  if (res.status !== 201) throw new Error(`add sub-model: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let instanceCounter = 0;

/**
 * An instance summary written straight into the table, in the instance side's layout
 * (functions/data/instances.ts): the sub-model routes only read its id, name, status, sub-model and
 * outdated flag, and these tests must not depend on the instance routes.
 */
export async function putInstanceFixture(
  uuid: string,
  executionSetupId: string,
  fields: { status?: string; name?: string; outdated?: boolean } = {},
): Promise<{ id: string; name: string }> {
  instanceCounter++;
  const id = `it${Date.now().toString(36)}${process.pid}x${instanceCounter}`;
  const name = fields.name ?? `Instance ${id}`;
  const now = new Date().toISOString();
  const client = documentClient();
  const TableName = localCloud().tableName;
  await client.send(
    new PutCommand({
      TableName,
      Item: {
        pk: `INSTANCES#${uuid}`,
        sk: `INST#${id}`,
        entity: 'Instance',
        modelUuid: uuid,
        id,
        name,
        nameKey: name.trim().toLowerCase(),
        status: fields.status ?? 'DRAFT',
        createdBy: 'owner',
        createdByName: 'Olivia Owner',
        createdOn: now,
        modifiedOn: now,
        outdated: fields.outdated ?? false,
        hidden: false,
        type: 'scenario',
        executionSetupId,
        modelInputId: 'none',
        sharedWith: [],
        rev: 0,
      },
    }),
  );
  await client.send(
    new PutCommand({
      TableName,
      Item: {
        pk: `INSTANCES#${uuid}`,
        sk: `NAME#${name.trim().toLowerCase()}`,
        entity: 'InstanceName',
        instanceId: id,
      },
    }),
  );
  await client.send(
    new PutCommand({
      TableName,
      Item: { pk: `INSTANCE#${id}`, sk: 'INPUT', entity: 'InstanceInput', modelInputId: 'none', value: '{}' },
    }),
  );
  return { id, name };
}
