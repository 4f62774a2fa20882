import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError } from '../lib/errors';

const send = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const { reserveAccessRequest } = await import('./access-requests');

function sent<T>(index: number): T {
  const call = send.mock.calls[index];
  if (!call) throw new Error(`DynamoDB was not called ${index + 1} times`);
  return call[0] as T;
}

beforeEach(() => {
  send.mockReset();
});

describe('reserveAccessRequest', () => {
  it('writes ACCESSREQ#<isid> living 10 minutes, unless a live one exists', async () => {
    send.mockResolvedValue({});
    const now = Date.parse('2026-01-01T00:00:00.000Z');
    await reserveAccessRequest('ian', now);
    const input = sent<PutCommand>(0).input;
    expect(input.Item).toMatchObject({ pk: 'ACCESSREQ#ian', sk: 'META', ttl: now / 1000 + 600 });
    expect(input.ConditionExpression).toBe('attribute_not_exists(pk) OR #ttl < :now');
    expect(input.ExpressionAttributeValues).toEqual({ ':now': now / 1000 });
  });

  it('turns a failed condition into 409 "An access request was sent recently."', async () => {
    send.mockImplementation(async () => {
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    });
    const error = await reserveAccessRequest('ian').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe('An access request was sent recently.');
    expect((error as ConflictError).statusCode).toBe(409);
  });
});
