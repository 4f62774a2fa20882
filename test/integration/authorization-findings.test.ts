import { EXECUTION_MESSAGES } from '@shared/executions/execution-status';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEntry, metadataOf, rolesOf } from './catalogue-helpers';
import {
  addInstance as addRunInstance,
  addRunSubModel,
  createRunEntry,
  type RunEntry,
  type RunSubModel,
} from './executions-helpers';
import {
  addTemplateSubModel,
  call,
  instancePath,
  type Json,
  queryPartition,
  setInstanceState,
  uniqueName,
  type WebEntry,
} from './instances-helpers';
import { subModelBody } from './sub-models-helpers';

/**
 * The smaller authorization findings of issue 16 §3 and the queue rows of §1, each against the local
 * cloud. Personas: on the published entry the lead, steward and owner manage it, modeler is its
 * calibration modeler, employee its scenario modeler, vendor its display viewer, and viewer (an
 * internal user) holds no role there, so it may only preview it. On the draft run entry (WEB_ROLES)
 * viewer is a viewer and hta holds no role.
 */

const ROLES_WITHOUT_VIEWER = rolesOf({
  viewers: [],
  calibrationModelers: ['modeler'],
  scenarioModelers: ['employee'],
  displayViewers: ['vendor'],
});

let published: WebEntry;
let scenario: { id: string };
let calibration: { id: string };

beforeAll(async () => {
  const detail = await createEntry({
    publish: true,
    metadata: metadataOf({ platform: 'WebModel 2.0' }),
    roles: ROLES_WITHOUT_VIEWER,
  });
  const uuid = detail.uuid as string;
  const files = await call('lead', 'GET', `/v2/models/${uuid}/files`);
  published = {
    uuid,
    files: Object.fromEntries((files.body.items as Json[]).map((f) => [f.name, f.uuid])),
  };
  [scenario, calibration] = await Promise.all([
    addTemplateSubModel(published, 'scenario'),
    addTemplateSubModel(published, 'calibration'),
  ]);
});

const nameCheck = (persona: string, name: string) =>
  call(persona, 'POST', `/v2/models/${published.uuid}/instances/name-check`, { name });

describe('instance name-check answers only about instances the caller may see', () => {
  it('tells a calibration name only to those who see the calibration section', async () => {
    const name = uniqueName('Hidden calibration');
    const created = await call(
      'owner',
      'POST',
      `/v2/models/${published.uuid}/sub-models/${calibration.id}/instances`,
      { name },
    );
    expect(created.status).toBe(201);

    expect(await nameCheck('owner', name)).toMatchObject({ status: 200, body: { exists: true } });
    expect(await nameCheck('modeler', name)).toMatchObject({ status: 200, body: { exists: true } });
    // The scenario modeler and the display viewer do not see calibration instances.
    expect(await nameCheck('employee', name)).toMatchObject({ status: 200, body: { exists: false } });
    expect(await nameCheck('vendor', name)).toMatchObject({ status: 200, body: { exists: false } });
    // An internal user without a role previews the entry but sees no instance at all.
    expect(await nameCheck('viewer', name)).toMatchObject({
      status: 403,
      body: { message: SUB_MODEL_API_MESSAGES.sectionDenied },
    });
  });

  it('still refuses to save a hidden duplicate, with a message that tells nothing about it', async () => {
    const name = uniqueName('Taken calibration');
    const hidden = await call(
      'owner',
      'POST',
      `/v2/models/${published.uuid}/sub-models/${calibration.id}/instances`,
      { name },
    );
    expect(hidden.status).toBe(201);
    const before = await queryPartition(`INSTANCES#${published.uuid}`);

    const again = await call(
      'employee',
      'POST',
      `/v2/models/${published.uuid}/sub-models/${scenario.id}/instances`,
      { name: name.toUpperCase() },
    );
    expect([again.status, again.body.message]).toEqual([409, 'Instance Name is not unique']);
    const text = JSON.stringify(again.body);
    expect(text).not.toContain(hidden.body.id);
    expect(text).not.toContain(calibration.id);
    expect(await queryPartition(`INSTANCES#${published.uuid}`)).toHaveLength(before.length);
  });
});

describe('a user without a role on a published entry', () => {
  it('is refused the sub-model and instance lists (403), as docs/permissions.md says', async () => {
    const subModels = await call('viewer', 'GET', `/v2/models/${published.uuid}/sub-models`);
    expect([subModels.status, subModels.body.message]).toEqual([403, SUB_MODEL_API_MESSAGES.sectionDenied]);
    const instances = await call('viewer', 'GET', `/v2/models/${published.uuid}/instances`);
    expect([instances.status, instances.body.message]).toEqual([403, SUB_MODEL_API_MESSAGES.sectionDenied]);
    // Who holds a role still gets the lists.
    expect((await call('vendor', 'GET', `/v2/models/${published.uuid}/sub-models`)).status).toBe(200);
    expect((await call('employee', 'GET', `/v2/models/${published.uuid}/instances`)).status).toBe(200);
  });
});

