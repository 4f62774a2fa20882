import { beforeAll, describe, expect, it } from 'vitest';
import { demoRoles } from '../support/model-entries';
import { createEntry } from './catalogue-helpers';
import {
  addSubModel,
  call,
  createWebEntry,
  getItem,
  type Json,
  putInstanceFixture,
  queryPartition,
  subModelBody,
  type WebEntry,
} from './sub-models-helpers';

/**
 * Sub-model routes against the local cloud (issue 10; spec 001 §2, §4-§6): the persona × section
 * authorization table, the dialog's rules on the server, outdating, deletion and the Model Access
 * User Settings that now list real sub-models.
 */

const TYPES = ['scenario', 'calibration', 'display'] as const;
type Type = (typeof TYPES)[number];
const PERSONAS = [
  'admin',
  'lead',
  'steward',
  'owner',
  'viewer',
  'modeler',
  'employee',
  'vendor',
  'hta',
] as const;
type Persona = (typeof PERSONAS)[number];

/** What each persona gets, per section, from each route (200/201/204 allowed; 403 refused; 404 unseen). */
const EXPECTED: Record<'list' | 'add' | 'edit' | 'delete', Record<Persona, Record<Type, number>>> = {
  list: {
    admin: { scenario: 200, calibration: 200, display: 200 },
    lead: { scenario: 200, calibration: 200, display: 200 },
    steward: { scenario: 200, calibration: 200, display: 200 },
    owner: { scenario: 200, calibration: 200, display: 200 },
    viewer: { scenario: 200, calibration: 200, display: 200 },
    modeler: { scenario: 200, calibration: 200, display: 200 },
    employee: { scenario: 200, calibration: 403, display: 200 },
    vendor: { scenario: 200, calibration: 403, display: 200 },
    hta: { scenario: 404, calibration: 404, display: 404 },
  },
  add: {
    admin: { scenario: 201, calibration: 201, display: 201 },
    lead: { scenario: 201, calibration: 201, display: 201 },
    steward: { scenario: 201, calibration: 201, display: 201 },
    owner: { scenario: 201, calibration: 201, display: 201 },
    // Issue 21 §2: those who may edit sub-models, and the modelers in their own section only.
    viewer: { scenario: 403, calibration: 403, display: 403 },
    modeler: { scenario: 403, calibration: 201, display: 403 },
    employee: { scenario: 201, calibration: 403, display: 403 },
    vendor: { scenario: 403, calibration: 403, display: 403 },
    hta: { scenario: 404, calibration: 404, display: 404 },
  },
  edit: {
    admin: { scenario: 200, calibration: 200, display: 403 },
    lead: { scenario: 200, calibration: 200, display: 403 },
    steward: { scenario: 200, calibration: 200, display: 403 },
    owner: { scenario: 200, calibration: 200, display: 403 },
    viewer: { scenario: 403, calibration: 403, display: 403 },
    modeler: { scenario: 403, calibration: 403, display: 403 },
    employee: { scenario: 403, calibration: 403, display: 403 },
    vendor: { scenario: 403, calibration: 403, display: 403 },
    hta: { scenario: 404, calibration: 404, display: 404 },
  },
  delete: {
    admin: { scenario: 204, calibration: 204, display: 403 },
    lead: { scenario: 204, calibration: 204, display: 403 },
    steward: { scenario: 204, calibration: 204, display: 403 },
    owner: { scenario: 204, calibration: 204, display: 403 },
    viewer: { scenario: 403, calibration: 403, display: 403 },
    modeler: { scenario: 403, calibration: 403, display: 403 },
    employee: { scenario: 403, calibration: 403, display: 403 },
    vendor: { scenario: 403, calibration: 403, display: 403 },
    hta: { scenario: 404, calibration: 404, display: 404 },
  },
};

/**
 * Adding a scenario sub-model linked to a calibration sub-model: the scenario section's add rule, and
 * the calibration section must be visible (a scenario modeler's runs would get calibration outputs).
 */
