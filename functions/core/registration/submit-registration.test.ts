import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BadRequestError, ConflictError, TooManyRequestsError } from '../../lib/errors';

const mocks = vi.hoisted(() => ({ countAttempt: vi.fn(), submitSelfRegistration: vi.fn() }));
vi.mock('../../data/rate-limits', () => ({ countAttempt: mocks.countAttempt }));
vi.mock('../external-users/registration-code', async (original) => ({
  ...(await original<typeof import('../external-users/registration-code')>()),
  submitSelfRegistration: mocks.submitSelfRegistration,
}));

const { submitRegistration, REGISTRATION_LIMITS } = await import('./submit-registration');

const input = { firstName: 'Erin', lastName: 'External', email: 'erin@example.org', registrationCode: 'c' };
const now = new Date('2026-11-28T10:00:00.000Z');

beforeEach(() => {
  mocks.countAttempt.mockReset().mockResolvedValue(true);
  mocks.submitSelfRegistration.mockReset();
});

describe('submitRegistration', () => {
  it('counts the attempt per e-mail and per source address, then records the person PENDING_REVIEW', async () => {
    mocks.submitSelfRegistration.mockResolvedValue({ ok: true, user: { status: 'PENDING_REVIEW' } });
    await expect(submitRegistration(input, '203.0.113.9', now)).resolves.toEqual({
      status: 'PENDING_REVIEW',
      message: 'Request Submitted Successfully!',
    });
    expect(mocks.countAttempt.mock.calls.map(([l]) => [l.scope, l.subject, l.max])).toEqual([
      ['REGISTRATION-EMAIL', 'erin@example.org', REGISTRATION_LIMITS.perEmail],
      ['REGISTRATION-ADDRESS', '203.0.113.9', REGISTRATION_LIMITS.perSourceAddress],
    ]);
    expect(mocks.submitSelfRegistration).toHaveBeenCalledWith(input, now);
  });

  it.each([
    ['e-mail', [false, true]],
    ['source address', [true, false]],
  ])('answers 429 over the %s limit without looking at the code', async (_which, answers) => {
    mocks.countAttempt.mockResolvedValueOnce(answers[0]).mockResolvedValueOnce(answers[1]);
    const error = await submitRegistration(input, '203.0.113.9', now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).statusCode).toBe(429);
    expect(mocks.submitSelfRegistration).not.toHaveBeenCalled();
  });

  it.each([
    ['wrong', BadRequestError, 'The registration code or e-mail address is not valid.'],
    [
      'expired',
      BadRequestError,
      'This registration code has expired. Ask the person who registered you for a new one.',
    ],
    ['used', ConflictError, 'This registration code has already been used.'],
  ])('answers a %s code with its message', async (reason, type, message) => {
    mocks.submitSelfRegistration.mockResolvedValue({ ok: false, reason });
    const error = await submitRegistration(input, '203.0.113.9', now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toBe(message);
  });
});
