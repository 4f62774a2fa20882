import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, localCloud } from '../support/local-cloud';
import { createEntry, metadataOf } from './catalogue-helpers';
import {
  addInstance,
  addTemplateSubModel,
  bumpInstancesRev,
  call,
  createWebEntry,
  DEFAULT_VALUES,
  getItem,
  instancePath,
  instancesPath,
  type Json,
  queryPartition,
  type SubModelWithInput,
  setExpertise,
  setInstanceState,
  storedValues,
  uniqueName,
  type WebEntry,
} from './instances-helpers';

/**
 * Instances (scenarios) against the local cloud (issue 10; spec 001 §3-§6): every route of the
 * `instances` area but sharing and parameter files (instance-sharing.test.ts, parameter-files.test.ts).
 * Personas on the entry (sub-models-helpers.ts WEB_ROLES): lead (lead and owner), steward, owner,
 * viewer, modeler (calibration modeler), employee (scenario modeler), vendor (display viewer); admin is
 * a super user; hta holds no role.
 */

let entry: WebEntry;
let scenario: SubModelWithInput;
let calibration: SubModelWithInput;

beforeAll(async () => {
  entry = await createWebEntry();
  [scenario, calibration] = await Promise.all([
    addTemplateSubModel(entry, 'scenario'),
    addTemplateSubModel(entry, 'calibration'),
  ]);
});

const list = (persona: string, query: Record<string, string> = {}) =>
  call(persona, 'GET', `${instancesPath(entry.uuid)}?${new URLSearchParams(query).toString()}`);

