import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HTTP_ROUTES, MAX_JSON_BODY_BYTES } from '@shared/api/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import {
  api,
  idToken,
  idTokenClaims,
  localCloud,
  signWithCognitoLocalKey,
  signWithForeignKey,
} from '../support/local-cloud';

/** The first POST route whose handler exists: used to exercise body handling end to end. */
const postRoute = HTTP_ROUTES.find(
  (r) =>
    r.method === 'POST' &&
    r.auth === 'jwt' &&
    !r.path.includes('{') &&
    existsSync(join('functions', `${r.handler}.ts`)),
);

describe('local HTTP gateway', () => {
  let adminToken: string;

  beforeAll(async () => {
    adminToken = await idToken('admin');
  });

  it('passes the verified claims to the handler (GET /v2/users/me returns the persona)', async () => {
    const res = await api('/v2/users/me', { token: adminToken });
    expect(res.status).toBe(200);
    const me = await res.json();
    expect(me).toMatchObject({
      id: 'admin',
      firstName: 'Alice',
      lastName: 'Admin',
      userType: 'SUPERUSER',
      permissions: { createModel: true, activateUser: true, changeUserRole: true },
    });
  });

  it('gives an external persona its external type and no administrator flags', async () => {
    const res = await api('/v2/users/me', { token: await idToken('hta') });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: 'hta',
      userType: 'EXTERNALUSER',
      externalUserType: 'HTA',
      permissions: { activateUser: false, changeUserRole: false },
    });
  });

  it('gives Externalization only to internal users who manage an entry, and Add Model Entry to external users too (issue 21 §25)', async () => {
    const flags = async (persona: string) =>
      (
        (await (await api('/v2/users/me', { token: await idToken(persona) })).json()) as {
          permissions: object;
        }
      ).permissions;
    applyHandlerEnv(handlerEnv(localCloud()));
    const { managesAnyEntry } = await import('../../functions/data/memberships');
    expect(await flags('owner')).toMatchObject({ createModel: true, externalizationTabEnabled: true });
    // Other tests may have made `employee` an owner (a creator owns the entry): the flag follows the table.
    expect(await flags('employee')).toMatchObject({
      createModel: true,
      externalizationTabEnabled: await managesAnyEntry('employee'),
    });
    expect(await flags('vendor')).toMatchObject({ createModel: true, externalizationTabEnabled: false });
  });

  it('answers 401 like API Gateway without a token', async () => {
    const res = await api('/v2/users/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 for a token signed by another key', async () => {
    const res = await api('/v2/users/me', { token: await signWithForeignKey(idTokenClaims('admin')) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 for an expired token that is otherwise valid', async () => {
    const claims = idTokenClaims('admin');
    const valid = await signWithCognitoLocalKey(claims, Math.floor(Date.now() / 1000) + 600);
    expect((await api('/v2/users/me', { token: valid })).status).toBe(200);

    const expired = await signWithCognitoLocalKey(claims, Math.floor(Date.now() / 1000) - 60);
    const res = await api('/v2/users/me', { token: expired });
    expect(res.status).toBe(401);
  });

  it('answers 401 for a token of another audience and for garbage', async () => {
    const otherClient = await signWithCognitoLocalKey(
      { ...idTokenClaims('admin'), aud: 'another-client' },
      Math.floor(Date.now() / 1000) + 600,
    );
    expect((await api('/v2/users/me', { token: otherClient })).status).toBe(401);
    expect((await api('/v2/users/me', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('answers 403 for the inactive persona', async () => {
    const res = await api('/v2/users/me', { token: await idToken('inactive') });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('answers an unknown route with 404 JSON', async () => {
    const res = await api('/v2/no-such-thing/42', { token: adminToken });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
  });

  it('refuses a body over API Gateway’s 10 MB limit with 413', async () => {
    const res = await api('/v2/users/me', {
      method: 'POST',
      token: adminToken,
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
  });

  describe.runIf(postRoute)(`request bodies (${postRoute?.method} ${postRoute?.path})`, () => {
    it('answers malformed JSON with 400 and a message', async () => {
      const res = await api(postRoute?.path ?? '', {
        method: 'POST',
        token: adminToken,
        headers: { 'content-type': 'application/json' },
        body: '{"description": ',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    });

    it('answers a JSON body over the API limit with 413', async () => {
      const res = await api(postRoute?.path ?? '', {
        method: 'POST',
        token: adminToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'x'.repeat(MAX_JSON_BODY_BYTES + 1) }),
      });
      expect(res.status).toBe(413);
    });
  });

  it('answers a CORS preflight from the web origin itself, as API Gateway does', async () => {
    const origin = localCloud().web;
    const res = await api('/v2/users/me', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('adds CORS headers to answers for the web origin only', async () => {
    const origin = localCloud().web;
    const allowed = await api('/v2/users/me', { token: adminToken, headers: { origin } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    expect(allowed.headers.get('access-control-expose-headers')).toContain('etag');

    const foreign = await api('/v2/users/me', {
      token: adminToken,
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lists the local outbox as JSON', async () => {
    const res = await fetch(localCloud().outbox);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ messages: expect.any(Array) });
  });
});