const EXPECTED_LINK: Record<Persona, number> = {
  admin: 201,
  lead: 201,
  steward: 201,
  owner: 201,
  viewer: 403,
  modeler: 403,
  employee: 403,
  vendor: 403,
  hta: 404,
};

let entry: WebEntry;
const base = () => `/v2/models/${entry.uuid}/sub-models`;

beforeAll(async () => {
  entry = await createWebEntry();
});

describe('sub-models: persona × section authorization (001 §6)', () => {
  it('lists each section for the personas that see it', async () => {
    const seeded = Object.fromEntries(
      await Promise.all(TYPES.map(async (type) => [type, await addSubModel(entry, { type })])),
    ) as Record<Type, Json>;
    const actual: Record<string, Record<string, number>> = {};
    for (const persona of PERSONAS) {
      actual[persona] = {};
      for (const type of TYPES) {
        const res = await call(persona, 'GET', `${base()}?type=${type}`);
        actual[persona][type] = res.status;
        if (res.status === 200) expect(res.body.items.map((i: Json) => i.id)).toContain(seeded[type].id);
      }
    }
    expect(actual).toEqual(EXPECTED.list);
  });

  it('adds sub-models for those who may edit them and for the modelers of the section (viewers never)', async () => {
    const actual: Record<string, Record<string, number>> = {};
    for (const persona of PERSONAS) {
      actual[persona] = {};
      for (const type of TYPES) {
        actual[persona][type] = (await call(persona, 'POST', base(), subModelBody(entry, { type }))).status;
      }
    }
    expect(actual).toEqual(EXPECTED.add);
  });

  it('links a scenario sub-model to a calibration one only for personas who see calibrations', async () => {
    const target = await addSubModel(entry, { type: 'calibration' });
    const actual: Record<string, number> = {};
    for (const persona of PERSONAS) {
      const body = subModelBody(entry, { type: 'scenario', executionSetupId: target.id });
      actual[persona] = (await call(persona, 'POST', base(), body)).status;
    }
    expect(actual).toEqual(EXPECTED_LINK);
  });

  it('edits for super users and managers only, never display sub-models', async () => {
    const targets = Object.fromEntries(
      await Promise.all(TYPES.map(async (type) => [type, await addSubModel(entry, { type })])),
    ) as Record<Type, Json>;
    const actual: Record<string, Record<string, number>> = {};
    for (const persona of PERSONAS) {
      actual[persona] = {};
      for (const type of TYPES) {
        const res = await call(
          persona,
          'PUT',
          `${base()}/${targets[type].id}`,
          subModelBody(entry, { type, name: `${type} by ${persona}` }),
        );
        actual[persona][type] = res.status;
      }
    }
    expect(actual).toEqual(EXPECTED.edit);
  });

  it('deletes for super users and managers only, never display sub-models', async () => {
    const actual: Record<string, Record<string, number>> = {};
    for (const persona of PERSONAS) {
      actual[persona] = {};
      for (const type of TYPES) {
        const target = await addSubModel(entry, { type });
        actual[persona][type] = (await call(persona, 'DELETE', `${base()}/${target.id}`)).status;
      }
    }
    expect(actual).toEqual(EXPECTED.delete);
  });

  it("answers each sub-model with the caller's permissions and the section access", async () => {
    const sub = await addSubModel(entry, { type: 'calibration' });
    const owner = await call('owner', 'GET', `${base()}/${sub.id}`);
    expect(owner.body.permissions).toEqual({ edit: 'allowed', delete: 'allowed', addInstance: 'allowed' });
    const viewer = await call('viewer', 'GET', `${base()}/${sub.id}`);
    expect(viewer.body.permissions).toEqual({
      edit: 'disallowed',
      delete: 'disallowed',
      addInstance: 'allowed',
    });
    expect((await call('employee', 'GET', `${base()}/${sub.id}`)).status).toBe(403);
    const list = await call('vendor', 'GET', `${base()}?type=display`);
    expect(list.body.access).toEqual({
      sections: { scenario: 'allowed', calibration: 'disallowed', display: 'allowed' },
      add: { scenario: 'disallowed', calibration: 'disallowed', display: 'disallowed' },
    });
  });
});