describe('adding an instance', () => {
  it('creates a DRAFT with the default values of the template and the caller as creator (201)', async () => {
    const name = uniqueName('Base case');
    const res = await call('viewer', 'POST', `/v2/models/${entry.uuid}/sub-models/${scenario.id}/instances`, {
      name,
      label: 'First',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name,
      label: 'First',
      status: 'DRAFT',
      createdBy: 'viewer',
      createdByName: 'Victor Viewer',
      userAccess: 'CREATOR',
      shared: false,
      outdated: false,
      hidden: false,
      type: 'scenario',
      executionSetupId: scenario.id,
      input: { modelInputId: scenario.inputId },
      permissions: { edit: 'allowed', clone: 'allowed', delete: 'allowed', share: 'allowed' },
      sharedWith: [],
    });
    // The viewer's level is the default 500: the advanced and expert values are not shown.
    expect(JSON.parse(res.body.input.value)).toEqual({ cohort: 40, country: 'UK', population: null });
    expect(await storedValues(res.body.id)).toEqual(DEFAULT_VALUES);
    expect(await getItem(`INSTANCES#${entry.uuid}`, `NAME#${name.toLowerCase()}`)).toMatchObject({
      instanceId: res.body.id,
    });
  });

  it("refuses a name over 200 characters and a label over 50 (400 'is too long'); nothing is written", async () => {
    const before = await queryPartition(`INSTANCES#${entry.uuid}`);
    const path = `/v2/models/${entry.uuid}/sub-models/${scenario.id}/instances`;
    const long = await call('owner', 'POST', path, { name: 'n'.repeat(201) });
    expect([long.status, long.body.message]).toEqual([400, 'Instance Name is too long (body.name)']);
    const label = await call('owner', 'POST', path, { name: uniqueName(), label: 'l'.repeat(51) });
    expect([label.status, label.body.issues[0].message]).toEqual([400, 'Label is too long']);
    const empty = await call('owner', 'POST', path, { name: '   ' });
    expect([empty.status, empty.body.issues[0].message]).toEqual([400, 'Instance Name is required']);
    expect(await queryPartition(`INSTANCES#${entry.uuid}`)).toHaveLength(before.length);
  });

  it("keeps names unique in the entry in any case (409 'Instance Name is not unique'), across sub-models", async () => {
    const name = uniqueName('Unique');
    await addInstance('owner', entry.uuid, scenario.id, { name });
    const again = await call(
      'steward',
      'POST',
      `/v2/models/${entry.uuid}/sub-models/${calibration.id}/instances`,
      {
        name: `  ${name.toUpperCase()} `,
      },
    );
    expect([again.status, again.body.message]).toEqual([409, 'Instance Name is not unique']);
  });

  it('lets exactly one of two simultaneous creates with the same name win', async () => {
    const name = uniqueName('Race');
    const path = `/v2/models/${entry.uuid}/sub-models/${scenario.id}/instances`;
    const answers = await Promise.all([
      call('owner', 'POST', path, { name }),
      call('steward', 'POST', path, { name: name.toLowerCase() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const page = await list('lead', { name, pageSize: '100' });
    expect(page.body.total).toBe(1);
    const items = (await queryPartition(`INSTANCES#${entry.uuid}`)).filter(
      (i: Json) => String(i.sk).startsWith('INST#') && i.nameKey === name.toLowerCase(),
    );
    expect(items).toHaveLength(1);
  });

  it("blocks adding to a sub-model whose template is invalid (422 'Input Definition is not valid…')", async () => {
    const broken = await addTemplateSubModel(entry, 'scenario', {
      definitions: [{ id: 'p1', name: '1st', title: 'T', question: 'Q', type: 'INTEGER', min: 9, max: 1 }],
    });
    const res = await call('owner', 'POST', `/v2/models/${entry.uuid}/sub-models/${broken.id}/instances`, {
      name: uniqueName(),
    });
    expect([res.status, res.body.message]).toEqual([422, SUB_MODEL_MESSAGES.invalidTemplateBlocksInstance]);
    const page = await list('owner', { executionSetupId: broken.id });
    expect(page.body.total).toBe(0);
  });

  it('answers 404 for an unknown sub-model and 400 on an entry that is not WebModel 2.0', async () => {
    const unknown = await call('owner', 'POST', `/v2/models/${entry.uuid}/sub-models/NOSUCH/instances`, {
      name: uniqueName(),
    });
    expect(unknown.status).toBe(404);
    const repo = await createEntry({ metadata: metadataOf({ platform: 'Model Repository' }), files: [] });
    const other = await call('lead', 'GET', instancesPath(repo.uuid));
    expect([other.status, other.body.message]).toEqual([
      400,
      "Sub-models are only available for 'WebModel 2.0' models.",
    ]);
  });
});

describe('name check', () => {
  it('says whether a name is taken in the entry, and exempts the instance being renamed', async () => {
    const created = await addInstance('owner', entry.uuid, scenario.id);
    const check = (body: Json) => call('viewer', 'POST', `${instancesPath(entry.uuid)}/name-check`, body);
    expect((await check({ name: created.name.toUpperCase() })).body).toEqual({ exists: true });
    expect((await check({ name: created.name, instanceId: created.id })).body).toEqual({ exists: false });
    expect((await check({ name: uniqueName() })).body).toEqual({ exists: false });
    expect((await check({ name: 'x'.repeat(201) })).status).toBe(400);
  });
});

describe('values and expertise (§5, §6)', () => {
  let instance: Json;
  beforeAll(async () => {
    await Promise.all([setExpertise(entry.uuid, 'viewer', 250), setExpertise(entry.uuid, 'owner', 1000)]);
    // The viewer's own draft: a viewer changes only instances of their own or shared with them.
    instance = await addInstance('viewer', entry.uuid, scenario.id);
  });
  const inputs = (persona: string, value: unknown, extra: Json = {}) =>
    call(persona, 'PUT', `${instancePath(entry.uuid, instance.id)}/inputs`, {
      modelInputId: scenario.inputId,
      value: typeof value === 'string' ? value : JSON.stringify(value),
      ...extra,
    });

  it('shows a Basic user only the basic parameters, and an Expert user every one', async () => {
    const basic = await call('viewer', 'GET', instancePath(entry.uuid, instance.id));
    expect(JSON.parse(basic.body.input.value)).toEqual({ cohort: 40, population: null });
    const expert = await call('owner', 'GET', instancePath(entry.uuid, instance.id));
    expect(JSON.parse(expert.body.input.value)).toEqual(DEFAULT_VALUES);
  });

  it('ignores values a Basic user sends for parameters above the level, and keeps the stored ones', async () => {
    const res = await inputs('viewer', { cohort: 55, country: 'FR', horizon: 3, discount: 0.9 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(JSON.parse(res.body.input.value)).toEqual({ cohort: 55 });
    expect(await storedValues(instance.id)).toEqual({
      cohort: 55,
      country: 'UK',
      horizon: 10,
      discount: 0.035,
    });

    const expert = await inputs('owner', { cohort: 60, country: 'FR', horizon: 3, discount: 0.05 });
    expect(JSON.parse(expert.body.input.value)).toEqual({
      cohort: 60,
      country: 'FR',
      horizon: 3,
      discount: 0.05,
    });
  });

  it('saves values that break the template anyway, answering valid false with the issues', async () => {
    const res = await inputs('owner', { cohort: '120', country: 'UK', horizon: 3, discount: 0.05 });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.issues.map((i: Json) => i.message)).toEqual([
      'Cohort size must be equal or smaller then 100',
    ]);
    expect((await storedValues(instance.id))?.cohort).toBe(120);
  });

  it("refuses an array ('Input Data must not be an Array.'), text that is not JSON and an unknown definition; nothing written", async () => {
    const before = await getItem(`INSTANCE#${instance.id}`, 'INPUT');
    const array = await inputs('owner', [1, 2]);
    expect([array.status, array.body.message]).toEqual([400, 'Input Data must not be an Array.']);
    const text = await inputs('owner', '{not json');
    expect([text.status, text.body.message]).toEqual([400, 'Invalid data structure']);
    const unknown = await inputs('owner', {}, { modelInputId: 'NOSUCH' });
    expect([unknown.status, unknown.body.message]).toEqual([422, MSG.inputNotOfSubModel('NOSUCH')]);
    const tooBig = await inputs('owner', { country: 'x'.repeat(360 * 1024) });
    expect(tooBig.status).toBe(413);
    expect(await getItem(`INSTANCE#${instance.id}`, 'INPUT')).toEqual(before);
  });
});

describe('the state rules (§4)', () => {
  it('edits only DRAFT, FAILED and CANCELLED instances (409 otherwise); the label in any state', async () => {
    const instance = await addInstance('owner', entry.uuid, scenario.id);
    await setInstanceState(entry.uuid, instance.id, { status: 'COMPLETED' });
    const path = instancePath(entry.uuid, instance.id);
    const values = await call('owner', 'PUT', `${path}/inputs`, {
      modelInputId: scenario.inputId,
      value: '{}',
    });
    expect([values.status, values.body.message]).toEqual([409, MSG.editState]);
    const rename = await call('owner', 'PATCH', path, { name: uniqueName() });
    expect([rename.status, rename.body.message]).toEqual([409, MSG.editState]);
    const label = await call('owner', 'PUT', `${path}/label`, { label: 'Final' });
    expect([label.status, label.body.label]).toEqual([200, 'Final']);
    expect((await call('owner', 'GET', path)).body.permissions.edit).toBe('forbidden');

    await setInstanceState(entry.uuid, instance.id, { status: 'FAILED' });
    const again = await call('owner', 'PATCH', path, { name: `${instance.name} v2` });
    expect(again.status).toBe(200);
  });

  it('clones only a non-outdated instance, as a DRAFT of the caller with every value', async () => {
    const source = await addInstance('owner', entry.uuid, scenario.id, { label: 'Source' });
    await call('owner', 'PUT', `${instancePath(entry.uuid, source.id)}/inputs`, {
      modelInputId: scenario.inputId,
      value: JSON.stringify({ ...DEFAULT_VALUES, discount: 0.07 }),
    });
    await setInstanceState(entry.uuid, source.id, { status: 'COMPLETED' });
    const name = uniqueName('Copy');
    const clone = await call('steward', 'POST', `${instancePath(entry.uuid, source.id)}/clone`, { name });
    expect(clone.status, JSON.stringify(clone.body)).toBe(201);
    expect(clone.body).toMatchObject({ name, label: 'Source', status: 'DRAFT', createdBy: 'steward' });
    expect(await storedValues(clone.body.id)).toMatchObject({ discount: 0.07 });

    const taken = await call('steward', 'POST', `${instancePath(entry.uuid, source.id)}/clone`, { name });
    expect(taken.status).toBe(409);
    await setInstanceState(entry.uuid, source.id, { outdated: true });
    const outdated = await call('steward', 'POST', `${instancePath(entry.uuid, source.id)}/clone`, {
      name: uniqueName(),
    });
    expect([outdated.status, outdated.body.message]).toEqual([409, MSG.cloneOutdated]);
  });

  it("shows the outdating of its sub-model ('Outdate instances') in the list at once, and then refuses a clone", async () => {
    const sub = await addTemplateSubModel(entry, 'scenario');
    const instance = await addInstance('owner', entry.uuid, sub.id);
    expect((await list('owner', { executionSetupId: sub.id })).body.items[0].outdated).toBe(false);
    const outdate = await call('owner', 'POST', `/v2/models/${entry.uuid}/sub-models/${sub.id}/outdate`);
    expect(outdate.status, JSON.stringify(outdate.body)).toBe(200);
    expect((await list('owner', { executionSetupId: sub.id })).body.items[0].outdated).toBe(true);
    const clone = await call('owner', 'POST', `${instancePath(entry.uuid, instance.id)}/clone`, {
      name: uniqueName(),
    });
    expect([clone.status, clone.body.message]).toEqual([409, MSG.cloneOutdated]);
    // A later change of the instance keeps the flag the sub-model side set.
    await call('owner', 'PUT', `${instancePath(entry.uuid, instance.id)}/label`, { label: 'Kept' });
    expect((await call('owner', 'GET', instancePath(entry.uuid, instance.id))).body.outdated).toBe(true);
  });

  it('deletes an own DRAFT, FAILED, CANCELLED or COMPLETED instance with its name, values and shares', async () => {
    const instance = await addInstance('viewer', entry.uuid, scenario.id);
    const path = instancePath(entry.uuid, instance.id);
    const other = await call('owner', 'DELETE', path);
    expect([other.status, other.body.message]).toEqual([403, MSG.deleteOwn]);
    await setInstanceState(entry.uuid, instance.id, { status: 'INPROCESS' });
    const running = await call('viewer', 'DELETE', path);
    expect([running.status, running.body.message]).toEqual([409, MSG.deleteState]);
    await setInstanceState(entry.uuid, instance.id, { status: 'COMPLETED' });
    expect((await call('viewer', 'DELETE', path)).status).toBe(204);

    expect(await getItem(`INSTANCES#${entry.uuid}`, `INST#${instance.id}`)).toBeUndefined();
    expect(await getItem(`INSTANCES#${entry.uuid}`, `NAME#${instance.name.toLowerCase()}`)).toBeUndefined();
    expect(await queryPartition(`INSTANCE#${instance.id}`)).toEqual([]);
    expect((await call('viewer', 'GET', path)).status).toBe(404);
    // The name is free again.
    await addInstance('viewer', entry.uuid, scenario.id, { name: instance.name });
  });
});

describe('renaming and hiding (PATCH)', () => {
  it("leaves another user's unshared draft read-only to a viewer (issue 21 §2) and changes nothing", async () => {
    const instance = await addInstance('owner', entry.uuid, scenario.id);
    const path = instancePath(entry.uuid, instance.id);
    const before = await getItem(`INSTANCES#${entry.uuid}`, `INST#${instance.id}`);
    const values = await storedValues(instance.id);

    const asViewer = await call('viewer', 'GET', path);
    expect(asViewer.body.permissions.edit).toBe('forbidden');
    const answers = [
      (await call('viewer', 'PATCH', path, { name: uniqueName('Taken over') })).status,
      (await call('viewer', 'PUT', `${path}/label`, { label: 'Mine now' })).status,
      (
        await call('viewer', 'PUT', `${path}/inputs`, {
          modelInputId: scenario.inputId,
          value: JSON.stringify({ ...DEFAULT_VALUES, cohort: 77 }),
        })
      ).status,
    ];
    expect(answers).toEqual([403, 403, 403]);
    expect(await getItem(`INSTANCES#${entry.uuid}`, `INST#${instance.id}`)).toEqual(before);
    expect(await storedValues(instance.id)).toEqual(values);
    // Its creator, the steward and a super user may still change it.
    for (const persona of ['owner', 'steward', 'admin'])
      expect((await call(persona, 'PUT', `${path}/label`, { label: persona })).status).toBe(200);
  });

  it('moves the name guard with a new name, keeps it for a change of case, and exempts the unchanged name', async () => {
    const instance = await addInstance('owner', entry.uuid, scenario.id);
    const path = instancePath(entry.uuid, instance.id);
    const same = await call('owner', 'PATCH', path, { name: instance.name });
    expect(same.status).toBe(200);
    const upper = await call('owner', 'PATCH', path, { name: instance.name.toUpperCase() });
    expect([upper.status, upper.body.name]).toEqual([200, instance.name.toUpperCase()]);
    expect(await getItem(`INSTANCES#${entry.uuid}`, `NAME#${instance.name.toLowerCase()}`)).toMatchObject({
      instanceId: instance.id,
    });

    const taken = await addInstance('owner', entry.uuid, scenario.id);
    const clash = await call('owner', 'PATCH', path, { name: taken.name });
    expect([clash.status, clash.body.message]).toEqual([409, 'Instance Name is not unique']);

    const renamed = uniqueName('Renamed');
    expect((await call('owner', 'PATCH', path, { name: renamed })).status).toBe(200);
    expect(await getItem(`INSTANCES#${entry.uuid}`, `NAME#${instance.name.toLowerCase()}`)).toBeUndefined();
    expect(await getItem(`INSTANCES#${entry.uuid}`, `NAME#${renamed.toLowerCase()}`)).toMatchObject({
      instanceId: instance.id,
    });

    const hidden = await call('owner', 'PATCH', path, { hidden: true });
    expect(hidden.body.hidden).toBe(true);
    expect((await list('owner', { name: renamed, hidden: 'false' })).body.total).toBe(0);
    expect((await list('owner', { name: renamed, hidden: 'true' })).body.total).toBe(1);
    expect((await call('owner', 'PATCH', path, { unknown: 1 })).status).toBe(400);
  });
});

describe('the instance list', () => {
  let own: WebEntry;
  let sub: SubModelWithInput;
  let cal: SubModelWithInput;
  const created: Json[] = [];
  beforeAll(async () => {
    own = await createWebEntry();
    [sub, cal] = await Promise.all([
      addTemplateSubModel(own, 'scenario'),
      addTemplateSubModel(own, 'calibration'),
    ]);
    for (let i = 0; i < 12; i++)
      created.push(
        await addInstance(i % 2 ? 'viewer' : 'owner', own.uuid, sub.id, {
          name: `List ${String(i).padStart(2, '0')}`,
          label: i === 3 ? 'Vaccine uptake' : '',
        }),
      );
    created.push(await addInstance('modeler', own.uuid, cal.id, { name: 'Calibration run' }));
    await setInstanceState(own.uuid, created[0].id, { status: 'COMPLETED' });
    await setInstanceState(own.uuid, created[1].id, { status: 'FAILED' });
  });
  const page = (persona: string, query: Record<string, string> = {}) =>
    call(persona, 'GET', `${instancesPath(own.uuid)}?${new URLSearchParams(query).toString()}`);
  const names = (answer: Json) => answer.body.items.map((i: Json) => i.name);

  it('pages with pageIndex as an offset and orders by name, status or creator', async () => {
    const first = await page('owner', {
      executionSetupId: sub.id,
      orderBy: 'name',
      orderDesc: 'false',
      pageSize: '10',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.total).toBe(12);
    expect(names(first)).toEqual(Array.from({ length: 10 }, (_, i) => `List ${String(i).padStart(2, '0')}`));
    const rest = await page('owner', {
      executionSetupId: sub.id,
      orderBy: 'name',
      orderDesc: 'false',
      pageSize: '10',
      pageIndex: '10',
    });
    expect(names(rest)).toEqual(['List 10', 'List 11']);
    const byStatus = await page('owner', {
      executionSetupId: sub.id,
      orderBy: 'status',
      orderDesc: 'false',
      pageSize: '10',
    });
    expect(names(byStatus).slice(0, 2)).toEqual(['List 00', 'List 01']);
    expect((await page('owner', { pageSize: '15' })).status).toBe(400);
  });

  it('filters by status, name, creator, month and search, with facets for the filters', async () => {
    const res = await page('owner', { status: 'COMPLETED,FAILED', orderBy: 'name', orderDesc: 'false' });
    expect(names(res)).toEqual(['List 00', 'List 01']);
    expect(res.body.facets.status).toEqual(['DRAFT', 'COMPLETED', 'FAILED']);
    expect(res.body.facets.createdBy).toEqual([
      { id: 'owner', name: 'Olivia Owner' },
      { id: 'viewer', name: 'Victor Viewer' },
    ]);
    expect(names(await page('owner', { name: 'list 05' }))).toEqual(['List 05']);
    expect((await page('owner', { createdBy: 'viewer', executionSetupId: sub.id })).body.total).toBe(6);
    const month = String(new Date().getUTCMonth() + 1);
    expect((await page('owner', { createdOnMonth: month })).body.total).toBe(13);
    expect(names(await page('owner', { query: 'UPTAKE' }))).toEqual(['List 03']);
  });

  it("shows each persona the sections it sees, and 'mine' what the caller created", async () => {
    expect((await page('modeler')).body.total).toBe(13);
    // A scenario modeler does not see the calibration section.
    expect((await page('employee')).body.total).toBe(12);
    const mine = await page('viewer', { view: 'mine' });
    expect(mine.body.total).toBe(6);
    expect(mine.body.items.every((i: Json) => i.userAccess === 'CREATOR')).toBe(true);
    expect((await page('hta')).status).toBe(404);
  });

  it('is served from memory until the instance counter moves', async () => {
    expect((await page('owner')).body.total).toBe(13);
    // An instance written behind the function's back, without raising the counter, is not seen...
    const id = `ZZ${Date.now().toString(36)}`;
    await documentClient().send(
      new PutCommand({
        TableName: localCloud().tableName,
        Item: {
          pk: `INSTANCES#${own.uuid}`,
          sk: `INST#${id}`,
          id,
          name: 'Written behind',
          nameKey: 'written behind',
          status: 'DRAFT',
          createdBy: 'owner',
          createdByName: 'Olivia Owner',
          createdOn: new Date().toISOString(),
          modifiedOn: new Date().toISOString(),
          outdated: false,
          hidden: false,
          type: 'scenario',
          executionSetupId: sub.id,
          modelInputId: sub.inputId,
          sharedWith: [],
          rev: 1,
        },
      }),
    );
    expect((await page('owner')).body.total).toBe(13);
    // ...until the counter says the entry's instances changed.
    await bumpInstancesRev(own.uuid);
    expect((await page('owner')).body.total).toBe(14);
    // The function's own writes are seen at once.
    await addInstance('owner', own.uuid, sub.id, { name: 'Added later' });
    expect(names(await page('owner', { name: 'Added later' }))).toEqual(['Added later']);
  });
});

/**
 * Persona × section: who sees and adds instances of the scenario and the calibration section (§6;
 * shared/sub-models/sub-model-access.ts). 404 = the instance (or the entry) is not shown to them.
 */
describe('authorization by persona and section', () => {
  const table = [
    // persona, sees scenario, adds scenario, sees calibration, adds calibration
    ['admin', 200, 201, 200, 201],
    ['lead', 200, 201, 200, 201],
    ['steward', 200, 201, 200, 201],
    ['owner', 200, 201, 200, 201],
    ['viewer', 200, 201, 200, 201],
    ['modeler', 200, 201, 200, 201],
    ['employee', 200, 201, 404, 403],
    ['vendor', 200, 403, 404, 403],
    ['hta', 404, 404, 404, 404],
  ] as const;
  let scenarioInstance: Json;
  let calibrationInstance: Json;
  beforeAll(async () => {
    [scenarioInstance, calibrationInstance] = await Promise.all([
      addInstance('owner', entry.uuid, scenario.id),
      addInstance('owner', entry.uuid, calibration.id),
    ]);
  });

  it.each(table)(
    '%s: scenario read %i, add %i; calibration read %i, add %i',
    async (persona, ...expected) => {
      const add = (subModelId: string) =>
        call(persona, 'POST', `/v2/models/${entry.uuid}/sub-models/${subModelId}/instances`, {
          name: uniqueName(persona),
        });
      const answers = [
        (await call(persona, 'GET', instancePath(entry.uuid, scenarioInstance.id))).status,
        (await add(scenario.id)).status,
        (await call(persona, 'GET', instancePath(entry.uuid, calibrationInstance.id))).status,
        (await add(calibration.id)).status,
      ];
      expect(answers).toEqual(expected);
      const listed = await list(persona, { pageSize: '1000' });
      if (expected[0] === 404) expect(listed.status).toBe(404);
      else
        expect(listed.body.items.some((i: Json) => i.id === calibrationInstance.id)).toBe(
          expected[2] === 200,
        );
    },
  );
});
