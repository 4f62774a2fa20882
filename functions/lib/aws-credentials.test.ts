import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** awsCredentials (aws-rest.ts) over a scripted credential chain: reuse, early refresh, fallback. */
const chain = vi.hoisted(() => ({ next: vi.fn() }));
vi.mock('@aws-sdk/credential-provider-node', () => ({ defaultProvider: () => () => chain.next() }));
vi.mock('./env', () => ({ env: { region: 'us-east-1' } }));

const { awsCredentials, forgetAwsCredentials } = await import('./aws-rest');

const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 22, 12) + ms);
const creds = (id: string, expiresInMs?: number) => ({
  accessKeyId: id,
  secretAccessKey: 's',
  ...(expiresInMs !== undefined ? { expiration: new Date(Date.now() + expiresInMs) } : {}),
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at(0));
  chain.next.mockReset();
  forgetAwsCredentials();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('awsCredentials', () => {
  it('asks the chain once for credentials without an expiry', async () => {
    chain.next.mockResolvedValue(creds('A'));
    expect((await awsCredentials()).accessKeyId).toBe('A');
    vi.setSystemTime(at(600 * MINUTE));
    expect((await awsCredentials()).accessKeyId).toBe('A');
    expect(chain.next).toHaveBeenCalledTimes(1);
  });

  it('refreshes 5 minutes before expiry', async () => {
    chain.next.mockResolvedValueOnce(creds('A', 60 * MINUTE)).mockResolvedValueOnce(creds('B', 60 * MINUTE));
    expect((await awsCredentials()).accessKeyId).toBe('A');
    vi.setSystemTime(at(54 * MINUTE));
    expect((await awsCredentials()).accessKeyId).toBe('A');
    vi.setSystemTime(at(56 * MINUTE));
    expect((await awsCredentials()).accessKeyId).toBe('B');
    expect(chain.next).toHaveBeenCalledTimes(2);
  });

  it('keeps the old credentials while they are valid when the early refresh fails', async () => {
    chain.next
      .mockResolvedValueOnce(creds('A', 60 * MINUTE))
      .mockRejectedValueOnce(new Error('metadata endpoint down'))
      .mockResolvedValueOnce(creds('C', 60 * MINUTE));
    await awsCredentials();
    vi.setSystemTime(at(56 * MINUTE));
    expect((await awsCredentials()).accessKeyId).toBe('A');
    // The fallback is not kept as fresh: the next call asks the chain again.
    expect((await awsCredentials()).accessKeyId).toBe('C');
  });

  it('fails once the old credentials have expired too, and asks again next time', async () => {
    chain.next
      .mockResolvedValueOnce(creds('A', 60 * MINUTE))
      .mockRejectedValueOnce(new Error('metadata endpoint down'))
      .mockResolvedValueOnce(creds('D'));
    await awsCredentials();
    vi.setSystemTime(at(61 * MINUTE));
    await expect(awsCredentials()).rejects.toThrow('metadata endpoint down');
    expect((await awsCredentials()).accessKeyId).toBe('D');
  });
});