describe('sub-models: the dialog rules on the server (001 §2, §5)', () => {
  it('lists by name, and a new sub-model has its version 1 and definition type', async () => {
    const b = await addSubModel(entry, { name: 'zz Beta', type: 'display' });
    const a = await addSubModel(entry, { name: 'ZZ alpha', type: 'display' });
    expect(b).toMatchObject({
      version: 1,
      definitionType: 'JSONTEMPLATE',
      timeoutSeconds: 600,
      createdBy: 'owner',
      // User Settings' 'Created By' shows the name kept at creation (issue 21 §26).
      createdByName: 'Olivia Owner',
    });
    const names = (await call('owner', 'GET', `${base()}?type=display`)).body.items.map((i: Json) => i.name);
    expect(names.indexOf(a.name)).toBe(names.indexOf(b.name) - 1);
  });

  it.each([
    ['a timeout below 1 minute', 400, { timeoutSeconds: 59 }],
    ['a timeout above 1440 minutes', 400, { timeoutSeconds: 1441 * 60 }],
    ['an absolute output path', 400, { outputPathDir: '/out' }],
    ['an output path with dots', 400, { outputPathDir: 'out/../x' }],
    ['a blank name', 400, { name: '   ' }],
    ['no execution file', 400, { executionModels: [] }],
    ['no environment', 400, { environment: '' }],
    ['no definition type', 400, { definitionType: undefined }],
    ['a calibration link in the calibration section', 400, { type: 'calibration', executionSetupId: 'X' }],
    [
      'an execution file of another entry',
      422,
      { executionModels: ['00000000-0000-4000-8000-000000000000'] },
    ],
  ])('refuses %s (%i) and writes nothing', async (_what, status, overrides) => {
    const before = (await call('owner', 'GET', base())).body.items.length;
    const res = await call('owner', 'POST', base(), subModelBody(entry, overrides));
    expect(res.status).toBe(status);
    expect((await call('owner', 'GET', base())).body.items.length).toBe(before);
  });

  it("says 'Path must be relative path'", async () => {
    const res = await call('owner', 'POST', base(), subModelBody(entry, { outputPathDir: '/abs' }));
    expect(res.body.issues).toContainEqual({
      path: 'body.outputPathDir',
      message: 'Path must be relative path',
    });
  });

  it('accepts the timeout bounds: 1 and 1440 minutes', async () => {
    expect((await addSubModel(entry, { timeoutSeconds: 60 })).timeoutSeconds).toBe(60);
    expect((await addSubModel(entry, { timeoutSeconds: 1440 * 60 })).timeoutSeconds).toBe(86_400);
  });

  it('offers only files the entry language runs: a Python file on an Excel entry is 422', async () => {
    const res = await call(
      'owner',
      'POST',
      base(),
      subModelBody(entry, { executionModels: [entry.files['helper.py']] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('helper.py cannot be executed by this model (Excel).');
  });

  it('links a calibration and a display sub-model, and refuses links of the wrong type (422)', async () => {
    const cal = await addSubModel(entry, { type: 'calibration' });
    const dis = await addSubModel(entry, { type: 'display' });
    const linked = await addSubModel(entry, { executionSetupId: cal.id, displayExecutionSetupId: dis.id });
    expect(linked).toMatchObject({ executionSetupId: cal.id, displayExecutionSetupId: dis.id });
    const wrong = await call('owner', 'POST', base(), subModelBody(entry, { executionSetupId: dis.id }));
    expect(wrong.status).toBe(422);
    // Deleting the calibration sub-model drops the link to it.
    expect((await call('owner', 'DELETE', `${base()}/${cal.id}`)).status).toBe(204);
    expect((await call('owner', 'GET', `${base()}/${linked.id}`)).body.executionSetupId).toBeUndefined();
  });

  it('keeps the definition type on edit (422, nothing changed) and counts versions', async () => {
    const sub = await addSubModel(entry, { definitionType: 'JSON' });
    const changed = await call('owner', 'PUT', `${base()}/${sub.id}`, {
      ...subModelBody(entry, { definitionType: 'JSONTEMPLATE', name: 'changed' }),
    });
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe('Definition Type value is invalid');
    const kept = await call('owner', 'GET', `${base()}/${sub.id}`);
    expect(kept.body).toMatchObject({ name: sub.name, definitionType: 'JSON', version: 1 });
    const edited = await call(
      'owner',
      'PUT',
      `${base()}/${sub.id}`,
      subModelBody(entry, { name: 'Edited', timeoutSeconds: 120, definitionType: 'JSON' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Edited',
      timeoutSeconds: 120,
      version: 2,
      definitionType: 'JSON',
    });
    const section = await call(
      'owner',
      'PUT',
      `${base()}/${sub.id}`,
      subModelBody(entry, { type: 'calibration', definitionType: 'JSON' }),
    );
    expect(section.status).toBe(422);
    expect(section.body.message).toBe('Type value is invalid');
  });

  it('answers 404 for an unknown sub-model and 400 on entries of other platforms', async () => {
    expect((await call('owner', 'GET', `${base()}/01UNKNOWN`)).status).toBe(404);
    const other = await createEntry({ files: [], roles: demoRoles() });
    const res = await call('owner', 'GET', `/v2/models/${other.uuid}/sub-models`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Sub-models are only available for 'WebModel 2.0' models.");
  });
});

describe('sub-models: outdating and deletion (001 §2, §4)', () => {
  it("marks the sub-model's instances outdated on 'Outdate instances' and bumps the instance revision", async () => {
    const sub = await addSubModel(entry);
    const other = await addSubModel(entry);
    const mine = await putInstanceFixture(entry.uuid, sub.id);
    const theirs = await putInstanceFixture(entry.uuid, other.id);
    const revBefore = Number((await getItem(`INSTANCES#${entry.uuid}`, 'REV'))?.rev ?? 0);

    const proceed = await call('owner', 'PUT', `${base()}/${sub.id}`, {
      ...subModelBody(entry),
      outdateInstances: false,
    });
    expect(proceed.status).toBe(200);
    expect((await getItem(`INSTANCES#${entry.uuid}`, `INST#${mine.id}`))?.outdated).toBe(false);

    const outdate = await call('owner', 'PUT', `${base()}/${sub.id}`, {
      ...subModelBody(entry),
      outdateInstances: true,
    });
    expect(outdate.status).toBe(200);
    expect((await getItem(`INSTANCES#${entry.uuid}`, `INST#${mine.id}`))?.outdated).toBe(true);
    expect((await getItem(`INSTANCES#${entry.uuid}`, `INST#${theirs.id}`))?.outdated).toBe(false);
    expect(Number((await getItem(`INSTANCES#${entry.uuid}`, 'REV'))?.rev)).toBe(revBefore + 1);

    await putInstanceFixture(entry.uuid, sub.id);
    expect((await call('viewer', 'POST', `${base()}/${sub.id}/outdate`)).status).toBe(403);
    expect((await call('steward', 'POST', `${base()}/${sub.id}/outdate`)).body).toEqual({ outdated: 1 });
  });

  it('refuses to delete while an instance runs (409), then deletes inputs, groups and instances', async () => {
    const sub = await addSubModel(entry);
    const running = await putInstanceFixture(entry.uuid, sub.id, { status: 'INQUEUE' });
    const group = await call('owner', 'POST', `/v2/models/${entry.uuid}/groups`, {
      executionSetupId: sub.id,
      name: 'Doomed',
      scenarioIds: [running.id],
    });
    expect(group.status).toBe(201);
    const refused = await call('owner', 'DELETE', `${base()}/${sub.id}`);
    expect(refused.status).toBe(409);
    expect((await call('owner', 'GET', `${base()}/${sub.id}`)).status).toBe(200);

    const { documentClient, localCloud } = await import('../support/local-cloud');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await documentClient().send(
      new UpdateCommand({
        TableName: localCloud().tableName,
        Key: { pk: `INSTANCES#${entry.uuid}`, sk: `INST#${running.id}` },
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'COMPLETED' },
      }),
    );
    expect((await call('owner', 'DELETE', `${base()}/${sub.id}`)).status).toBe(204);
    expect((await call('owner', 'GET', `${base()}/${sub.id}`)).status).toBe(404);
    const left = (await queryPartition(`SUBMODELS#${entry.uuid}`)).filter((i) =>
      String(i.sk).includes(sub.id),
    );
    expect(left).toEqual([]);
    expect(await getItem(`INSTANCES#${entry.uuid}`, `INST#${running.id}`)).toBeUndefined();
    expect(await getItem(`INSTANCES#${entry.uuid}`, `NAME#${running.name.toLowerCase()}`)).toBeUndefined();
    expect(await queryPartition(`INSTANCE#${running.id}`)).toEqual([]);
  });
});

describe('Model Access User Settings with real sub-models (000 §2)', () => {
  it('lists calibration and scenario sub-models for a manager and validates the assignment', async () => {
    const cal = await addSubModel(entry, { type: 'calibration' });
    const scen = await addSubModel(entry, { type: 'scenario' });
    const calibration = await call('owner', 'GET', `${base()}?type=calibration`);
    expect(calibration.body.items.map((i: Json) => i.id)).toContain(cal.id);
    expect(calibration.body.items[0]).toMatchObject({
      name: expect.any(String),
      createdBy: expect.any(String),
    });

    const path = `/v2/models/${entry.uuid}/expertise/employee`;
    const unknown = await call('owner', 'PUT', path, { userId: 'employee', subModelIdList: ['sm-1'] });
    expect(unknown.status).toBe(422);
    const noAccess = await call('owner', 'PUT', path, { userId: 'employee', subModelIdList: [cal.id] });
    expect(noAccess.status).toBe(422);
    expect(noAccess.body.message).toBe(
      "Selected User doesn't have the access to this Sub Model. Please contact Model Owner to grant access to the Sub Model.",
    );
    const ok = await call('owner', 'PUT', path, {
      userId: 'employee',
      expertiseTypeLevel: 750,
      subModelIdList: [scen.id],
    });
    expect(ok.status).toBe(200);
    expect((await call('owner', 'GET', path)).body).toEqual({
      userId: 'employee',
      expertiseTypeLevel: 750,
      subModelIdList: [scen.id],
    });
    expect((await call('owner', 'DELETE', `${base()}/${scen.id}`)).status).toBe(204);
    expect((await call('owner', 'GET', path)).body.subModelIdList).toEqual([]);
  });
});

describe('deleting the entry', () => {
  it('deletes its sub-models, inputs, groups and instances too', async () => {
    const doomed = await createWebEntry();
    const sub = await addSubModel(doomed);
    await putInstanceFixture(doomed.uuid, sub.id);
    const g = await call('owner', 'POST', `/v2/models/${doomed.uuid}/groups`, {
      executionSetupId: sub.id,
      name: 'G',
      scenarioIds: [],
    });
    expect(g.status).toBe(201);
    expect((await queryPartition(`SUBMODELS#${doomed.uuid}`)).length).toBeGreaterThan(0);
    expect((await call('lead', 'DELETE', `/v2/models/${doomed.uuid}`)).status).toBe(204);
    expect(await queryPartition(`SUBMODELS#${doomed.uuid}`)).toEqual([]);
    expect(await queryPartition(`INSTANCES#${doomed.uuid}`)).toEqual([]);
  });
});
