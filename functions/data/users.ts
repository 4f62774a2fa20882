import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type User, UserSchema, type UserType } from '@shared/schemas/user';
import { ddb } from './clients';
import { conditionalWrite, INDEXES, tableName, withoutKeys } from './table';

/**
 * Users. Key: USER#<isid> / PROFILE. GSI1 lists users by type, sorted by last name:
 * USERTYPE#<type> / <lastName>#<firstName>#<isid>.
 */
export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' });

export function toUserItem(user: User) {
  return {
    ...userKey(user.id),
    entity: 'User',
    gsi1pk: `USERTYPE#${user.userType}`,
    gsi1sk: `${user.lastName.toLowerCase()}#${user.firstName.toLowerCase()}#${user.id}`,
    ...user,
  };
}

export function fromUserItem(item: Record<string, unknown>): User {
  return UserSchema.parse(withoutKeys(item));
}

export async function getUser(id: string): Promise<User | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: userKey(id) }));
  return Item ? fromUserItem(Item) : undefined;
}

/** Creates a user; fails with ConflictError when the id exists. */
export async function createUser(user: User): Promise<void> {
  await conditionalWrite(
    () =>
      ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: toUserItem(user),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      ),
    `${user.id} already exists in database`,
  );
}

/** Creates or replaces a user (seeding and admin jobs only). */
export async function putUser(user: User): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: toUserItem(user) }));
}

/** All users of one type, by last name (GSI1). Used for small sets such as the super users. */
export async function listUsersByType(userType: UserType): Promise<User[]> {
  const users: User[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: INDEXES.gsi1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `USERTYPE#${userType}` },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of out.Items ?? []) users.push(fromUserItem(item));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return users;
}
