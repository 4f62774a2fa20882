import type { ExternalUser } from '@shared/schemas/external-user';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';

const mocks = vi.hoisted(() => ({
  getExternalUser: vi.fn(),
  getUser: vi.fn(),
  createUser: vi.fn(),
  putUser: vi.fn(),
  inviteUser: vi.fn(),
  approveExternalUser: vi.fn(),
  rejectExternalUser: vi.fn(),
  sendMail: vi.fn(),
  calls: [] as string[],
}));
const track =
  (name: string, fn: (...args: unknown[]) => unknown) =>
  (...args: unknown[]) => {
    mocks.calls.push(name);
    return fn(...args);
  };
vi.mock('../../data/external-users', () => ({ getExternalUser: mocks.getExternalUser }));
vi.mock('../../data/users', () => ({
  getUser: mocks.getUser,
  createUser: track('createUser', (...a) => mocks.createUser(...a)),
  putUser: track('putUser', (...a) => mocks.putUser(...a)),
}));
vi.mock('../../lib/cognito-users', () => ({
  inviteUser: track('inviteUser', (...a) => mocks.inviteUser(...a)),
}));
vi.mock('./external-user-lifecycle', () => ({
  approveExternalUser: track('approveExternalUser', (...a) => mocks.approveExternalUser(...a)),
  rejectExternalUser: track('rejectExternalUser', (...a) => mocks.rejectExternalUser(...a)),
}));
vi.mock('../../lib/mailer', () => ({ sendMail: track('sendMail', (...a) => mocks.sendMail(...a)) }));
vi.mock('../../lib/env', () => ({ env: { webUrl: 'https://mr.test' } }));

const { reviewRegistrations, externalUserId } = await import('./review-registrations');

const admin = { id: 'admin', userType: 'SUPERUSER', active: true } as User;
const now = new Date('2026-11-28T10:00:00.000Z');
const erin = {
  email: 'erin+mr@example.org',
  firstName: 'Erin',
  lastName: 'External',
  externalUserType: 'VENDOR',
  status: 'PENDING_REVIEW',
  registeredBy: 'owner',
  modelAccesses: [],
  accessEndsOn: '2027-11-28',
  createdOn: '2026-11-20T00:00:00.000Z',
  modifiedOn: '2026-11-21T00:00:00.000Z',
  submittedAt: '2026-11-21T00:00:00.000Z',
  version: 1,
} as unknown as ExternalUser;

beforeEach(() => {
  for (const fn of Object.values(mocks)) if (typeof fn === 'function') fn.mockReset();
  mocks.calls.length = 0;
  mocks.getExternalUser.mockImplementation(async (email: string) =>
    email === erin.email ? erin : undefined,
  );
  mocks.getUser.mockResolvedValue(undefined);
  mocks.inviteUser.mockResolvedValue('invited');
  mocks.sendMail.mockResolvedValue('m-1');
});

describe('reviewRegistrations', () => {
  it('refuses callers without the activateUser flag before reading anything', async () => {
    const owner = { id: 'owner', userType: 'INTERNALUSER', active: true } as User;
    await expect(
      reviewRegistrations(owner, [{ email: erin.email, approved: true }], now),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(mocks.getExternalUser).not.toHaveBeenCalled();
  });

  it('approves in the order that keeps the API shut until the grants are applied', async () => {
    const result = await reviewRegistrations(admin, [{ email: erin.email, approved: true }], now);
    expect(result).toEqual({
      message: 'Access request reviewed',
      items: [{ email: erin.email, status: 'ACTIVE' }],
    });
    expect(mocks.calls).toEqual(['createUser', 'inviteUser', 'approveExternalUser', 'putUser', 'sendMail']);
    const id = 'erin-mr@example.org';
    // The first record may not enter: an external user is let in only when ACTIVE (authenticate.ts).
    expect(mocks.createUser.mock.calls[0]?.[0]).toMatchObject({
      id,
      userType: 'EXTERNALUSER',
      externalUserType: 'VENDOR',
      status: 'PENDING_REVIEW',
      createdBy: 'owner',
    });
    expect(mocks.inviteUser).toHaveBeenCalledWith({
      username: id,
      email: erin.email,
      firstName: 'Erin',
      lastName: 'External',
      group: 'EXTERNALUSER',
    });
    expect(mocks.approveExternalUser).toHaveBeenCalledWith(erin.email, { actor: 'admin', userId: id }, now);
    expect(mocks.putUser.mock.calls[0]?.[0]).toMatchObject({ id, active: true, status: 'ACTIVE' });
    expect(mocks.sendMail.mock.calls[0]?.[0]).toMatchObject({
      to: [erin.email],
      subject: 'Access request reviewed',
    });
  });

  it('completes an approval that failed half-way: the record and the Cognito user already exist', async () => {
    mocks.getUser.mockResolvedValue({
      id: 'erin-mr@example.org',
      email: erin.email,
      status: 'PENDING_REVIEW',
    });
    mocks.inviteUser.mockResolvedValue('exists');
    await reviewRegistrations(admin, [{ email: erin.email, approved: true }], now);
    expect(mocks.calls).toEqual(['inviteUser', 'approveExternalUser', 'putUser', 'sendMail']);
  });

  it('rejects with the reason, mails it, and creates no account', async () => {
    const result = await reviewRegistrations(
      admin,
      [{ email: erin.email, approved: false, reason: 'No purchase order on file' }],
      now,
    );
    expect(result.items).toEqual([{ email: erin.email, status: 'INACTIVE' }]);
    expect(mocks.calls).toEqual(['rejectExternalUser', 'sendMail']);
    expect(mocks.rejectExternalUser).toHaveBeenCalledWith(
      erin.email,
      { actor: 'admin', reason: 'No purchase order on file' },
      now,
    );
    expect(mocks.sendMail.mock.calls[0]?.[0].text).toContain('Reason: No purchase order on file');
  });

  it('changes nothing when one decision names someone unknown or not waiting', async () => {
    await expect(
      reviewRegistrations(
        admin,
        [
          { email: erin.email, approved: true },
          { email: 'x@y.org', approved: true },
        ],
        now,
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    mocks.getExternalUser.mockResolvedValue({ ...erin, status: 'ACTIVE' });
    await expect(
      reviewRegistrations(admin, [{ email: erin.email, approved: true }], now),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(mocks.calls).toEqual([]);
  });

  it('keeps the decision when the mail fails', async () => {
    mocks.sendMail.mockRejectedValue(new Error('SES down'));
    await expect(
      reviewRegistrations(admin, [{ email: erin.email, approved: true }], now),
    ).resolves.toMatchObject({
      items: [{ status: 'ACTIVE' }],
    });
  });
});

describe('externalUserId', () => {
  it('is the lowercased e-mail with characters an ISID may not hold replaced', () => {
    expect(externalUserId('Erin+MR@Example.org')).toBe('erin-mr@example.org');
  });
});
