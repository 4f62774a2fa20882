import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { personaByKey } from '../../scripts/local/personas';
import { localCloud, waitFor } from '../support/local-cloud';
import { call, createEntry, type Json, tokenOf } from './catalogue-helpers';

/**
 * Sharing by e-mail and 'Notify Model Users ?' (issue 4 §5, §6) against the local cloud. The demo
 * entry (catalogue-helpers rolesOf): lead, steward, owner, viewer, calibration modeler 'modeler'.
 */
async function outboxMails(): Promise<Json[]> {
  const res = await fetch(localCloud().outbox, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: Json[] }).messages;
}

const email = (key: string) => personaByKey(key).email;

describe('share a model entry by e-mail', () => {
  let entry: Json;

  beforeAll(async () => {
    entry = await createEntry({ publish: true });
  });

  it('mails each recipient on their own with the message and the link, and audits the share', async () => {
    const message = `Have a look at this one (${Date.now()})`;
    const res = await call('viewer', 'POST', `/v2/models/${entry.uuid}/share`, {
      userIds: ['employee', 'steward', 'employee'],
      message,
    });
    expect(res).toEqual({ status: 200, body: { recipients: 2 } });
    const mails = (await outboxMails()).filter((m) => m.text.includes(message));
    expect(mails.map((m) => m.to).sort()).toEqual([[email('employee')], [email('steward')]].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(`Victor Viewer shared a model entry with you: ${entry.name}`);
      expect(mail.text).toContain(`${localCloud().web}/model/${entry.uuid}/detail`);
    }
    const audit = await call('lead', 'GET', `/v2/models/${entry.uuid}/audit`);
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({ action: 'MODEL_SHARED', actor: 'viewer', detail: '2 recipient(s)' }),
    );
  });

  it('refuses unknown and inactive users (422 naming them) and sends nothing', async () => {
    const message = `Nobody should get this (${Date.now()})`;
    const res = await call('lead', 'POST', `/v2/models/${entry.uuid}/share`, {
      userIds: ['employee', 'nobody-here', 'inactive'],
      message,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('nobody-here');
    expect(res.body.message).toContain('inactive');
    expect((await outboxMails()).filter((m) => m.text.includes(message))).toHaveLength(0);
  });

  it('validates the body: at least one user and a message', async () => {
    const noUsers = await call('lead', 'POST', `/v2/models/${entry.uuid}/share`, {
      userIds: [],
      message: 'x',
    });
    expect(noUsers.status).toBe(400);
    const noMessage = await call('lead', 'POST', `/v2/models/${entry.uuid}/share`, {
      userIds: ['employee'],
      message: '   ',
    });
    expect(noMessage.status).toBe(400);
  });

  it('allows published entries only, and viewers, managers and super users only', async () => {
    const draft = await createEntry();
    const onDraft = await call('lead', 'POST', `/v2/models/${draft.uuid}/share`, {
      userIds: ['employee'],
      message: 'draft',
    });
    expect(onDraft.status).toBe(409);
    const body = { userIds: ['steward'], message: 'Hello' };
    expect((await call('employee', 'POST', `/v2/models/${entry.uuid}/share`, body)).status).toBe(403);
    expect((await call('modeler', 'POST', `/v2/models/${entry.uuid}/share`, body)).status).toBe(403);
    expect((await call('vendor', 'POST', `/v2/models/${entry.uuid}/share`, body)).status).toBe(404);
    expect((await call('admin', 'POST', `/v2/models/${entry.uuid}/share`, body)).status).toBe(200);
  });
});

describe('notify model users', () => {
  const sockets: WebSocket[] = [];

  afterAll(() => {
    for (const ws of sockets) ws.close();
  });

  async function connect(persona: string): Promise<{ ws: WebSocket; messages: Json[] }> {
    const ws = new WebSocket(`${localCloud().ws}?token=${await tokenOf(persona)}`);
    sockets.push(ws);
    const messages: Json[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return { ws, messages };
  }

  it('stores the notification for steward, owners and viewers, pushes it live and mails each', async () => {
    const entry = await createEntry();
    const viewer = await connect('viewer');
    // $connect stores the connection before the upgrade completes; a ping round trip proves it is live.
    viewer.ws.send(JSON.stringify({ action: 'ping' }));
    await waitFor('pong', async () => (viewer.messages.some((m) => m.type === 'pong') ? true : undefined));

    const note = `New inputs for the base case (${Date.now()})`;
    const res = await call('lead', 'POST', '/v2/notifications', {
      modelUuid: entry.uuid,
      action: 'FILES_MODIFIED',
      userNote: note,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ notificationId: expect.stringMatching(/^[0-9A-Z]{26}$/), recipients: 3 });
    const id = res.body.notificationId;

    const live = await waitFor('the live notification', async () =>
      viewer.messages.find((m) => m.type === 'notification' && m.notification.notificationId === id),
    );
    expect(live.notification).toMatchObject({
      userNote: note,
      notificationAction: 'FILES_MODIFIED',
      modelUuid: entry.uuid,
      modelName: entry.name,
      createdBy: { id: 'lead', firstName: 'Leo', lastName: 'Lead' },
    });

    for (const persona of ['viewer', 'owner', 'steward']) {
      const list = await call(persona, 'GET', '/v2/notifications?limit=10');
      expect(
        list.body.items.map((n: Json) => n.notificationId),
        persona,
      ).toContain(id);
    }
    for (const persona of ['lead', 'modeler']) {
      const list = await call(persona, 'GET', '/v2/notifications?limit=10');
      expect(
        list.body.items.map((n: Json) => n.notificationId),
        persona,
      ).not.toContain(id);
    }

    const mails = (await outboxMails()).filter((m) => m.subject === `Files modified: ${entry.name}`);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(
      [email('owner'), email('steward'), email('viewer')].sort(),
    );
    for (const mail of mails) {
      expect(mail.text).toContain(note);
      expect(mail.text).toContain(`/model/${entry.uuid}/detail?tab=folder`);
    }
  });

  it('mails a new version with the detail link', async () => {
    const entry = await createEntry();
    const res = await call('owner', 'POST', '/v2/notifications', {
      modelUuid: entry.uuid,
      action: 'NEW_MODEL_VERSION',
      userNote: 'Version 2',
    });
    expect(res).toMatchObject({ status: 201, body: { recipients: 3 } });
    const mails = (await outboxMails()).filter((m) => m.subject === `New model version: ${entry.name}`);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(
      [email('lead'), email('steward'), email('viewer')].sort(),
    );
    expect(mails[0].text).toContain('has added a new model version');
    expect(mails[0].text).not.toContain('tab=folder');
  });

  it('needs edit rights on the entry and a note', async () => {
    const entry = await createEntry({ publish: true });
    const body = { modelUuid: entry.uuid, action: 'NEW_MODEL_VERSION', userNote: 'x' };
    expect((await call('viewer', 'POST', '/v2/notifications', body)).status).toBe(403);
    expect((await call('employee', 'POST', '/v2/notifications', body)).status).toBe(403);
    expect((await call('vendor', 'POST', '/v2/notifications', body)).status).toBe(404);
    const noNote = await call('lead', 'POST', '/v2/notifications', { ...body, userNote: '  ' });
    expect(noNote.status).toBe(400);
    const unknown = await call('lead', 'POST', '/v2/notifications', {
      ...body,
      modelUuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
    expect(unknown.status).toBe(404);
  });
});
