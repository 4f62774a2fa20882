import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type User, UserSchema } from '@shared/schemas/user';
import { ddb } from './clients';
import { conditionalWrite, tableName, withoutKeys } from './table';

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
