import { beforeAll, describe, expect, it } from 'vitest';
import {
  addSubModel,
  call,
  createWebEntry,
  getItem,
  type Json,
  putInstanceFixture,
  type WebEntry,
} from './sub-models-helpers';

/**
 * Outdated after a file change (001 §4; the Files dialog's step 2, 000 §2) against the local cloud:
 * POST /v2/models/{uuid}/files/outdate-instances after a file manager save. Instances are written
 * straight into the table in the states a run leaves them (the execution routes are tested elsewhere).
 */

const path = (uuid: string) => `/v2/models/${uuid}/files/outdate-instances`;
const outdatedFlag = async (uuid: string, id: string) =>
  (await getItem(`INSTANCES#${uuid}`, `INST#${id}`))?.outdated as boolean;
const flags = (uuid: string, ids: string[]) => Promise.all(ids.map((id) => outdatedFlag(uuid, id)));

/** The file manager's save that precedes the request: notes.txt goes. */
async function removeNotes(entry: WebEntry): Promise<void> {
  const detail = await call('lead', 'GET', `/v2/models/${entry.uuid}`);
  const saved = await call('lead', 'PATCH', `/v2/models/${entry.uuid}/files`, {
    rev: detail.body.rev,
    remove: [entry.files['notes.txt']],
  });
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
}

describe('outdated after a file change on a draft entry (001 §4)', () => {
  let entry: WebEntry;
  let scenario: Json;
  let calibration: Json;
  let untouched: Json;
  let display: Json;

  beforeAll(async () => {
    entry = await createWebEntry();
    scenario = await addSubModel(entry, { type: 'scenario' });
    calibration = await addSubModel(entry, { type: 'calibration' });
    untouched = await addSubModel(entry, { type: 'scenario' });
    display = await addSubModel(entry, { type: 'display' });
  });

  it('marks the executed instances of the named sub-models outdated; drafts, running ones and other sub-models stay', async () => {
    const completed = await putInstanceFixture(entry.uuid, scenario.id, { status: 'COMPLETED' });
    const draft = await putInstanceFixture(entry.uuid, scenario.id, { status: 'DRAFT' });
    const running = await putInstanceFixture(entry.uuid, scenario.id, { status: 'INPROCESS' });
    const accepted = await putInstanceFixture(entry.uuid, calibration.id, { status: 'ACCEPTED' });
    const failed = await putInstanceFixture(entry.uuid, calibration.id, { status: 'FAILED' });
    const elsewhere = await putInstanceFixture(entry.uuid, untouched.id, { status: 'COMPLETED' });
    await removeNotes(entry);

    const res = await call('owner', 'POST', path(entry.uuid), {
      subModelIds: [scenario.id, calibration.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      outdated: 3,
      subModels: [
        { id: scenario.id, outdated: 1 },
        { id: calibration.id, outdated: 2 },
      ],
    });
    expect(await flags(entry.uuid, [completed.id, accepted.id, failed.id])).toEqual([true, true, true]);
    expect(await flags(entry.uuid, [draft.id, running.id, elsewhere.id])).toEqual([false, false, false]);

    // The instance list shows the 'Outdated' chip's flag at once (its cache follows the revision).
    const list = await call(
      'owner',
      'GET',
      `/v2/models/${entry.uuid}/instances?executionSetupId=${scenario.id}`,
    );
    expect(list.status).toBe(200);
    const byId = new Map((list.body.items as Json[]).map((i) => [i.id, i.outdated]));
    expect([byId.get(completed.id), byId.get(draft.id)]).toEqual([true, false]);

    // Asked again, nothing is counted twice.
    const again = await call('lead', 'POST', path(entry.uuid), { subModelIds: [scenario.id] });
    expect(again.body).toEqual({ outdated: 0, subModels: [{ id: scenario.id, outdated: 0 }] });
  });

  it('refuses bad input with 4xx and marks nothing', async () => {
    const done = await putInstanceFixture(entry.uuid, untouched.id, { status: 'COMPLETED' });
    const refused = [
      await call('owner', 'POST', path(entry.uuid), { subModelIds: [untouched.id, 'NO_SUCH_SUB_MODEL'] }),
      await call('owner', 'POST', path(entry.uuid), { subModelIds: [untouched.id, display.id] }),
      await call('owner', 'POST', path(entry.uuid), { subModelIds: [] }),
      await call('owner', 'POST', path(entry.uuid), { subModelIds: [untouched.id, untouched.id] }),
      await call('owner', 'POST', path(entry.uuid), {}),
    ];
    expect(refused.map((r) => r.status)).toEqual([422, 422, 400, 400, 400]);
    expect(refused[0]?.body.issues).toEqual([
      {
        path: 'body.subModelIds.1',
        message: 'Sub-model NO_SUCH_SUB_MODEL is not a sub-model of this model entry.',
      },
    ]);
    expect(refused[1]?.body.issues?.[0]?.message).toMatch(/is a display sub-model/);
    expect(await outdatedFlag(entry.uuid, done.id)).toBe(false);
  });

  it('refuses callers who may not change the files (403; 404 for one who does not see the entry)', async () => {
    const done = await putInstanceFixture(entry.uuid, untouched.id, { status: 'COMPLETED' });
    const statuses: Record<string, number> = {};
    for (const persona of ['viewer', 'modeler', 'employee', 'vendor', 'hta']) {
      statuses[persona] = (
        await call(persona, 'POST', path(entry.uuid), { subModelIds: [untouched.id] })
      ).status;
    }
    expect(statuses).toEqual({ viewer: 403, modeler: 403, employee: 403, vendor: 403, hta: 404 });
    expect(await outdatedFlag(entry.uuid, done.id)).toBe(false);
    // The steward and a super user may.
    const steward = await call('steward', 'POST', path(entry.uuid), { subModelIds: [untouched.id] });
    expect([steward.status, steward.body.outdated]).toEqual([200, expect.any(Number)]);
    expect(await outdatedFlag(entry.uuid, done.id)).toBe(true);
  });
});

describe('outdated after a file change: a published entry (001 §4 "on an unpublished model")', () => {
  it('refuses with 409 and leaves every instance as it was', async () => {
    const entry = await createWebEntry();
    const scenario = await addSubModel(entry, { type: 'scenario' });
    const done = await putInstanceFixture(entry.uuid, scenario.id, { status: 'COMPLETED' });
    expect((await call('lead', 'POST', `/v2/models/${entry.uuid}/publish`, {})).status).toBe(200);

    const res = await call('owner', 'POST', path(entry.uuid), { subModelIds: [scenario.id] });
    expect([res.status, res.body.message]).toEqual([
      409,
      'Instances are marked outdated after a file change only on an unpublished (draft) model entry.',
    ]);
    expect(await outdatedFlag(entry.uuid, done.id)).toBe(false);
  });
});
