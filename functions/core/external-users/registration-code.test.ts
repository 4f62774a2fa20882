import type { ExternalUser } from '@shared/schemas/external-user';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({ getExternalUser: vi.fn(), updateExternalUser: vi.fn() }));
vi.mock('../../data/external-users', () => data);

const {
  checkRegistrationCode,
  hashRegistrationCode,
  newRegistrationCode,
  submitSelfRegistration,
  REGISTRATION_CODE_MESSAGES,
} = await import('./registration-code');

const issued = new Date('2026-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(issued.getTime() + ms);
const WEEK = 7 * 24 * 60 * 60 * 1000;

function pending(code: string, overrides: Partial<ExternalUser> = {}): ExternalUser {
  return {
    email: 'vera@vendor.test',
    firstName: 'Vera',
    lastName: 'Vendor',
    externalUserType: 'VENDOR',
    purchaseOrderId: '4711',
    status: 'PENDING_REGISTRATION',
    modelAccesses: [],
    accessEndsOn: '2027-03-01',
    registeredBy: 'ian',
    registrationCode: {
      hash: hashRegistrationCode(code),
      issuedAt: issued.toISOString(),
      expiresAt: later(WEEK).toISOString(),
    },
    createdOn: issued.toISOString(),
    modifiedOn: issued.toISOString(),
    version: 0,
    ...overrides,
  };
}

function spent(code: string) {
  return { ...newCodeRecord(code), usedAt: later(5).toISOString() };
}

function newCodeRecord(code: string) {
  return {
    hash: hashRegistrationCode(code),
    issuedAt: issued.toISOString(),
    expiresAt: later(WEEK).toISOString(),
  };
}

beforeEach(() => {
  data.getExternalUser.mockReset();
  data.updateExternalUser.mockReset();
});

describe('newRegistrationCode', () => {
  it('makes a 256-bit base64url code and keeps only its SHA-256 hash, valid for one week', () => {
    const { code, record } = newRegistrationCode(issued);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    expect(record.hash).toBe(hashRegistrationCode(code));
    expect(record.hash).not.toContain(code);
    expect(JSON.stringify(record)).not.toContain(code);
    expect(Date.parse(record.expiresAt) - Date.parse(record.issuedAt)).toBe(WEEK);
  });

  it('never makes the same code twice in a thousand draws', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newRegistrationCode(issued).code));
    expect(codes.size).toBe(1000);
  });
});

describe('checkRegistrationCode', () => {
  const code = newRegistrationCode(issued).code;

  it.each([
    ['the right code within the week', pending(code), code, later(WEEK - 1), { ok: true }],
    ['a wrong code', pending(code), `${code.slice(0, -1)}x`, later(1), { ok: false, reason: 'wrong' }],
    ['an unknown e-mail', undefined, code, later(1), { ok: false, reason: 'wrong' }],
    [
      'a user without a code',
      pending(code, { registrationCode: undefined }),
      code,
      later(1),
      { ok: false, reason: 'wrong' },
    ],
    ['the code exactly one week later', pending(code), code, later(WEEK), { ok: false, reason: 'expired' }],
    [
      'a spent code',
      pending(code, {
        registrationCode: spent(code),
      }),
      code,
      later(10),
      { ok: false, reason: 'used' },
    ],
    [
      'a code of a person already under review',
      pending(code, { status: 'PENDING_REVIEW' }),
      code,
      later(1),
      { ok: false, reason: 'used' },
    ],
  ] as const)('%s', (_name, user, presented, now, expected) => {
    expect(checkRegistrationCode(user, presented, now)).toMatchObject(expected);
  });

  it('tells nothing about a spent or expired code to whoever holds a wrong one', () => {
    const user = pending(code, { registrationCode: spent(code) });
    expect(checkRegistrationCode(user, 'guess', later(WEEK * 2))).toEqual({ ok: false, reason: 'wrong' });
  });

  it('voids the old code when a new one replaces the stored hash', () => {
    const regenerated = newRegistrationCode(later(100));
    const user = pending(code, { registrationCode: regenerated.record });
    expect(checkRegistrationCode(user, code, later(200))).toEqual({ ok: false, reason: 'wrong' });
    expect(checkRegistrationCode(user, regenerated.code, later(200)).ok).toBe(true);
  });
});

describe('submitSelfRegistration', () => {
  const code = 'the-code-that-was-mailed';

  it('spends the code and moves the person to PENDING_REVIEW in one write at the read version', async () => {
    data.getExternalUser.mockResolvedValue(pending(code, { version: 3 }));
    data.updateExternalUser.mockImplementation(async (user: ExternalUser, v: number) => ({
      ...user,
      version: v + 1,
    }));
    const result = await submitSelfRegistration(
      { email: 'vera@vendor.test', firstName: 'Vera', lastName: 'Vendor-Smith', registrationCode: code },
      later(60_000),
    );
    expect(result.ok).toBe(true);
    const [next, version, audit] = data.updateExternalUser.mock.calls[0] ?? [];
    expect(version).toBe(3);
    expect(next).toMatchObject({
      status: 'PENDING_REVIEW',
      lastName: 'Vendor-Smith',
      submittedAt: later(60_000).toISOString(),
      registrationCode: { usedAt: later(60_000).toISOString() },
    });
    expect(audit).toMatchObject({
      action: 'SELF_REGISTERED',
      before: 'PENDING_REGISTRATION',
      after: 'PENDING_REVIEW',
    });
  });

  it('writes nothing for an expired code and says why', async () => {
    data.getExternalUser.mockResolvedValue(pending(code));
    const result = await submitSelfRegistration(
      { email: 'vera@vendor.test', firstName: 'V', lastName: 'V', registrationCode: code },
      later(WEEK + 1),
    );
    expect(result).toEqual({ ok: false, reason: 'expired' });
    expect(REGISTRATION_CODE_MESSAGES.expired).toMatch(/expired/);
    expect(data.updateExternalUser).not.toHaveBeenCalled();
  });
});
