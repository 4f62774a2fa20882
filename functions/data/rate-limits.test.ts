import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const { countAttempt } = await import('./rate-limits');

const limit = { scope: 'REGISTRATION-EMAIL', subject: 'erin@example.org', max: 5, windowSeconds: 3600 };

beforeEach(() => {
  send.mockReset();
});

describe('countAttempt', () => {
  it('adds one to the counter of the current window in one conditional update, kept one window longer', async () => {
    send.mockResolvedValue({});
    const now = Date.parse('2026-01-01T10:20:00.000Z');
    expect(await countAttempt(limit, now)).toBe(true);
    const { input } = (send.mock.calls[0] ?? [])[0] as UpdateCommand;
    const windowStart = Date.parse('2026-01-01T10:00:00.000Z') / 1000;
    expect(input.Key).toEqual({
      pk: 'RATELIMIT#REGISTRATION-EMAIL#erin@example.org',
      sk: `WINDOW#${windowStart}`,
    });
    expect(input.UpdateExpression).toContain('ADD #count :one');
    expect(input.ConditionExpression).toBe('attribute_not_exists(#count) OR #count < :max');
    expect(input.ExpressionAttributeValues).toMatchObject({
      ':one': 1,
      ':max': 5,
      ':ttl': windowStart + 7200,
    });
  });

  it('answers false, and counts nothing, once the window holds the maximum', async () => {
    send.mockImplementation(async () => {
      throw new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });
    });
    expect(await countAttempt(limit, Date.now())).toBe(false);
  });

  it('lets other failures through', async () => {
    send.mockImplementation(async () => {
      throw new Error('throttled');
    });
    await expect(countAttempt(limit, Date.now())).rejects.toThrow('throttled');
  });
});
