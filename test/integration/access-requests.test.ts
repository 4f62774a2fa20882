import { beforeAll, describe, expect, it } from 'vitest';
import { personaByKey } from '../../scripts/local/personas';
import { localCloud } from '../support/local-cloud';
import { call, createEntry, type Json, metadataOf, queryPartition, rolesOf } from './catalogue-helpers';

/**
 * Model access requests, grant links and the audit trail (issue 4 §3, §4, §7) against the local
 * cloud. Personas: lead/steward/owner manage the entries, 'viewer' and the external 'vendor' are
 * viewers, 'employee' is an internal user without a role (the one asking for access).
 */
const REASONS = ['To create materials for internal use (e.g., training resources)', 'Other'] as const;

async function outboxMails(): Promise<Json[]> {
  const res = await fetch(localCloud().outbox, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: Json[] }).messages;
}

const email = (key: string) => personaByKey(key).email;

async function roleSet(uuid: string): Promise<Json> {
  const res = await call('lead', 'GET', `/v2/models/${uuid}/roles`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('model access requests', () => {
  let entry: Json;

  beforeAll(async () => {
    entry = await createEntry({ publish: true, roles: rolesOf({ viewers: ['viewer', 'vendor'] }) });
  });

  it('mails the managers once with the reasons and one grant link per role, and audits the request', async () => {
    const res = await call('employee', 'POST', `/v2/models/${entry.uuid}/access-requests`, {
      reasons: REASONS,
      details: 'Budget planning for 2027',
    });
    expect(res).toEqual({ status: 200, body: { recipients: 3, mailSent: true } });

    const mails = (await outboxMails()).filter((m) => m.subject === `Model access request: ${entry.name}`);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect([...mail.to].sort()).toEqual([email('lead'), email('owner'), email('steward')].sort());
    expect(mail.text).toContain(`${REASONS[0]}\n${REASONS[1]}\nBudget planning for 2027`);
    expect(mail.text).toContain(email('employee'));
    const web = localCloud().web;
    expect(mail.text).toContain(`${web}/model/${entry.uuid}/detail?role=VIEWER&userId=employee`);
    expect(mail.text).toContain(`${web}/model/${entry.uuid}/detail?role=OWNER&userId=employee`);
    expect(mail.text).not.toContain('role=DISPLAYVIEWER');

    const audit = await call('lead', 'GET', `/v2/models/${entry.uuid}/audit`);
    expect(audit.status).toBe(200);
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({ action: 'MODEL_ACCESS_REQUESTED', actor: 'employee', modelUuid: entry.uuid }),
    );
  });

  it('refuses a second request by the same user for the same entry within 10 minutes', async () => {
    const before = (await outboxMails()).length;
    const again = await call('employee', 'POST', `/v2/models/${entry.uuid}/access-requests`, {
      reasons: [REASONS[0]],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/less than 10 minutes ago/);
    expect((await outboxMails()).length).toBe(before);
  });

  it('offers the WebModel 2.0 roles as grant links on WebModel 2.0 entries', async () => {
    const web = await createEntry({ publish: true, metadata: metadataOf({ platform: 'WebModel 2.0' }) });
    const res = await call('employee', 'POST', `/v2/models/${web.uuid}/access-requests`, {
      reasons: [REASONS[0]],
    });
    expect(res.status).toBe(200);
    const [mail] = (await outboxMails()).filter((m) => m.subject === `Model access request: ${web.name}`);
    for (const role of ['VIEWER', 'CALIBRATORMODELER', 'SCENARIOMODELER', 'DISPLAYVIEWER', 'OWNER']) {
      expect(mail?.text).toContain(`detail?role=${role}&userId=employee`);
    }
  });

  it('answers 409 to a caller who can already view, 404 to one who may not see the entry', async () => {
    const viewer = await call('viewer', 'POST', `/v2/models/${entry.uuid}/access-requests`, {
      reasons: [REASONS[0]],
    });
    expect(viewer).toMatchObject({
      status: 409,
      body: { message: 'You already have access to this model entry.' },
    });
    const lead = await call('lead', 'POST', `/v2/models/${entry.uuid}/access-requests`, {
      reasons: [REASONS[0]],
    });
    expect(lead.status).toBe(409);
    const hta = await call('hta', 'POST', `/v2/models/${entry.uuid}/access-requests`, {
      reasons: [REASONS[0]],
    });
    expect(hta.status).toBe(404);
    const draft = await createEntry();
    const onDraft = await call('employee', 'POST', `/v2/models/${draft.uuid}/access-requests`, {
      reasons: [REASONS[0]],
    });
    expect(onDraft.status).toBe(404);
  });

  it('validates the reasons: at least one, details required for Other', async () => {
    const none = await call('steward', 'POST', `/v2/models/${entry.uuid}/access-requests`, { reasons: [] });
    expect(none.status).toBe(400);
    const noDetails = await call('employee', 'POST', `/v2/models/${entry.uuid}/access-requests`, {
      reasons: ['Other'],
    });
    expect(noDetails.status).toBe(400);
    expect(noDetails.body.issues).toContainEqual({
      path: 'body.details',
      message: 'This field is required.',
    });
    const unknown = await call('employee', 'POST', `/v2/models/${entry.uuid}/access-requests`, {
      reasons: ['Because'],
    });
    expect(unknown.status).toBe(400);
  });
});

describe('model grant links', () => {
  let entry: Json;

  beforeAll(async () => {
    entry = await createEntry({ publish: true, roles: rolesOf({ viewers: ['viewer', 'vendor'] }) });
  });

  it('refuses the requesting user, a viewer and an external viewer (403) and changes nothing', async () => {
    const before = await roleSet(entry.uuid);
    for (const persona of ['employee', 'viewer', 'vendor', 'modeler']) {
      const res = await call(persona, 'POST', `/v2/models/${entry.uuid}/grants`, {
        role: 'OWNER',
        userId: 'employee',
      });
      expect(res, persona).toMatchObject({
        status: 403,
        body: { message: 'You may not grant access to this model entry.' },
      });
    }
    const after = await roleSet(entry.uuid);
    expect(after.rev).toBe(before.rev);
    expect(after.roles).toEqual(before.roles);
    const hta = await call('hta', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'VIEWER',
      userId: 'hta',
    });
    expect(hta.status).toBe(404);
  });

  it('lets an owner grant: the role appears, an audit record is written, the grantee is mailed', async () => {
    const res = await call('owner', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'VIEWER',
      userId: 'employee',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      role: 'VIEWER',
      changed: true,
      user: { id: 'employee', firstName: 'Emma' },
    });

    const roles = await roleSet(entry.uuid);
    expect(roles.roles.viewers).toContain('employee');
    expect(roles.users.employee).toMatchObject({ id: 'employee' });

    const audit = await call('owner', 'GET', `/v2/models/${entry.uuid}/audit`);
    expect(audit.body.items[0]).toMatchObject({
      action: 'MODEL_ROLE_GRANTED',
      actor: 'owner',
      subject: 'employee',
      detail: 'VIEWER',
    });
    const mails = (await outboxMails()).filter(
      (m) => m.subject === `Your access to ${entry.name} has been granted`,
    );
    expect(mails.map((m) => m.to)).toEqual([[email('employee')]]);
    expect(mails[0].text).toContain(`/model/${entry.uuid}/detail`);

    const detail = await call('employee', 'GET', `/v2/models/${entry.uuid}`);
    expect(detail.body.permissions.view).toBe('allowed');
    const request = await call('employee', 'POST', `/v2/models/${entry.uuid}/access-requests`, {
      reasons: ['To inform a strategic policy, resource, or commercial decision'],
    });
    expect(request.status).toBe(409);
  });

  it('answers changed:false and writes nothing when the user already holds the role', async () => {
    const before = await roleSet(entry.uuid);
    const auditBefore = await queryPartition(`AUDIT#${entry.uuid}`);
    const res = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'VIEWER',
      userId: 'viewer',
    });
    expect(res).toMatchObject({ status: 200, body: { changed: false, role: 'VIEWER' } });
    expect((await roleSet(entry.uuid)).rev).toBe(before.rev);
    expect(await queryPartition(`AUDIT#${entry.uuid}`)).toHaveLength(auditBefore.length);
  });

  it('makes a viewer an owner with role exclusivity and a membership ("my entries")', async () => {
    const res = await call('admin', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'OWNER',
      userId: 'viewer',
    });
    expect(res).toMatchObject({ status: 200, body: { changed: true } });
    const { roles } = await roleSet(entry.uuid);
    expect(roles.owners).toContain('viewer');
    expect(roles.viewers).not.toContain('viewer');
    const memberships = await queryPartition('USER#viewer');
    expect(memberships.some((m) => m.sk === `MODEL#${entry.uuid}`)).toBe(true);
  });

  it('refuses unknown and inactive grantees, roles an external user may not hold and foreign platform roles (422)', async () => {
    const before = await roleSet(entry.uuid);
    // The answers of 'Update Permissions' for the same users (model-roles-rules.test.ts).
    const unknown = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'VIEWER',
      userId: 'nobody',
    });
    expect(unknown).toMatchObject({ status: 422, body: { message: 'User nobody was not found.' } });
    const inactive = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'VIEWER',
      userId: 'inactive',
    });
    expect(inactive.status).toBe(422);
    const externalOwner = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'OWNER',
      userId: 'vendor',
    });
    expect(externalOwner.status).toBe(422);
    const htaViewer = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'VIEWER',
      userId: 'hta',
    });
    expect(htaViewer.status).toBe(422);
    const display = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'DISPLAYVIEWER',
      userId: 'employee',
    });
    expect(display.status).toBe(422);
    const demote = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'VIEWER',
      userId: 'steward',
    });
    expect(demote.status).toBe(409);
    const bad = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, {
      role: 'ADMIN',
      userId: 'employee',
    });
    expect(bad.status).toBe(400);
    const after = await roleSet(entry.uuid);
    expect(after.rev).toBe(before.rev);
  });

  it('refuses grants on a retired entry (409)', async () => {
    const retired = await createEntry({ publish: true });
    const retire = await call('lead', 'POST', `/v2/models/${retired.uuid}/retire`, { reason: 'Replaced' });
    expect(retire.status).toBe(200);
    const res = await call('lead', 'POST', `/v2/models/${retired.uuid}/grants`, {
      role: 'VIEWER',
      userId: 'employee',
    });
    expect(res.status).toBe(409);
  });
});

