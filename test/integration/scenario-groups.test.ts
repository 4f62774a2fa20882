import { beforeAll, describe, expect, it } from 'vitest';
import {
  addSubModel,
  call,
  createWebEntry,
  getItem,
  type Json,
  putInstanceFixture,
  queryPartition,
  type WebEntry,
} from './sub-models-helpers';

/** Scenario groups (issue 10; spec 001 §2, §3, §5, §7) against the local cloud. */

let entry: WebEntry;
let scenario: Json;
let calibration: Json;
const groups = () => `/v2/models/${entry.uuid}/groups`;

beforeAll(async () => {
  entry = await createWebEntry();
  scenario = await addSubModel(entry, { type: 'scenario' });
  calibration = await addSubModel(entry, { type: 'calibration' });
});

const create = (body: Record<string, unknown>, persona = 'viewer') => call(persona, 'POST', groups(), body);

describe('scenario groups', () => {
  it('creates, reads, renames, fills and deletes a group', async () => {
    const a = await putInstanceFixture(entry.uuid, scenario.id);
    const b = await putInstanceFixture(entry.uuid, scenario.id);
    const made = await create({ executionSetupId: scenario.id, name: 'Base arms', scenarioIds: [a.id] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      executionSetupId: scenario.id,
      name: 'Base arms',
      scenarioIds: [a.id],
      createdBy: 'viewer',
    });
    const id = made.body.id;
    expect((await call('modeler', 'GET', `${groups()}/${id}`)).body.name).toBe('Base arms');

    // Drag b in, then a out.
    const filled = await call('viewer', 'PUT', `${groups()}/${id}`, { scenarioIds: [a.id, b.id] });
    expect(filled.body.scenarioIds).toEqual([a.id, b.id]);
    const emptied = await call('viewer', 'PUT', `${groups()}/${id}`, { scenarioIds: [b.id] });
    expect(emptied.body.scenarioIds).toEqual([b.id]);

    const renamed = await call('owner', 'PUT', `${groups()}/${id}`, { name: 'Renamed' });
    expect(renamed.body).toMatchObject({ name: 'Renamed', scenarioIds: [b.id] });
    // The old name is free again.
    expect((await create({ executionSetupId: scenario.id, name: 'base ARMS', scenarioIds: [] })).status).toBe(
      201,
    );

    expect((await call('viewer', 'DELETE', `${groups()}/${id}`)).status).toBe(204);
    expect((await call('viewer', 'GET', `${groups()}/${id}`)).status).toBe(404);
    expect(await getItem(`SUBMODELS#${entry.uuid}`, `GROUPNAME#${scenario.id}#renamed`)).toBeUndefined();
  });

  it("refuses a name taken in the same sub-model whatever its case: 409 'Name is not unique', nothing written", async () => {
    expect(
      (await create({ executionSetupId: scenario.id, name: 'Unique One', scenarioIds: [] })).status,
    ).toBe(201);
    const before = (await queryPartition(`SUBMODELS#${entry.uuid}`)).length;
    const taken = await create({ executionSetupId: scenario.id, name: '  UNIQUE one ', scenarioIds: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Name is not unique');
    expect((await queryPartition(`SUBMODELS#${entry.uuid}`)).length).toBe(before);
    // Another sub-model may use it.
    expect(
      (await create({ executionSetupId: calibration.id, name: 'unique one', scenarioIds: [] })).status,
    ).toBe(201);
    // Renaming onto a taken name is refused too.
    const other = await create({ executionSetupId: scenario.id, name: 'Other', scenarioIds: [] });
    const clash = await call('viewer', 'PUT', `${groups()}/${other.body.id}`, { name: 'unique ONE' });
    expect(clash.status).toBe(409);
    expect((await call('viewer', 'GET', `${groups()}/${other.body.id}`)).body.name).toBe('Other');
  });

  it.each([
    ['a name above 20 characters', 400, { name: 'x'.repeat(21) }],
    ['no name', 400, { name: ' ' }],
    ['an unknown sub-model', 422, { executionSetupId: 'NOPE' }],
    ['an instance of another sub-model', 422, { scenarioIds: ['elsewhere'] }],
  ])('refuses %s (%i) and writes nothing', async (_what, status, overrides) => {
    const before = (await queryPartition(`SUBMODELS#${entry.uuid}`)).length;
    const res = await create({ executionSetupId: scenario.id, name: 'Valid', scenarioIds: [], ...overrides });
    expect(res.status).toBe(status);
    expect((await queryPartition(`SUBMODELS#${entry.uuid}`)).length).toBe(before);
  });

  it('takes only instances of its own sub-model', async () => {
    const cal = await putInstanceFixture(entry.uuid, calibration.id);
    const res = await create({ executionSetupId: scenario.id, name: 'Mixed', scenarioIds: [cal.id] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`Instance ${cal.id} is not an instance of this sub-model.`);
  });

  it('lists groups by name, per sub-model or for every section the caller sees', async () => {
    const own = await addSubModel(entry, { type: 'scenario' });
    for (const name of ['b group', 'A group', 'c group'])
      expect((await create({ executionSetupId: own.id, name, scenarioIds: [] })).status).toBe(201);
    const listed = await call('employee', 'GET', `${groups()}?subModelId=${own.id}`);
    expect(listed.body.items.map((g: Json) => g.name)).toEqual(['A group', 'b group', 'c group']);
    // A scenario modeler sees no calibration groups.
    const all = await call('employee', 'GET', groups());
    expect(all.body.items.some((g: Json) => g.executionSetupId === calibration.id)).toBe(false);
    expect((await call('employee', 'GET', `${groups()}?subModelId=${calibration.id}`)).status).toBe(403);
  });

  it('lets display viewers see but not change groups, and scenario modelers not touch calibration groups', async () => {
    const g = await create({ executionSetupId: scenario.id, name: 'Viewers', scenarioIds: [] });
    expect((await call('vendor', 'GET', `${groups()}/${g.body.id}`)).status).toBe(200);
    expect((await call('vendor', 'PUT', `${groups()}/${g.body.id}`, { name: 'x' })).status).toBe(403);
    expect(
      (await create({ executionSetupId: scenario.id, name: 'V', scenarioIds: [] }, 'vendor')).status,
    ).toBe(403);
    expect(
      (await create({ executionSetupId: calibration.id, name: 'S', scenarioIds: [] }, 'employee')).status,
    ).toBe(403);
    expect(
      (await create({ executionSetupId: scenario.id, name: 'E', scenarioIds: [] }, 'employee')).status,
    ).toBe(201);
    expect((await call('hta', 'GET', groups())).status).toBe(404);
  });

  it('has no groups for display sub-models (422)', async () => {
    const display = await addSubModel(entry, { type: 'display' });
    expect((await create({ executionSetupId: display.id, name: 'D', scenarioIds: [] }, 'owner')).status).toBe(
      422,
    );
  });
});