describe('linking a scenario sub-model to a calibration sub-model', () => {
  it('is refused (403, nothing written) to a scenario modeler, who cannot see calibration sub-models', async () => {
    const before = (await call('owner', 'GET', `/v2/models/${published.uuid}/sub-models`)).body.items.length;
    const res = await call(
      'employee',
      'POST',
      `/v2/models/${published.uuid}/sub-models`,
      subModelBody(published, { type: 'scenario', executionSetupId: calibration.id }),
    );
    expect([res.status, res.body.message]).toEqual([403, SUB_MODEL_API_MESSAGES.calibrationSectionDenied]);
    const after = (await call('owner', 'GET', `/v2/models/${published.uuid}/sub-models`)).body.items.length;
    expect(after).toBe(before);
    // The same answer for an id that names nothing: the refusal does not reveal which ids exist.
    const unknown = await call(
      'employee',
      'POST',
      `/v2/models/${published.uuid}/sub-models`,
      subModelBody(published, { type: 'scenario', executionSetupId: '01JUNKNOWNSUBMODEL00000000' }),
    );
    expect([unknown.status, unknown.body.message]).toEqual([
      403,
      SUB_MODEL_API_MESSAGES.calibrationSectionDenied,
    ]);
    // Unlinked, the scenario modeler adds scenario sub-models as before.
    const plain = await call(
      'employee',
      'POST',
      `/v2/models/${published.uuid}/sub-models`,
      subModelBody(published, { type: 'scenario' }),
    );
    expect(plain.status).toBe(201);
  });
});

/** Executions: a draft R entry (WEB_ROLES) whose model only prints. */
let runEntry: RunEntry;
let runScenario: RunSubModel;
let runCalibration: RunSubModel;

const NOOP = 'cat("ok\\n")\n';

beforeAll(async () => {
  runEntry = await createRunEntry({ 'noop.R': NOOP });
  [runScenario, runCalibration] = await Promise.all([
    addRunSubModel(runEntry, 'noop.R'),
    addRunSubModel(runEntry, 'noop.R', { type: 'calibration' }),
  ]);
});

const executePath = () => `/v2/models/${runEntry.uuid}/executions`;
const groupOf = (persona: string, groupId: string) => call(persona, 'GET', `/v2/executions/${groupId}`);

