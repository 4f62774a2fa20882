import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '../support/local-cloud';
import { demoMetadata, type Json, uploadFiles } from '../support/model-entries';
import { call, tokenOf } from './catalogue-helpers';
import { WEB_ROLES } from './sub-models-helpers';

export type { Json };
/**
 * Helpers of the execution tests: a WebModel 2.0 entry whose files are real R models, sub-models
 * that run them, instances with values, and Execute until the run ends.
 */
export { call };

export const DEMO_R_DIR = join('models', 'demo', 'markov-cohort-r');
export const demoRScript = () => readFileSync(join(DEMO_R_DIR, 'markov_cohort.R'), 'utf8');
/** The demo model's input definition value (the template with its definitions) as JSON text. */
export const demoRDefinition = () => {
  const { value } = JSON.parse(readFileSync(join(DEMO_R_DIR, 'input-definition.json'), 'utf8')) as {
    value: unknown;
  };
  return JSON.stringify(value);
};

export interface RunEntry {
  uuid: string;
  /** File uuids by name. */
  files: Record<string, string>;
}

/** A WebModel 2.0 draft made as the lead, with R files (the first is the main file: the entry is R). */
export async function createRunEntry(
  files: Record<string, string>,
  metadata: Record<string, unknown> = {},
  helpFiles: Record<string, string> = {},
): Promise<RunEntry> {
  const token = await tokenOf('lead');
  const list = [
    ...Object.entries(files).map(([name, content], i) => ({ name, content, mainFile: i === 0 })),
    ...Object.entries(helpFiles).map(([name, content]) => ({ name, content, mainFile: false })),
  ];
  const up = await uploadFiles(token, list);
  const helpNames = new Set(Object.keys(helpFiles));
  const created = await call('lead', 'POST', '/v2/models', {
    uploadId: up.uploadId,
    files: up.refs.map((r) => (helpNames.has(r.name) ? { ...r, fileTag: 'HelpFile' } : r)),
    metadata: demoMetadata({ platform: 'WebModel 2.0', ...metadata }),
    roles: WEB_ROLES,
    publish: false,
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const uuid = created.body.uuid as string;
  // The owner sets every value of the demo model (some are above the default level, 500).
  const expert = await call('lead', 'PUT', `/v2/models/${uuid}/expertise/owner`, {
    userId: 'owner',
    expertiseTypeLevel: 1000,
  });
  if (expert.status !== 200) throw new Error(`expertise: ${expert.status} ${JSON.stringify(expert.body)}`);
  const listed = await call('lead', 'GET', `/v2/models/${uuid}/files`);
  return {
    uuid,
    files: Object.fromEntries(
      (listed.body.items as { name: string; uuid: string }[]).map((f) => [f.name, f.uuid]),
    ),
  };
}

export interface RunSubModel {
  id: string;
  inputId: string;
}

/** A sub-model running `file` (default: scenario, 1 minute, output into `output`), with a template. */
export async function addRunSubModel(
  entry: RunEntry,
  file: string,
  options: {
    type?: string;
    timeoutSeconds?: number;
    definition?: string;
    name?: string;
    executionSetupId?: string;
  } = {},
): Promise<RunSubModel> {
  const created = await call('owner', 'POST', `/v2/models/${entry.uuid}/sub-models`, {
    type: options.type ?? 'scenario',
    name: options.name ?? `Run ${file} ${Math.random().toString(36).slice(2, 8)}`,
    environment: 'R 4.2',
    executionModels: [entry.files[file]],
    timeoutSeconds: options.timeoutSeconds ?? 600,
    outputPathDir: 'output',
    definitionType: 'JSONTEMPLATE',
    ...(options.executionSetupId ? { executionSetupId: options.executionSetupId } : {}),
  });
  if (created.status !== 201) throw new Error(`sub-model: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  const inputs = await call('owner', 'GET', `/v2/models/${entry.uuid}/sub-models/${id}/inputs`);
  const inputId = inputs.body.items[0].id as string;
  const definition = options.definition ?? JSON.stringify({ definitions: [] });
  const saved = await call('owner', 'PUT', `/v2/models/${entry.uuid}/sub-models/${id}/inputs/${inputId}`, {
    value: definition,
  });
  if (saved.status !== 200) throw new Error(`definition: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { id, inputId };
}

let named = 0;

/** A DRAFT instance of the sub-model made by `persona`, with `values` merged over the defaults. */
export async function addInstance(
  entry: RunEntry,
  subModel: RunSubModel,
  values: Record<string, unknown> = {},
  persona = 'owner',
): Promise<{ id: string; name: string }> {
  named++;
  const name = `Run ${Date.now().toString(36)} ${process.pid} ${named}`;
  const created = await call(
    persona,
    'POST',
    `/v2/models/${entry.uuid}/sub-models/${subModel.id}/instances`,
    { name },
  );
  if (created.status !== 201) throw new Error(`instance: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.id as string;
  if (Object.keys(values).length > 0) {
    const current = JSON.parse(created.body.input.value as string) as Record<string, unknown>;
    const put = await call(persona, 'PUT', `/v2/models/${entry.uuid}/instances/${id}/inputs`, {
      modelInputId: subModel.inputId,
      value: JSON.stringify({ ...current, ...values }),
    });
    if (put.status !== 200) throw new Error(`values: ${put.status} ${JSON.stringify(put.body)}`);
  }
  return { id, name };
}

/** Execute and start, as the web app does after the click; returns the group id. */
export async function execute(
  entry: RunEntry,
  instanceIds: string[],
  persona = 'owner',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const created = await call(persona, 'POST', `/v2/models/${entry.uuid}/executions`, {
    instanceIds,
    ...extra,
  });
  if (created.status !== 201) throw new Error(`execute: ${created.status} ${JSON.stringify(created.body)}`);
  const groupId = created.body.groupId as string;
  const started = await call(persona, 'POST', `/v2/executions/${groupId}/start`);
  if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  return groupId;
}

const FINAL = ['COMPLETED', 'FAILED', 'CANCELLED', 'ACCEPTED', 'SUPERSEDED'];

export async function instanceStatus(
  entry: RunEntry,
  instanceId: string,
  persona = 'owner',
): Promise<string> {
  const res = await call(persona, 'GET', `/v2/models/${entry.uuid}/instances/${instanceId}`);
  if (res.status !== 200) throw new Error(`instance: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.status as string;
}

/** Waits until the instance's run has ended; returns its status. */
export function waitForEnd(entry: RunEntry, instanceId: string, timeoutMs = 180_000): Promise<string> {
  return waitFor(
    `instance ${instanceId} to finish`,
    async () => {
      const status = await instanceStatus(entry, instanceId);
      return FINAL.includes(status) ? status : undefined;
    },
    timeoutMs,
  );
}

/** Waits until the instance is in `status`. */
export function waitForStatus(entry: RunEntry, instanceId: string, status: string, timeoutMs = 120_000) {
  return waitFor(
    `instance ${instanceId} to be ${status}`,
    async () => ((await instanceStatus(entry, instanceId)) === status ? true : undefined),
    timeoutMs,
  );
}
