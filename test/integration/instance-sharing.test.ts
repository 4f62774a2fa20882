import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOf, outbox } from './files-helpers';
import {
  addInstance,
  addTemplateSubModel,
  call,
  createWebEntry,
  getItem,
  instancePath,
  instancesPath,
  type Json,
  type SubModelWithInput,
  uniqueName,
  type WebEntry,
} from './instances-helpers';

/**
 * Sharing an instance (issue 10; spec 001 §2 share dialog, §4, §5, §6) against the local cloud: the
 * candidates, one user at a time, the e-mail, stop sharing, and who may.
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

const candidates = async (persona: string, id: string, query?: string) => {
  const res = await call(
    persona,
    'GET',
    `${instancePath(entry.uuid, id)}/share-candidates${query ? `?query=${encodeURIComponent(query)}` : ''}`,
  );
  return { status: res.status, ids: (res.body.items ?? []).map((u: Json) => u.id as string), body: res.body };
};
const share = (persona: string, id: string, isids: string[], messageText = 'Please have a look.') =>
  call(persona, 'POST', `${instancePath(entry.uuid, id)}/share`, { isids, messageText });

describe('share candidates (§6)', () => {
  it('lists the people of the entry who see the section, not the caller and not the creator', async () => {
    const instance = await addInstance('viewer', entry.uuid, scenario.id);
    const res = await candidates('owner', instance.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.ids.sort()).toEqual(['employee', 'lead', 'modeler', 'steward', 'vendor']);
    expect(res.body.items.find((u: Json) => u.id === 'modeler')).toMatchObject({
      firstName: 'Mona',
      lastName: 'Modeler',
      ownershipType: 'CALIBRATORMODELER',
      subModelAccess: true,
    });
    expect((await candidates('owner', instance.id, 'STELLA')).ids).toEqual(['steward']);
  });

  it('offers only calibration modelers and owners for a calibration instance', async () => {
    const instance = await addInstance('modeler', entry.uuid, calibration.id);
    // Not the steward (issue 21 §12), who is neither an owner nor a calibration modeler here.
    expect((await candidates('modeler', instance.id)).ids.sort()).toEqual(['lead', 'owner']);
  });

  it('is refused (403) to a user who may not share the instance', async () => {
    const instance = await addInstance('owner', entry.uuid, scenario.id);
    expect((await candidates('viewer', instance.id)).status).toBe(403);
  });
});

describe('sharing and stopping (§4)', () => {
  it('shares with one user, e-mails them, and marks the instance shared for them', async () => {
    const instance = await addInstance('owner', entry.uuid, scenario.id, { name: uniqueName('Shared') });
    const message = `Look at this ${uniqueName('msg')}`;
    const res = await share('owner', instance.id, ['viewer'], message);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.emailSent).toBe(true);
    expect(res.body.sharedWith).toEqual([
      expect.objectContaining({ userId: 'viewer', firstName: 'Victor', status: 'ACTIVE', sharedBy: 'owner' }),
    ]);
    expect(await getItem(`INSTANCE#${instance.id}`, 'SHARE#viewer')).toMatchObject({ status: 'ACTIVE' });

    const mail = (await outbox()).find((m) => m.text.includes(message));
    expect(mail?.to).toEqual([emailOf('viewer')]);
    expect(mail?.subject).toBe(`Olivia Owner shared an instance with you: ${instance.name}`);
    expect(mail?.text).toContain(`/model/${entry.uuid}/instance/${instance.id}/detail`);

    const asViewer = await call('viewer', 'GET', instancePath(entry.uuid, instance.id));
    expect(asViewer.body).toMatchObject({ shared: true, userAccess: 'SHARED' });
    const mine = await call(
      'viewer',
      'GET',
      `${instancesPath(entry.uuid)}?view=mine&name=${encodeURIComponent(instance.name)}`,
    );
    expect(mine.body.items.map((i: Json) => [i.id, i.shared])).toEqual([[instance.id, true]]);
    // The user is no longer offered.
    expect((await candidates('owner', instance.id)).ids).not.toContain('viewer');
    // Those it is shared with may change it (issue 21 §2), until the share stops.
    const label = () =>
      call('viewer', 'PUT', `${instancePath(entry.uuid, instance.id)}/label`, { label: 'Seen' });
    expect(asViewer.body.permissions.edit).toBe('allowed');
    expect((await label()).status).toBe(200);

    const stop = await call('owner', 'PUT', `${instancePath(entry.uuid, instance.id)}/share/viewer`, {
      status: 'INACTIVE',
    });
    expect([stop.status, stop.body.sharedWith]).toEqual([200, []]);
    expect(await getItem(`INSTANCE#${instance.id}`, 'SHARE#viewer')).toMatchObject({ status: 'INACTIVE' });
    expect((await call('viewer', 'GET', instancePath(entry.uuid, instance.id))).body.shared).toBe(false);
    expect((await label()).status).toBe(403);
    const again = await call('owner', 'PUT', `${instancePath(entry.uuid, instance.id)}/share/viewer`, {
      status: 'INACTIVE',
    });
    expect([again.status, again.body.message]).toEqual([404, MSG.notShared('viewer')]);
  });

  it('shares with one user at a time and needs a message (400)', async () => {
    const instance = await addInstance('owner', entry.uuid, scenario.id);
    expect((await share('owner', instance.id, ['viewer', 'steward'])).status).toBe(400);
    expect((await share('owner', instance.id, [])).status).toBe(400);
    const noMessage = await share('owner', instance.id, ['viewer'], '  ');
    expect([noMessage.status, noMessage.body.issues[0].message]).toEqual([400, 'Message is required']);
    expect(await getItem(`INSTANCE#${instance.id}`, 'SHARE#viewer')).toBeUndefined();
  });

  it("refuses a user without access to the sub-model: 422 'Selected User doesn't have the access…'", async () => {
    const instance = await addInstance('modeler', entry.uuid, calibration.id);
    for (const user of ['viewer', 'employee', 'vendor', 'steward']) {
      const res = await share('modeler', instance.id, [user]);
      expect([user, res.status, res.body.message]).toEqual([
        user,
        422,
        SUB_MODEL_MESSAGES.subModelAccessDenied,
      ]);
      expect(await getItem(`INSTANCE#${instance.id}`, `SHARE#${user}`)).toBeUndefined();
    }
    expect((await share('modeler', instance.id, ['modeler'])).body.message).toBe(MSG.shareSelf);
    expect((await share('modeler', instance.id, ['nobody-here'])).body.message).toBe(
      MSG.shareUnknownUser('nobody-here'),
    );
    expect((await share('modeler', instance.id, ['inactive'])).status).toBe(422);
    expect((await share('modeler', instance.id, ['owner'])).status).toBe(200);
  });

  it('lets owners, calibration modelers and the creator share; others get 403', async () => {
    const instance = await addInstance('employee', entry.uuid, scenario.id);
    expect((await share('viewer', instance.id, ['steward'])).status).toBe(403);
    expect((await share('employee', instance.id, ['steward'])).status).toBe(200);
    expect((await share('modeler', instance.id, ['viewer'])).status).toBe(200);
    const stop = await call('viewer', 'PUT', `${instancePath(entry.uuid, instance.id)}/share/steward`, {
      status: 'INACTIVE',
    });
    expect(stop.status).toBe(403);
    expect(
      (
        await call('owner', 'PUT', `${instancePath(entry.uuid, instance.id)}/share/steward`, {
          status: 'ACTIVE',
        })
      ).status,
    ).toBe(400);
  });
});