describe('starting a group re-checks who may execute its instances', () => {
  it('refuses a user whose share was stopped after they pressed Execute (403); nothing starts', async () => {
    const instance = await addRunInstance(runEntry, runScenario);
    const shared = await call('owner', 'POST', `${instancePath(runEntry.uuid, instance.id)}/share`, {
      isids: ['employee'],
      messageText: 'Please run it.',
    });
    expect(shared.status).toBe(200);
    const created = await call('employee', 'POST', executePath(), { instanceIds: [instance.id] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const groupId = created.body.groupId as string;

    const stop = await call('owner', 'PUT', `${instancePath(runEntry.uuid, instance.id)}/share/employee`, {
      status: 'INACTIVE',
    });
    expect(stop.status).toBe(200);
    const start = await call('employee', 'POST', `/v2/executions/${groupId}/start`);
    expect([start.status, start.body.message]).toEqual([403, EXECUTION_MESSAGES.startNoLongerAllowed]);
    const group = await groupOf('owner', groupId);
    expect(group.body.executions.map((e: Json) => e.status)).toEqual(['NOTSTARTED']);

    // The instance's creator may still cancel it.
    expect((await call('owner', 'POST', `/v2/executions/${groupId}/cancel`)).status).toBe(200);
  });
});

describe('a scenario of a linked sub-model at execute time', () => {
  it('is refused (403) to an executor who cannot see the calibration section; nothing is queued', async () => {
    const linked = await addRunSubModel(runEntry, 'noop.R', { executionSetupId: runCalibration.id });
    const accepted = await addRunInstance(runEntry, runCalibration);
    await setInstanceState(runEntry.uuid, accepted.id, { status: 'ACCEPTED' });
    const mine = await addRunInstance(runEntry, linked, {}, 'employee');

    const res = await call('employee', 'POST', executePath(), {
      instanceIds: [mine.id],
      calibrationInstanceId: accepted.id,
    });
    expect([res.status, res.body.message]).toEqual([403, SUB_MODEL_API_MESSAGES.calibrationSectionDenied]);
    const after = await call('employee', 'GET', instancePath(runEntry.uuid, mine.id));
    expect(after.body.status).toBe('DRAFT');
  });
});

describe('calibrationInstanceId', () => {
  it('is refused (422) for a scenario whose sub-model has no calibration link; nothing is queued', async () => {
    const instance = await addRunInstance(runEntry, runScenario);
    const calibrationInstance = await addRunInstance(runEntry, runCalibration);
    await setInstanceState(runEntry.uuid, calibrationInstance.id, { status: 'ACCEPTED' });
    const res = await call('owner', 'POST', executePath(), {
      instanceIds: [instance.id],
      calibrationInstanceId: calibrationInstance.id,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(EXECUTION_MESSAGES.calibrationNotLinked);
    expect(res.body.issues).toEqual([
      { path: 'calibrationInstanceId', message: EXECUTION_MESSAGES.calibrationNotLinked },
    ]);
    const after = await call('owner', 'GET', instancePath(runEntry.uuid, instance.id));
    expect(after.body.status).toBe('DRAFT');
    expect(after.body.scenarioId).toBeUndefined();
  });

  it('is refused (422) when adding an instance with a calibration that is not accepted or not linked; nothing is written', async () => {
    const linked = await addRunSubModel(runEntry, 'noop.R', { executionSetupId: runCalibration.id });
    const draftCalibration = await addRunInstance(runEntry, runCalibration);
    const before = await queryPartition(`INSTANCES#${runEntry.uuid}`);
    const add = (subModelId: string) =>
      call('owner', 'POST', `/v2/models/${runEntry.uuid}/sub-models/${subModelId}/instances`, {
        name: uniqueName('Chosen early'),
        calibrationInstanceId: draftCalibration.id,
      });
    const notAccepted = await add(linked.id);
    expect([notAccepted.status, notAccepted.body.issues]).toEqual([
      422,
      [{ path: 'calibrationInstanceId', message: EXECUTION_MESSAGES.calibrationNotAccepted }],
    ]);
    await setInstanceState(runEntry.uuid, draftCalibration.id, { status: 'ACCEPTED' });
    const notLinked = await add(runScenario.id);
    expect([notLinked.status, notLinked.body.message]).toEqual([
      422,
      EXECUTION_MESSAGES.calibrationNotLinked,
    ]);
    expect(await queryPartition(`INSTANCES#${runEntry.uuid}`)).toHaveLength(before.length);
  });

  it('is stored when adding or editing a scenario of a linked sub-model, and the row and detail name it (issue 21 §1)', async () => {
    const linked = await addRunSubModel(runEntry, 'noop.R', { executionSetupId: runCalibration.id });
    const [first, second] = [
      await addRunInstance(runEntry, runCalibration),
      await addRunInstance(runEntry, runCalibration),
    ];
    if (!first || !second) throw new Error('no calibration instances');
    await setInstanceState(runEntry.uuid, first.id, { status: 'ACCEPTED' });
    const name = uniqueName('Chosen at add');
    const add = await call('owner', 'POST', `/v2/models/${runEntry.uuid}/sub-models/${linked.id}/instances`, {
      name,
      calibrationInstanceId: first.id,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.scenarioId).toBe(first.id);
    expect(add.body.calibration).toMatchObject({ id: first.id, status: 'ACCEPTED' });
    const rows = await call(
      'owner',
      'GET',
      `/v2/models/${runEntry.uuid}/instances?executionSetupId=${linked.id}`,
    );
    const row = (rows.body.items as Json[]).find((r) => r.id === add.body.id);
    expect(row?.calibration).toMatchObject({ id: first.id, status: 'ACCEPTED' });

    // The first calibration is superseded: the scenario says so, and its editor may choose the new one.
    await setInstanceState(runEntry.uuid, first.id, { status: 'SUPERSEDED' });
    await setInstanceState(runEntry.uuid, second.id, { status: 'ACCEPTED' });
    const stale = await call('owner', 'GET', instancePath(runEntry.uuid, add.body.id));
    expect(stale.body.calibration).toMatchObject({ id: first.id, status: 'SUPERSEDED' });
    const update = await call('owner', 'PATCH', instancePath(runEntry.uuid, add.body.id), {
      calibrationInstanceId: second.id,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body.calibration).toMatchObject({ id: second.id, status: 'ACCEPTED' });
    const back = await call('owner', 'PATCH', instancePath(runEntry.uuid, add.body.id), {
      calibrationInstanceId: first.id,
    });
    expect([back.status, back.body.message]).toEqual([422, EXECUTION_MESSAGES.calibrationNotAccepted]);
    expect((await call('owner', 'GET', instancePath(runEntry.uuid, add.body.id))).body.scenarioId).toBe(
      second.id,
    );
  });

  it('is refused (403) to a scenario modeler who cannot see the calibration section', async () => {
    const linked = await addRunSubModel(runEntry, 'noop.R', { executionSetupId: runCalibration.id });
    const accepted = await addRunInstance(runEntry, runCalibration);
    await setInstanceState(runEntry.uuid, accepted.id, { status: 'ACCEPTED' });
    const add = await call(
      'employee',
      'POST',
      `/v2/models/${runEntry.uuid}/sub-models/${linked.id}/instances`,
      {
        name: uniqueName('Not mine to choose'),
        calibrationInstanceId: accepted.id,
      },
    );
    expect([add.status, add.body.message]).toEqual([403, SUB_MODEL_API_MESSAGES.calibrationSectionDenied]);
  });
});

describe('cancel of a finished group', () => {
  it('checks who asks before the state: 404 / 403 for callers without rights, 409 for the executor', async () => {
    const instance = await addRunInstance(runEntry, runScenario);
    const created = await call('owner', 'POST', executePath(), { instanceIds: [instance.id] });
    expect(created.status).toBe(201);
    const groupId = created.body.groupId as string;
    expect((await call('owner', 'POST', `/v2/executions/${groupId}/cancel`)).status).toBe(200);

    // The group has ended: the viewer sees the scenario but neither created it nor has it shared.
    const viewer = await call('viewer', 'POST', `/v2/executions/${groupId}/cancel`);
    expect([viewer.status, viewer.body.message]).toEqual([403, EXECUTION_MESSAGES.cancelDenied]);
    expect((await call('hta', 'POST', `/v2/executions/${groupId}/cancel`)).status).toBe(404);
    const owner = await call('owner', 'POST', `/v2/executions/${groupId}/cancel`);
    expect([owner.status, owner.body.message]).toEqual([409, EXECUTION_MESSAGES.noActiveExecution]);
  });
});

describe('execution queue rows the caller may not see', () => {
  const ID_FREE_RUN = ['id', 'groupId', 'subModelId'];

  it('carry no ids and no creator, only what a restricted row renders', async () => {
    const instance = await addRunInstance(runEntry, runCalibration);
    const created = await call('owner', 'POST', executePath(), { instanceIds: [instance.id] });
    expect(created.status).toBe(201);
    const groupId = created.body.groupId as string;
    try {
      // hta holds no role on the draft: the whole row is restricted.
      const page = await call('hta', 'GET', '/v2/executions?pageSize=100');
      expect(page.status).toBe(200);
      const restricted = (page.body.items as Json[]).filter((g) => g.restricted);
      expect(restricted.length).toBeGreaterThan(0);
      const text = JSON.stringify(restricted);
      for (const secret of [groupId, instance.id, runEntry.uuid, runCalibration.id, 'owner', 'Olivia'])
        expect(text).not.toContain(secret);
      for (const row of restricted) {
        expect(row).not.toHaveProperty('groupId');
        expect(row.model).toEqual({ name: EXECUTION_MESSAGES.restrictedAccess });
        expect(row.createdBy).toEqual({ name: EXECUTION_MESSAGES.restrictedAccess });
        expect(typeof row.createdOn).toBe('string');
        expect(typeof row.status).toBe('string');
        for (const run of row.executions as Json[]) {
          for (const key of ID_FREE_RUN) expect(run).not.toHaveProperty(key);
          expect(run.scenario).toEqual({ name: EXECUTION_MESSAGES.restrictedAccess });
          expect(run.model).toEqual({ name: EXECUTION_MESSAGES.restrictedAccess });
          expect(run.createdBy).toEqual({ name: EXECUTION_MESSAGES.restrictedAccess });
          expect(run.restricted).toBe(true);
        }
      }

      // The scenario modeler sees the entry (and the group) but not the calibration run in it.
      const employee = await call('employee', 'GET', '/v2/executions?pageSize=100');
      const row = (employee.body.items as Json[]).find((g) => g.groupId === groupId);
      expect(row).toMatchObject({ restricted: false, model: { uuid: runEntry.uuid } });
      const [run] = (row?.executions ?? []) as Json[];
      expect(run).toMatchObject({
        restricted: true,
        scenario: { name: EXECUTION_MESSAGES.restrictedAccess },
      });
      for (const key of ['id', 'subModelId']) expect(run).not.toHaveProperty(key);
      expect(run?.scenario).not.toHaveProperty('id');
      expect(run?.createdBy).toEqual({ name: EXECUTION_MESSAGES.restrictedAccess });

      // The owner sees everything.
      const owner = await groupOf('owner', groupId);
      expect(owner.body.executions[0]).toMatchObject({
        groupId,
        scenario: { id: instance.id, name: instance.name },
        createdBy: { id: 'owner' },
        restricted: false,
      });
    } finally {
      await call('owner', 'POST', `/v2/executions/${groupId}/cancel`);
    }
  });
});
