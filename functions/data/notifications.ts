import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Notification, NotificationSchema } from '@shared/schemas/notification';
import { encodeTime } from 'ulid';
import { ddb } from './dynamodb-client';
import { batchWriteAll, queryPages, tableName, withoutKeys } from './table';

/**
 * Notifications, one item per recipient: USER#<isid> / NOTIF#<ulid>. The ULID sorts by creation time,
 * so "latest N" and "newer than T" are key-range Queries. The per-user NOTIFSTATE item keeps
 * `lastSeenOn` (when the bell menu was last opened).
 */
const NOTIF_PREFIX = 'NOTIF#';
/** Sorts after every ULID character (Crockford base32), closing the NOTIF# key range. */
const NOTIF_RANGE_END = `${NOTIF_PREFIX}~`;

export const notificationKey = (userId: string, notificationId: string) => ({
  pk: `USER#${userId}`,
  sk: `${NOTIF_PREFIX}${notificationId}`,
});
export const notificationStateKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'NOTIFSTATE' });

/** Lowest sort key of notifications created strictly after `ms`. */
const firstKeyAfter = (ms: number) => `${NOTIF_PREFIX}${encodeTime(Math.max(0, Math.floor(ms) + 1))}`;

export function toNotificationItem(recipientId: string, notification: Notification) {
  return {
    ...notificationKey(recipientId, notification.notificationId),
    entity: 'Notification',
    ...notification,
  };
}

export function fromNotificationItem(item: Record<string, unknown>): Notification {
  return NotificationSchema.parse(withoutKeys(item));
}

/** Stores the same notification for every recipient (one item each). */
export async function putNotifications(
  recipientIds: readonly string[],
  notification: Notification,
): Promise<void> {
  await batchWriteAll(
    recipientIds.map((id) => ({ PutRequest: { Item: toNotificationItem(id, notification) } })),
  );
}

/** The caller's latest notifications, newest first. */
export async function listLatestNotifications(userId: string, limit: number): Promise<Notification[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': NOTIF_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(fromNotificationItem);
}

/** Notifications created after `sinceMs`, oldest first (at most `limit`). */
export async function listNotificationsAfter(
  userId: string,
  sinceMs: number,
  limit: number,
): Promise<Notification[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': `USER#${userId}`,
        ':from': firstKeyAfter(sinceMs),
        ':to': NOTIF_RANGE_END,
      },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(fromNotificationItem);
}

/** How many notifications were created after `sinceMs` (all of them when undefined). */
export async function countNotificationsAfter(userId: string, sinceMs: number | undefined): Promise<number> {
  let count = 0;
  const pages = queryPages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': `USER#${userId}`,
      ':from': sinceMs === undefined ? NOTIF_PREFIX : firstKeyAfter(sinceMs),
      ':to': NOTIF_RANGE_END,
    },
    Select: 'COUNT',
  });
  for await (const page of pages) count += page.Count ?? 0;
  return count;
}

/** Deletes the user's own notifications; ids of other users' items address keys that do not exist. */
export async function deleteNotifications(userId: string, notificationIds: readonly string[]): Promise<void> {
  const unique = [...new Set(notificationIds)];
  await batchWriteAll(unique.map((id) => ({ DeleteRequest: { Key: notificationKey(userId, id) } })));
}

export async function deleteNotification(userId: string, notificationId: string): Promise<void> {
  await ddb().send(
    new DeleteCommand({ TableName: tableName(), Key: notificationKey(userId, notificationId) }),
  );
}

export async function getLastSeenOn(userId: string): Promise<string | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: notificationStateKey(userId) }),
  );
  return typeof Item?.lastSeenOn === 'string' ? Item.lastSeenOn : undefined;
}

export async function putLastSeenOn(userId: string, lastSeenOn: string): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...notificationStateKey(userId), entity: 'NotificationState', lastSeenOn },
    }),
  );
}
