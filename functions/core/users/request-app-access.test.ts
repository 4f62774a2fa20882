import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../web/src/config/paths';
import { ConflictError } from '../../lib/errors';

const accessRequests = vi.hoisted(() => ({ reserveAccessRequest: vi.fn(), releaseAccessRequest: vi.fn() }));
const users = vi.hoisted(() => ({ listUsersByType: vi.fn(), getUser: vi.fn() }));
const mailer = vi.hoisted(() => ({ sendMail: vi.fn() }));
vi.mock('../../data/access-requests', () => accessRequests);
vi.mock('../../data/users', () => users);
vi.mock('../../lib/mailer', () => mailer);
vi.mock('../../lib/env', () => ({ env: { webUrl: 'http://web.local' } }));

const { requestAppAccess, ALREADY_HAS_APP_ACCESS } = await import('./request-app-access');

const person = (id: string, over: Partial<User> = {}): User => ({
  id,
  firstName: id[0]?.toUpperCase() + id.slice(1),
  lastName: 'Person',
  email: `${id}@example.com`,
  active: true,
  userType: 'SUPERUSER',
  createdOn: '2026-01-01T00:00:00.000Z',
  ...over,
});

beforeEach(() => {
  vi.clearAllMocks();
  accessRequests.reserveAccessRequest.mockResolvedValue(undefined);
  accessRequests.releaseAccessRequest.mockResolvedValue(undefined);
  users.listUsersByType.mockResolvedValue([person('alice'), person('old', { active: false })]);
  mailer.sendMail.mockResolvedValue('id');
});

describe('requestAppAccess', () => {
  const inactive = person('ian', {
    firstName: 'Ian',
    lastName: 'Inactive',
    userType: 'INTERNALUSER',
    active: false,
  });

  it("mails every active super user 'Access Request' naming the requester", async () => {
    const result = await requestAppAccess({ identity: { userId: 'ian', groups: [] }, user: inactive });
    expect(users.listUsersByType).toHaveBeenCalledWith('SUPERUSER');
    expect(mailer.sendMail).toHaveBeenCalledTimes(1);
    const mail = mailer.sendMail.mock.calls[0]?.[0];
    expect(mail.to).toEqual(['alice@example.com']);
    expect(mail.subject).toBe('Access Request');
    expect(mail.text).toContain('Ian Inactive');
    expect(mail.text).toContain('ian');
    expect(mail.text).toContain('inactive');
    expect(result.requestedOn).toEqual(expect.any(String));
  });

  it('names an unknown user by id and token e-mail', async () => {
    await requestAppAccess({
      identity: { userId: 'stranger', email: 'stranger@corp.example.com', groups: [] },
      user: undefined,
    });
    const mail = mailer.sendMail.mock.calls[0]?.[0];
    expect(mail.text).toContain('stranger (user id stranger, stranger@corp.example.com)');
  });

  it('refuses a repeat inside the cool-down without mailing', async () => {
    accessRequests.reserveAccessRequest.mockRejectedValue(
      new ConflictError('An access request was sent recently.'),
    );
    await expect(
      requestAppAccess({ identity: { userId: 'ian', groups: [] }, user: inactive }),
    ).rejects.toThrow('An access request was sent recently.');
    expect(mailer.sendMail).not.toHaveBeenCalled();
  });

  it('frees the slot when the mail fails, so the user can retry', async () => {
    mailer.sendMail.mockRejectedValue(new Error('SES down'));
    await expect(
      requestAppAccess({ identity: { userId: 'ian', groups: [] }, user: inactive }),
    ).rejects.toThrow('SES down');
    expect(accessRequests.releaseAccessRequest).toHaveBeenCalledWith('ian');
  });

  it('refuses a user who has access already (409) and mails nobody', async () => {
    const active = person('emma', { userType: 'INTERNALUSER' });
    const refused = requestAppAccess({ identity: { userId: 'emma', groups: [] }, user: active });
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(ALREADY_HAS_APP_ACCESS);
    expect(accessRequests.reserveAccessRequest).not.toHaveBeenCalled();
    expect(mailer.sendMail).not.toHaveBeenCalled();
  });

  it('still mails for an external user whose registration is not approved', async () => {
    const pending = person('xena', { userType: 'EXTERNALUSER', status: 'PENDING_REVIEW' });
    await requestAppAccess({ identity: { userId: 'xena', groups: [] }, user: pending });
    expect(mailer.sendMail.mock.calls[0]?.[0].text).toContain('registration is PENDING_REVIEW');
  });

  it("links to a page of the web app's Admin Space: the user's detail, or the users list", async () => {
    await requestAppAccess({ identity: { userId: 'ian', groups: [] }, user: inactive });
    await requestAppAccess({ identity: { userId: 'stranger', groups: [] }, user: undefined });
    const [known = '', unknown = ''] = mailer.sendMail.mock.calls.map((call) => call[0].text as string);
    expect(known.endsWith(`Admin Space: http://web.local${paths.adminUserDetail.getHref('ian')}`)).toBe(true);
    expect(unknown.endsWith(`Admin Space: http://web.local${paths.adminUsers.getHref()}`)).toBe(true);
    expect(known).not.toContain('/admin/users');
  });
});
