import { ROLE_MESSAGES } from '@shared/rules/model-roles';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, createEntry, getItem, type Json, metadataOf, rolesOf } from './catalogue-helpers';

/**
 * Issue 9 §2, §3, §12 against the local cloud: who may change the lead and the steward, one answer on
 * 'Update Permissions' (PUT .../roles) and the grant link (POST .../grants), and exclusivity refused
 * instead of silently applied. Every refusal leaves the roles as they were.
 */
const rolesPath = (uuid: string) => `/v2/models/${uuid}/roles`;

async function current(uuid: string): Promise<{ roles: Json; rev: number }> {
  const res = await call('lead', 'GET', rolesPath(uuid));
  return { roles: res.body.roles, rev: res.body.rev };
}

describe('the roles of a Model Repository entry', () => {
  let uuid: string;
  beforeEach(async () => {
    const entry = await createEntry({
      metadata: metadataOf({ platform: 'Model Repository' }),
      roles: rolesOf({ owners: ['owner'], viewers: ['viewer'] }),
    });
    uuid = entry.uuid;
  });

  it('refuses an owner who names a new lead and leaves the old one out (403); the lead keeps every role', async () => {
    const before = await current(uuid);
    const res = await call('owner', 'PUT', rolesPath(uuid), {
      roles: { ...before.roles, vestLead: 'owner', owners: ['owner'] },
      rev: before.rev,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(ROLE_MESSAGES.changeLead);
    const steward = await call('owner', 'PUT', rolesPath(uuid), {
      roles: { ...before.roles, steward: 'owner' },
      rev: before.rev,
    });
    expect([steward.status, steward.body.message]).toEqual([403, ROLE_MESSAGES.changeSteward]);
    expect(await current(uuid)).toEqual(before);
    expect(await getItem('USER#lead', `MODEL#${uuid}`)).toMatchObject({
      roles: ['CREATOR', 'VESTLEAD', 'OWNER'],
    });
  });

  it('lets the steward hand the lead to someone else', async () => {
    const before = await current(uuid);
    const res = await call('steward', 'PUT', rolesPath(uuid), {
      roles: { ...before.roles, vestLead: 'owner' },
      rev: before.rev,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.roles.vestLead).toBe('owner');
    // The former lead stays a Model Owner.
    expect(res.body.roles.owners).toEqual(expect.arrayContaining(['lead', 'owner']));
  });

  it('refuses the steward as a viewer (422 naming her) instead of dropping it and saying it was saved', async () => {
    const before = await current(uuid);
    const res = await call('lead', 'PUT', rolesPath(uuid), {
      roles: { ...before.roles, viewers: [...before.roles.viewers, 'steward'] },
      rev: before.rev,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      'Stella Steward cannot be both Model Steward and Model Viewer: a user holds one role on a model entry.',
    );
    expect(await current(uuid)).toEqual(before);
  });

  it.each([
    ['CALIBRATORMODELER', 'calibrationModelers', 'Calibration Modeler'],
    ['SCENARIOMODELER', 'scenarioModelers', 'Scenario Modeler'],
    ['DISPLAYVIEWER', 'displayViewers', 'Display User'],
  ])('refuses %s on both routes with one answer', async (role, list, label) => {
    const before = await current(uuid);
    const viaRoles = await call('lead', 'PUT', rolesPath(uuid), {
      roles: { ...before.roles, [list]: ['employee'] },
      rev: before.rev,
    });
    const viaGrant = await call('lead', 'POST', `/v2/models/${uuid}/grants`, { role, userId: 'employee' });
    const answer = { status: 422, message: `${label} access exists on 'WebModel 2.0' model entries only.` };
    expect({ status: viaRoles.status, message: viaRoles.body.message }).toEqual(answer);
    expect({ status: viaGrant.status, message: viaGrant.body.message }).toEqual(answer);
    expect(await current(uuid)).toEqual(before);
  });

  it('refuses them on a new entry too (Add Model Entry), creating nothing', async () => {
    const metadata = metadataOf({ platform: 'Model Repository' });
    const res = await call('lead', 'POST', '/v2/models', {
      metadata,
      roles: rolesOf({ displayViewers: ['employee'] }),
      files: [],
    });
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 422,
      message: "Display User access exists on 'WebModel 2.0' model entries only.",
    });
    const taken = await call('lead', 'POST', '/v2/models/name-check', { metadata });
    expect(taken.body).toMatchObject({ unique: true });
  });

  it('refuses the inactive user and an unknown one on both routes with one answer', async () => {
    const before = await current(uuid);
    for (const [userId, message] of [
      ['inactive', ROLE_MESSAGES.userInactive('inactive')],
      ['nobody-here', ROLE_MESSAGES.userNotFound('nobody-here')],
    ] as const) {
      const viaRoles = await call('lead', 'PUT', rolesPath(uuid), {
        roles: { ...before.roles, viewers: [...before.roles.viewers, userId] },
        rev: before.rev,
      });
      const viaGrant = await call('lead', 'POST', `/v2/models/${uuid}/grants`, { role: 'VIEWER', userId });
      expect({ status: viaRoles.status, message: viaRoles.body.message }).toEqual({ status: 422, message });
      expect({ status: viaGrant.status, message: viaGrant.body.message }).toEqual({ status: 422, message });
    }
    expect(await current(uuid)).toEqual(before);
  });
});

describe('the roles of a WebModel 2.0 entry', () => {
  it('accepts modelers and display users', async () => {
    const entry = await createEntry({ metadata: metadataOf({ platform: 'WebModel 2.0' }), roles: rolesOf() });
    const before = await current(entry.uuid);
    const res = await call('lead', 'PUT', rolesPath(entry.uuid), {
      roles: { ...before.roles, scenarioModelers: ['modeler'], displayViewers: ['employee'] },
      rev: before.rev,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.roles).toMatchObject({ scenarioModelers: ['modeler'], displayViewers: ['employee'] });
  });
});