describe('audit list', () => {
  it('is readable by managers and super users only', async () => {
    const entry = await createEntry({ publish: true });
    for (const persona of ['lead', 'steward', 'owner', 'admin']) {
      expect((await call(persona, 'GET', `/v2/models/${entry.uuid}/audit`)).status, persona).toBe(200);
    }
    for (const persona of ['viewer', 'modeler', 'employee']) {
      expect((await call(persona, 'GET', `/v2/models/${entry.uuid}/audit`)).status, persona).toBe(403);
    }
    expect((await call('vendor', 'GET', `/v2/models/${entry.uuid}/audit`)).status).toBe(404);
  });

  it('pages newest first with a cursor', async () => {
    const entry = await createEntry({ publish: true });
    for (const userId of ['employee', 'admin']) {
      const res = await call('lead', 'POST', `/v2/models/${entry.uuid}/grants`, { role: 'VIEWER', userId });
      expect(res.status).toBe(200);
    }
    const first = await call('lead', 'GET', `/v2/models/${entry.uuid}/audit?limit=1`);
    expect(first.body.items.map((i: Json) => i.subject)).toEqual(['admin']);
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await call(
      'lead',
      'GET',
      `/v2/models/${entry.uuid}/audit?limit=1&cursor=${first.body.cursor}`,
    );
    expect(second.body.items.map((i: Json) => i.subject)).toEqual(['employee']);
  });
});
