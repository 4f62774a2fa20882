import { beforeEach, describe, expect, it, vi } from 'vitest';
import { claimsFor, httpEvent, lambdaContext } from '../testing/http-event';

const users = vi.hoisted(() => ({ getUser: vi.fn(), listUsersByType: vi.fn() }));
const accessRequests = vi.hoisted(() => ({ reserveAccessRequest: vi.fn(), releaseAccessRequest: vi.fn() }));
const mailer = vi.hoisted(() => ({ sendMail: vi.fn() }));
const notifications = vi.hoisted(() => ({ deleteNotifications: vi.fn() }));
vi.mock('../data/users', () => users);
vi.mock('../data/access-requests', () => accessRequests);
vi.mock('../lib/mailer', () => mailer);
vi.mock('../data/notifications', () => notifications);
vi.mock('../data/error-reports', () => ({ putErrorReport: vi.fn().mockResolvedValue(undefined) }));

const notFound = (await import('./not-found')).handler;
const requestAccess = (await import('./users/request-app-access')).handler;
const clear = (await import('./notifications/clear-notifications')).handler;
const openapi = (await import('./settings/get-openapi')).handler;

const inactive = {
  id: 'inactive',
  firstName: 'Ian',
  lastName: 'Inactive',
  email: 'inactive@example.com',
  active: false,
  userType: 'INTERNALUSER',
  createdOn: '2026-01-01T00:00:00.000Z',
};
const admin = {
  ...inactive,
  id: 'admin',
  firstName: 'Alice',
  lastName: 'Admin',
  email: 'admin@example.com',
  active: true,
  userType: 'SUPERUSER',
};

beforeEach(() => {
  vi.clearAllMocks();
  accessRequests.reserveAccessRequest.mockResolvedValue(undefined);
  mailer.sendMail.mockResolvedValue('m1');
  users.listUsersByType.mockResolvedValue([admin]);
  notifications.deleteNotifications.mockResolvedValue(undefined);
});

describe('HTTP handlers', () => {
  it('answers 404 in the error shape for an unknown route', async () => {
    const res = await notFound(httpEvent({ path: '/v2/nope' }), lambdaContext);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body ?? '')).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('lets an inactive user request access (202) without a body', async () => {
    users.getUser.mockResolvedValue(inactive);
    const res = await requestAccess(
      httpEvent({ method: 'POST', claims: claimsFor('inactive') }),
      lambdaContext,
    );
    expect(res.statusCode).toBe(202);
    expect(mailer.sendMail.mock.calls[0]?.[0]).toMatchObject({
      to: ['admin@example.com'],
      subject: 'Access Request',
    });
  });

  it('refuses an access request without a token (401)', async () => {
    const res = await requestAccess(httpEvent({ method: 'POST' }), lambdaContext);
    expect(res.statusCode).toBe(401);
    expect(mailer.sendMail).not.toHaveBeenCalled();
  });

  it('clears notifications of the caller only and answers 204', async () => {
    users.getUser.mockResolvedValue(admin);
    const ids = ['01JH0000000000000000000000'];
    const res = await clear(
      httpEvent({ method: 'POST', claims: claimsFor('admin'), body: JSON.stringify({ ids }) }),
      lambdaContext,
    );
    expect(res.statusCode).toBe(204);
    expect(notifications.deleteNotifications).toHaveBeenCalledWith('admin', ids);
  });

  it('refuses an empty or oversized id list', async () => {
    users.getUser.mockResolvedValue(admin);
    const tooMany = Array.from({ length: 101 }, () => '01JH0000000000000000000000');
    for (const ids of [[], tooMany]) {
      const res = await clear(
        httpEvent({ method: 'POST', claims: claimsFor('admin'), body: JSON.stringify({ ids }) }),
        lambdaContext,
      );
      expect(res.statusCode).toBe(400);
    }
  });

  it('serves the OpenAPI document', async () => {
    const res = await openapi(httpEvent({ path: '/v2/openapi.json' }), lambdaContext);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '').openapi).toBe('3.1.0');
  });
});
