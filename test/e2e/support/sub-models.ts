import { api, idToken } from '../../support/local-cloud';
import { demoMetadata, demoRoles, type Json, uploadFiles } from '../../support/model-entries';

/**
 * Set-up of the sub-model browser tests (test/e2e/sub-models.spec.ts, accessibility.spec.ts): a
 * WebModel 2.0 entry of a Python model with a help file, made through the API as the lead would.
 */

export interface SubModelEntry {
  uuid: string;
  name: string;
  /** File uuids by name. */
  files: Record<string, string>;
}

/** One API call as `persona`; throws unless the status is `expected`. */
export async function callAs(
  persona: string,
  method: string,
  path: string,
  body?: unknown,
  expected = method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200,
): Promise<Json> {
  const res = await api(path, {
    method,
    token: await idToken(persona),
    ...(body !== undefined
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A WebModel 2.0 draft of a Python model (its environment 'Python 3.11') made by the lead: the main
 * file model.py, a helper, a help file (file type HelpFile) and a note. Roles: the demo set plus
 * 'modeler' as calibration modeler, 'employee' as scenario modeler and 'vendor' as display viewer.
 */
export async function createSubModelEntry(suffix: string): Promise<SubModelEntry> {
  const token = await idToken('lead');
  const files = [
    { name: 'model.py', content: 'print("model")', mainFile: true },
    { name: 'helpers.py', content: 'def helper(): pass' },
    { name: 'guide.txt', content: 'How to fill the inputs', fileTag: 'HelpFile' },
    { name: 'notes.txt', content: 'notes' },
  ];
  const up = await uploadFiles(token, files);
  const entry = await callAs('lead', 'POST', '/v2/models', {
    uploadId: up.uploadId,
    files: up.refs.map((ref, i) => ({
      ...ref,
      ...(files[i]?.fileTag ? { fileTag: files[i]?.fileTag } : {}),
    })),
    metadata: demoMetadata({ platform: 'WebModel 2.0', python_environment: 'Python 3.11', suffix }),
    roles: demoRoles({
      calibrationModelers: ['modeler'],
      scenarioModelers: ['employee'],
      displayViewers: ['vendor'],
    }),
    publish: false,
  });
  const uuid = entry.uuid as string;
  const list = await callAs('lead', 'GET', `/v2/models/${uuid}/files`);
  const byName = Object.fromEntries(
    (list.items as { name: string; uuid: string }[]).map((f) => [f.name, f.uuid]),
  );
  return { uuid, name: entry.name as string, files: byName };
}

/** Adds a sub-model as the owner through the API. */
export async function addSubModel(
  entry: SubModelEntry,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const created = await callAs('owner', 'POST', `/v2/models/${entry.uuid}/sub-models`, {
    type: 'scenario',
    name: `Sub-model ${Math.random().toString(36).slice(2, 8)}`,
    environment: 'Python 3.11',
    executionModels: [entry.files['model.py']],
    timeoutSeconds: 600,
    outputPathDir: 'out/results',
    definitionType: 'JSONTEMPLATE',
    ...overrides,
  });
  return { id: created.id as string, name: created.name as string };
}

/** The sub-model's input definitions (newest first) as the API answers them. */
export async function inputsOf(entry: SubModelEntry, subModelId: string): Promise<Json[]> {
  const list = await callAs('owner', 'GET', `/v2/models/${entry.uuid}/sub-models/${subModelId}/inputs`);
  return list.items as Json[];
}

export const subModelListPath = (uuid: string, section: string, subModelId?: string) =>
  `/model/${uuid}/${section}/submodel-list${subModelId ? `?subModel=${subModelId}` : ''}`;
export const inputDefinitionListPath = (uuid: string, subModelId: string) =>
  `/model/${uuid}/sub-model/${subModelId}/input-definition-list`;
export const definitionEditorPath = (uuid: string, subModelId: string) =>
  `/model/${uuid}/sub-model/${subModelId}/editor`;

/** Stores `value` (a template or JSON object) as the sub-model's input definition. */
export async function putDefinition(entry: SubModelEntry, subModelId: string, value: unknown): Promise<void> {
  const [input] = await inputsOf(entry, subModelId);
  await callAs('owner', 'PUT', `/v2/models/${entry.uuid}/sub-models/${subModelId}/inputs/${input.id}`, {
    value: JSON.stringify(value),
  });
}
