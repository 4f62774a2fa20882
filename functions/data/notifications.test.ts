import { BatchWriteCommand, type QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
// A real document client (the paginator checks for one) whose calls never leave the process.
vi.mock('./dynamodb-client', async () => {
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { DynamoDBDocumentClient } = await import('@aws-sdk/lib-dynamodb');
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
  client.send = send;
  return { ddb: () => client };
});
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const {
  countNotificationsAfter,
  deleteNotifications,
  listLatestNotifications,
  listNotificationsAfter,
  putNotifications,
} = await import('./notifications');

const notification = {
  notificationId: '01JH0000000000000000000000',
  createdBy: { id: 'lead', firstName: 'Leo', lastName: 'Lead' },
  createdOn: '2026-01-01T00:00:00.000Z',
  userNote: 'v2 is out',
  notificationAction: 'NEW_MODEL_VERSION' as const,
  modelUuid: 'm-1',
};

function sent<T>(index: number): T {
  const call = send.mock.calls[index];
  if (!call) throw new Error(`DynamoDB was not called ${index + 1} times`);
  return call[0] as T;
}

beforeEach(() => {
  send.mockReset();
  send.mockResolvedValue({});
});

describe('notifications data', () => {
  it("deletes only under the caller's own key, whatever ids are given", async () => {
    await deleteNotifications('viewer', ['A', 'B', 'A']);
    const command = send.mock.calls[0]?.[0] as BatchWriteCommand;
    expect(command).toBeInstanceOf(BatchWriteCommand);
    const requests = command.input.RequestItems?.Table ?? [];
    expect(requests.map((r) => r.DeleteRequest?.Key)).toEqual([
      { pk: 'USER#viewer', sk: 'NOTIF#A' },
      { pk: 'USER#viewer', sk: 'NOTIF#B' },
    ]);
  });

  it('writes one item per recipient in batches of 25 and retries unprocessed items', async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => `u${i}`);
    send
      .mockResolvedValueOnce({ UnprocessedItems: { Table: [{ PutRequest: { Item: { pk: 'USER#u0' } } }] } })
      .mockResolvedValue({});
    await putNotifications(recipients, notification);
    const batches = send.mock.calls.map((c) => (c[0] as BatchWriteCommand).input.RequestItems?.Table ?? []);
    expect(batches.map((b) => b.length)).toEqual([25, 1, 5]);
    expect(batches[0]?.[0]?.PutRequest?.Item).toMatchObject({
      pk: 'USER#u0',
      sk: `NOTIF#${notification.notificationId}`,
      userNote: 'v2 is out',
    });
  });

  it('lists the latest items newest first with the limit', async () => {
    send.mockResolvedValue({
      Items: [{ pk: 'USER#viewer', sk: 'NOTIF#x', entity: 'Notification', ...notification }],
    });
    const items = await listLatestNotifications('viewer', 3);
    const input = sent<QueryCommand>(0).input;
    expect(input).toMatchObject({ ScanIndexForward: false, Limit: 3 });
    expect(input.ExpressionAttributeValues).toMatchObject({ ':pk': 'USER#viewer', ':prefix': 'NOTIF#' });
    expect(items).toEqual([notification]);
  });

  it('reads notifications strictly after an instant as a key range', async () => {
    send.mockResolvedValue({ Items: [] });
    const since = Date.parse('2026-01-01T00:00:00.000Z');
    await listNotificationsAfter('viewer', since, 100);
    const values = sent<QueryCommand>(0).input.ExpressionAttributeValues ?? {};
    const from = String(values[':from']);
    // A notification created at `since` sorts below the range, one created 1 ms later inside it.
    const { ulid } = await import('ulid');
    expect(`NOTIF#${ulid(since)}` < from).toBe(true);
    expect(`NOTIF#${ulid(since + 1)}` >= from).toBe(true);
    expect(`NOTIF#${ulid(since + 1)}` <= String(values[':to'])).toBe(true);
  });

  it('counts across pages', async () => {
    send
      .mockResolvedValueOnce({ Count: 2, LastEvaluatedKey: { pk: 'x' } })
      .mockResolvedValueOnce({ Count: 1 });
    expect(await countNotificationsAfter('viewer', undefined)).toBe(3);
    expect(send).toHaveBeenCalledTimes(2);
    expect(sent<QueryCommand>(0).input.Select).toBe('COUNT');
    expect(sent<QueryCommand>(1).input.ExclusiveStartKey).toEqual({ pk: 'x' });
  });
});
