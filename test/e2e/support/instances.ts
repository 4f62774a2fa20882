import { api, idToken } from '../../support/local-cloud';
import { demoMetadata, demoRoles, type Json, uploadFiles } from '../../support/model-entries';

/**
 * Set-up of the instance browser tests (test/e2e/instances.spec.ts, accessibility.spec.ts): a
 * WebModel 2.0 entry with a scenario sub-model whose template has parameters at several expertise
 * levels, instances, groups and User Settings, all made through the API as the users would.
 */

const tokens = new Map<string, Promise<string>>();
const tokenOf = (persona: string) => {
  let token = tokens.get(persona);
  if (!token) {
    token = idToken(persona);
    tokens.set(persona, token);
  }
  return token;
};

/** One API call as `persona`; throws unless the status is `expected`. */
export async function callAs(
  persona: string,
  method: string,
  path: string,
  body?: unknown,
  expected = method === 'POST' ? 201 : 200,
): Promise<Json> {
  const res = await api(path, {
    method,
    token: await tokenOf(persona),
    ...(body !== undefined
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  });
  const text = await res.text();
  const answer = text ? JSON.parse(text) : undefined;
  if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return answer;
}

/** Parameters a Basic user (250) sees, and two only an Expert (1000) sees; a file parameter too. */
export const TEMPLATE = {
  definitions: [
    {
      id: 'p0',
      name: 'intro',
      title: 'Population',
      question: 'Heading',
      type: 'LABEL',
      defaultValue: 'Population',
      expertiseLevel: 250,
    },
    {
      id: 'p1',
      name: 'cohort',
      title: 'Cohort size',
      question: 'How many patients?',
      type: 'INTEGER',
      min: 1,
      max: 1000,
      defaultValue: 100,
      expertiseLevel: 250,
    },
    {
      id: 'p2',
      name: 'country',
      title: 'Country',
      question: 'Which country?',
      type: 'STRING',
      length: 40,
      defaultValue: 'UK',
      expertiseLevel: 250,
    },
    {
      id: 'p3',
      name: 'arm',
      title: 'Treatment arm',
      question: 'Which arm?',
      type: 'SINGLE_SELECT',
      expertiseLevel: 250,
      options: [
        { key: 'a', text: 'Arm A', selected: true },
        { key: 'b', text: 'Arm B', selected: false },
      ],
    },
    {
      id: 'p4',
      name: 'discount',
      title: 'Discount rate',
      question: 'Which annual rate?',
      type: 'REAL_NUMBER',
      min: 0,
      max: 1,
      defaultValue: 0.035,
      expertiseLevel: 1000,
    },
    {
      id: 'p5',
      name: 'start',
      title: 'Start date',
      question: 'When does it start?',
      type: 'DATE',
      min: '2020-01-01',
      max: '2040-12-31',
      defaultValue: '2026-01-01',
      expertiseLevel: 1000,
    },
    {
      id: 'p6',
      name: 'population',
      title: 'Population file',
      question: 'Which population data?',
      type: 'FILE',
      size: 1,
      files: 'help-file',
      expertiseLevel: 250,
    },
  ],
};

export interface WebSetup {
  uuid: string;
  name: string;
  subModelId: string;
  inputId: string;
}

/**
 * A WebModel 2.0 draft made by the lead (roles: lead, steward, owner, viewer, modeler) with a scenario
 * sub-model the owner added, whose input definition is {@link TEMPLATE}.
 */
export async function createWebSetup(suffix: string): Promise<WebSetup> {
  const token = await tokenOf('lead');
  const files = [{ name: 'model.xlsx', content: 'workbook', mainFile: true }];
  const up = await uploadFiles(token, files);
  const entry = await callAs('lead', 'POST', '/v2/models', {
    uploadId: up.uploadId,
    files: up.refs,
    metadata: demoMetadata({ platform: 'WebModel 2.0', suffix }),
    roles: demoRoles({ calibrationModelers: ['modeler'] }),
    publish: false,
  });
  const uuid = entry.uuid as string;
  const list = await callAs('lead', 'GET', `/v2/models/${uuid}/files`);
  const workbook = (list.items as { name: string; uuid: string }[]).find(
    (f) => f.name === 'model.xlsx',
  )?.uuid;
  const sub = await callAs('owner', 'POST', `/v2/models/${uuid}/sub-models`, {
    type: 'scenario',
    name: `Base case ${suffix}`.slice(0, 60),
    environment: 'Excel 365',
    executionModels: [workbook],
    timeoutSeconds: 600,
    outputPathDir: 'out/results',
    definitionType: 'JSONTEMPLATE',
  });
  const inputs = await callAs('owner', 'GET', `/v2/models/${uuid}/sub-models/${sub.id}/inputs`);
  const inputId = inputs.items[0].id as string;
  await callAs('owner', 'PUT', `/v2/models/${uuid}/sub-models/${sub.id}/inputs/${inputId}`, {
    value: JSON.stringify(TEMPLATE),
  });
  return { uuid, name: entry.name as string, subModelId: sub.id as string, inputId };
}

/** User Settings: the expertise level of `userId` on the entry (set by the lead, who manages access). */
export async function setExpertise(
  uuid: string,
  userId: string,
  level: 250 | 500 | 750 | 1000,
): Promise<void> {
  await callAs('lead', 'PUT', `/v2/models/${uuid}/expertise/${userId}`, {
    userId,
    expertiseTypeLevel: level,
    subModelIdList: [],
  });
}

export async function createInstance(
  persona: string,
  setup: WebSetup,
  name: string,
): Promise<{ id: string; name: string }> {
  const created = await callAs(
    persona,
    'POST',
    `/v2/models/${setup.uuid}/sub-models/${setup.subModelId}/instances`,
    {
      name,
    },
  );
  return { id: created.id as string, name: created.name as string };
}

export async function createGroup(
  setup: WebSetup,
  name: string,
  scenarioIds: string[] = [],
): Promise<string> {
  const group = await callAs('owner', 'POST', `/v2/models/${setup.uuid}/groups`, {
    executionSetupId: setup.subModelId,
    name,
    scenarioIds,
  });
  return group.id as string;
}

export const instanceListPath = (setup: WebSetup, instanceId?: string) =>
  `/model/${setup.uuid}/sub-model/${setup.subModelId}/instance-list${instanceId ? `?instance=${instanceId}` : ''}`;
export const instanceEditorPath = (setup: WebSetup, instanceId: string) =>
  `/model/${setup.uuid}/instance/${instanceId}/editor`;
export const instanceDetailPath = (setup: WebSetup, instanceId: string) =>
  `/model/${setup.uuid}/instance/${instanceId}/detail`;
