import { MAX_JSON_BODY_BYTES } from '@shared/api/routes';
import { NoBodySchema } from '@shared/schemas/input';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { MailDeliveryError } from '../core/notifications/send-mails';
import { claimsFor, httpEvent, lambdaContext } from '../testing/http-event';

const users = vi.hoisted(() => ({ getUser: vi.fn() }));
const reports = vi.hoisted(() => ({ putErrorReport: vi.fn() }));
vi.mock('../data/users', () => users);
vi.mock('../data/error-reports', () => reports);

const { httpHandler, respond } = await import('./http-handler');

const activeUser: User = {
  id: 'viewer',
  firstName: 'Victor',
  lastName: 'Viewer',
  email: 'viewer@example.com',
  active: true,
  userType: 'INTERNALUSER',
  createdOn: '2026-01-01T00:00:00.000Z',
};

function parse(body: string | undefined) {
  return JSON.parse(body ?? 'null');
}

beforeEach(() => {
  users.getUser.mockReset();
  reports.putErrorReport.mockReset();
  reports.putErrorReport.mockResolvedValue(undefined);
});

describe('httpHandler', () => {
  const echo = httpHandler({
    auth: 'public',
    body: z.object({ name: z.string() }),
    handle: async ({ body }) => ({ hello: body.name }),
  });

  it('names the schemas every request of the route parses (the bundle benchmark builds them)', () => {
    const query = z.object({ page: z.string() });
    const params = z.object({ uuid: z.string() });
    const handler = httpHandler({ auth: 'public', query, params, handle: async () => ({}) });
    expect(handler.inputSchemas).toHaveLength(2);
    expect(handler.inputSchemas?.[0]).toBe(query);
    expect(handler.inputSchemas?.[1]).toBe(params);
    expect(echo.inputSchemas).toHaveLength(1);
  });

  it('answers 200 with the JSON the operation returns', async () => {
    const res = await echo(httpEvent({ method: 'POST', body: '{"name":"Ada"}' }), lambdaContext);
    expect(res.statusCode).toBe(200);
    expect(parse(res.body)).toEqual({ hello: 'Ada' });
  });

  it('answers 400 with a message for malformed JSON', async () => {
    const res = await echo(httpEvent({ method: 'POST', body: '{"name":' }), lambdaContext);
    expect(res.statusCode).toBe(400);
    expect(parse(res.body)).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('answers 400 with field issues when the body fails its schema', async () => {
    const res = await echo(httpEvent({ method: 'POST', body: '{"name":1}' }), lambdaContext);
    expect(res.statusCode).toBe(400);
    const body = parse(res.body);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues[0].path).toBe('body.name');
  });

  it('answers 413 when the body is over the limit', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const res = await echo(httpEvent({ method: 'POST', body: big }), lambdaContext);
    expect(res.statusCode).toBe(413);
    expect(parse(res.body).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 204 when the operation returns nothing, and the chosen status with respond()', async () => {
    const none = httpHandler({ auth: 'public', handle: async () => undefined });
    const created = httpHandler({ auth: 'public', handle: async () => respond(201, { id: 'x' }) });
    expect((await none(httpEvent(), lambdaContext)).statusCode).toBe(204);
    const res = await created(httpEvent(), lambdaContext);
    expect(res.statusCode).toBe(201);
    expect(parse(res.body)).toEqual({ id: 'x' });
  });

  describe("auth 'jwt' (default)", () => {
    const me = httpHandler({ handle: async ({ user }) => ({ id: user.id }) });

    it('answers 401 without verified claims', async () => {
      const res = await me(httpEvent(), lambdaContext);
      expect(res.statusCode).toBe(401);
      expect(parse(res.body).code).toBe('UNAUTHORIZED');
      expect(users.getUser).not.toHaveBeenCalled();
    });

    it('answers 403 for an inactive user before the operation runs', async () => {
      users.getUser.mockResolvedValue({ ...activeUser, active: false });
      const handle = vi.fn();
      const guarded = httpHandler({ handle });
      const res = await guarded(httpEvent({ claims: claimsFor('viewer') }), lambdaContext);
      expect(res.statusCode).toBe(403);
      expect(handle).not.toHaveBeenCalled();
    });

    it('answers 403 for an unknown user', async () => {
      users.getUser.mockResolvedValue(undefined);
      const res = await me(httpEvent({ claims: claimsFor('nobody') }), lambdaContext);
      expect(res.statusCode).toBe(403);
    });

    it('puts the caller on the log lines of the request, also of a refused one', async () => {
      const { logger } = await import('../lib/observability');
      const appended = vi.spyOn(logger, 'appendKeys');
      users.getUser.mockResolvedValue({ ...activeUser, active: false });
      const res = await me(httpEvent({ claims: claimsFor('viewer') }), lambdaContext);
      expect(res.statusCode).toBe(403);
      expect(appended).toHaveBeenCalledWith({ userId: 'viewer' });
      appended.mockRestore();
    });

    it('passes the active user record to the operation', async () => {
      users.getUser.mockResolvedValue(activeUser);
      const res = await me(httpEvent({ claims: claimsFor('viewer') }), lambdaContext);
      expect(res.statusCode).toBe(200);
      expect(parse(res.body)).toEqual({ id: 'viewer' });
      expect(users.getUser).toHaveBeenCalledWith('viewer');
    });

    it('starts the prefetch while the caller is looked up and hands its result to the operation', async () => {
      const order: string[] = [];
      users.getUser.mockImplementation(async () => {
        order.push('caller lookup started');
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('caller lookup done');
        return activeUser;
      });
      const withPrefetch = httpHandler({
        params: z.object({ id: z.string() }),
        prefetch: async ({ params }) => {
          order.push('prefetch started');
          return { read: params.id };
        },
        handle: async ({ prefetched }) => prefetched,
      });
      const res = await withPrefetch(
        httpEvent({ claims: claimsFor('viewer'), params: { id: 'm1' } }),
        lambdaContext,
      );
      expect(parse(res.body)).toEqual({ read: 'm1' });
      expect(order.indexOf('prefetch started')).toBeLessThan(order.indexOf('caller lookup done'));
    });

    it('gives a refused caller nothing of the prefetch, even when the prefetch fails', async () => {
      users.getUser.mockResolvedValue({ ...activeUser, active: false });
      const handle = vi.fn();
      const withPrefetch = httpHandler({
        prefetch: async () => {
          throw new Error('table unavailable');
        },
        handle,
      });
      const res = await withPrefetch(httpEvent({ claims: claimsFor('viewer') }), lambdaContext);
      expect(res.statusCode).toBe(403);
      expect(parse(res.body).message).not.toContain('table unavailable');
      expect(handle).not.toHaveBeenCalled();
    });
  });

  describe("auth 'identity'", () => {
    const whoami = httpHandler({
      auth: 'identity',
      handle: async ({ identity, user }) => ({
        id: identity.userId,
        known: user !== undefined,
        active: user?.active ?? null,
      }),
    });

    it('lets an inactive user through with the record', async () => {
      users.getUser.mockResolvedValue({ ...activeUser, active: false });
      const res = await whoami(httpEvent({ claims: claimsFor('viewer') }), lambdaContext);
      expect(res.statusCode).toBe(200);
      expect(parse(res.body)).toEqual({ id: 'viewer', known: true, active: false });
    });

    it('lets an unknown user through without a record', async () => {
      users.getUser.mockResolvedValue(undefined);
      const res = await whoami(httpEvent({ claims: claimsFor('stranger') }), lambdaContext);
      expect(parse(res.body)).toEqual({ id: 'stranger', known: false, active: null });
    });

    it('still answers 401 without claims', async () => {
      const res = await whoami(httpEvent(), lambdaContext);
      expect(res.statusCode).toBe(401);
    });
  });

  describe('unexpected errors', () => {
    const boom = httpHandler({
      auth: 'public',
      handle: async () => {
        throw new Error('secret detail at db.internal');
      },
    });

    it('answers 500 with a report id and no stack or message detail', async () => {
      const res = await boom(httpEvent({ path: '/v2/boom' }), lambdaContext);
      expect(res.statusCode).toBe(500);
      const body = parse(res.body);
      expect(body).toEqual({
        message: 'An unexpected error occurred.',
        code: 'INTERNAL_ERROR',
        reportId: expect.any(String),
      });
      expect(res.body).not.toContain('secret detail');
      expect(res.body).not.toContain('at ');
    });

    it('stores the error report under the same report id with the stack and route', async () => {
      const res = await boom(httpEvent({ path: '/v2/boom' }), lambdaContext);
      const { reportId } = parse(res.body);
      expect(reports.putErrorReport).toHaveBeenCalledTimes(1);
      const report = reports.putErrorReport.mock.calls[0]?.[0];
      expect(report).toMatchObject({
        reportId,
        message: 'secret detail at db.internal',
        route: 'GET /v2/boom',
      });
      expect(report.stack).toContain('secret detail');
    });

    it('still answers 500 with a report id when storing the report fails', async () => {
      reports.putErrorReport.mockRejectedValue(new Error('DynamoDB is down'));
      const res = await boom(httpEvent(), lambdaContext);
      expect(res.statusCode).toBe(500);
      expect(parse(res.body).reportId).toEqual(expect.any(String));
    });

    it('does not store reports for client errors (4xx)', async () => {
      users.getUser.mockResolvedValue(undefined);
      await httpHandler({ handle: async () => 1 })(httpEvent({ claims: claimsFor('x') }), lambdaContext);
      expect(reports.putErrorReport).not.toHaveBeenCalled();
    });

    it('gives a domain 5xx (a failed mail, 502) a report id and stores the report under it', async () => {
      const mailFailed = httpHandler({
        auth: 'public',
        handle: async () => {
          throw new MailDeliveryError('Failed to send email notification');
        },
      });
      const res = await mailFailed(httpEvent({ method: 'POST', path: '/v2/models/x/share' }), lambdaContext);
      expect(res.statusCode).toBe(502);
      const body = parse(res.body);
      expect(body).toEqual({
        message: 'Failed to send email notification',
        code: 'MAIL_FAILED',
        reportId: expect.any(String),
      });
      expect(reports.putErrorReport).toHaveBeenCalledTimes(1);
      expect(reports.putErrorReport.mock.calls[0]?.[0]).toMatchObject({
        reportId: body.reportId,
        message: 'Failed to send email notification',
        route: 'POST /v2/models/x/share',
      });
    });
  });

  describe('bodies must be JSON', () => {
    it.each([
      ['text/plain', 'text/plain;charset=UTF-8', '{"name":"Ada"}'],
      ['a form', 'application/x-www-form-urlencoded', 'name=Ada'],
      ['a multipart form', 'multipart/form-data; boundary=x', '--x--'],
      ['no content type', undefined, '{"name":"Ada"}'],
    ])('answers 415 with a clear message for %s', async (_what, contentType, body) => {
      const event = httpEvent({ method: 'POST', body });
      event.headers = contentType ? { 'content-type': contentType } : {};
      const res = await echo(event, lambdaContext);
      expect(res.statusCode).toBe(415);
      expect(parse(res.body)).toEqual({
        message: 'The request body must be JSON sent with the header Content-Type: application/json.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it('accepts application/json with a charset, and a +json type', async () => {
      for (const contentType of [
        'application/json; charset=utf-8',
        'Application/JSON',
        'application/merge-patch+json',
      ]) {
        const event = httpEvent({ method: 'POST', body: '{"name":"Ada"}' });
        event.headers = { 'Content-Type': contentType };
        expect((await echo(event, lambdaContext)).statusCode).toBe(200);
      }
    });

    it('ignores the content type of a request without a body', async () => {
      const none = httpHandler({ auth: 'public', handle: async () => undefined });
      const event = httpEvent({ method: 'POST' });
      event.headers = { 'content-type': 'text/plain' };
      expect((await none(event, lambdaContext)).statusCode).toBe(204);
    });
  });

  describe('routes that take no body (NoBodySchema)', () => {
    const seen = httpHandler({ auth: 'public', body: NoBodySchema, handle: async () => undefined });

    it.each([undefined, '{}'])('answer 204 for %j', async (body) => {
      const res = await seen(httpEvent({ method: 'POST', ...(body ? { body } : {}) }), lambdaContext);
      expect(res.statusCode).toBe(204);
    });

    it.each(['[]', '"seen"', '{"all":true}', 'null', '42'])('answer 400 for %s', async (body) => {
      const res = await seen(httpEvent({ method: 'POST', body }), lambdaContext);
      expect(res.statusCode).toBe(400);
      expect(parse(res.body).message).toContain('This request takes no body');
    });

    it('answer 400 for malformed JSON', async () => {
      const res = await seen(httpEvent({ method: 'POST', body: '{"all":' }), lambdaContext);
      expect(res.statusCode).toBe(400);
    });
  });
});
