import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION } from '@shared/constants';
import { ddb } from './dynamodb-client';
import { queryAll, tableName, ttlIn } from './table';
import { runTransaction } from './transactions';

/**
 * WebSocket connections. CONN#<id> / META (`userId`, `connectedAt`) finds the user of a connection;
 * USER#<isid> / CONN#<id> lists a user's connections. Both expire by TTL in case $disconnect is lost.
 */
export const connectionKey = (connectionId: string) => ({ pk: `CONN#${connectionId}`, sk: 'META' });
export const userConnectionKey = (userId: string, connectionId: string) => ({
  pk: `USER#${userId}`,
  sk: `CONN#${connectionId}`,
});

export interface Connection {
  connectionId: string;
  userId: string;
  connectedAt: string;
}

export async function putConnection(connection: Connection): Promise<void> {
  const ttl = ttlIn(RETENTION.connectionTtlSeconds, Date.parse(connection.connectedAt));
  await runTransaction([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...connectionKey(connection.connectionId), entity: 'Connection', ...connection, ttl },
        },
      },
    },
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...userConnectionKey(connection.userId, connection.connectionId),
            entity: 'UserConnection',
            ...connection,
            ttl,
          },
        },
      },
    },
  ]);
}

export async function getConnection(connectionId: string): Promise<Connection | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: connectionKey(connectionId) }),
  );
  if (!Item || typeof Item.userId !== 'string') return undefined;
  return { connectionId, userId: Item.userId, connectedAt: String(Item.connectedAt ?? '') };
}

/** Live connections of a user (expired-but-not-yet-deleted items are skipped). */
export async function listUserConnectionIds(userId: string): Promise<string[]> {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'CONN#' },
  });
  return items
    .filter((item) => !(typeof item.ttl === 'number' && item.ttl < nowSeconds))
    .flatMap((item) => (typeof item.connectionId === 'string' ? [item.connectionId] : []));
}

/** Deletes both items of a connection. `userId` saves a read when the caller knows it. */
export async function deleteConnection(connectionId: string, userId?: string): Promise<void> {
  const owner = userId ?? (await getConnection(connectionId))?.userId;
  const deletes = [{ Delete: { TableName: tableName(), Key: connectionKey(connectionId) } }];
  if (owner)
    deletes.push({ Delete: { TableName: tableName(), Key: userConnectionKey(owner, connectionId) } });
  await runTransaction(deletes.map((item) => ({ item })));
}
