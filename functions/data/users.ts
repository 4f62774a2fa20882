import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type ExternalUserType, type User, UserSchema, type UserType } from '@shared/schemas/user';
import { ddb } from './dynamodb-client';
import { batchGetAll, INDEXES, queryAll, tableName, withoutKeys } from './table';
import { type LabeledTxItem, runTransaction } from './transactions';

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

/** The records of the given users in one BatchGetItem per 100 ids; unknown ids are left out. */
export async function getUsers(ids: Iterable<string>): Promise<User[]> {
  const items = await batchGetAll([...new Set(ids)].map(userKey));
  return items.map(fromUserItem);
}

/**
 * The version of the user records: every write of a user record bumps it right after, so a function
 * that keeps the user list in memory (data/user-list.ts) knows with one GetItem whether its copy is
 * still current. A plain ADD, not part of the write's transaction: concurrent user writes (the seed
 * writes many at once) would otherwise conflict on this one item. Should a process stop between the
 * two, the list's copy also expires by age (user-list.ts).
 */
export const userListVersionKey = { pk: 'USERLIST', sk: 'VERSION' };

async function bumpUserListVersion(): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userListVersionKey,
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}

/** The current version of the user records (0 before the first write); read strongly consistent. */
export async function getUserListVersion(): Promise<number> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: userListVersionKey, ConsistentRead: true }),
  );
  return typeof Item?.version === 'number' ? Item.version : 0;
}

/**
 * Replaces a user record that must still be as `before` was read (same type and active flag), with
 * its search entries, and `extra` items (the admin audit record) in one transaction. A concurrent
 * change fails with ConflictError and nothing is written.
 */
export async function replaceUser(before: User, after: User, extra: LabeledTxItem[] = []): Promise<void> {
  const fresh = userSearchItems(after);
  const freshKeys = new Set(fresh.map((i) => i.sk));
  const stale = userSearchItems(before).filter((i) => !freshKeys.has(i.sk));
  await runTransaction([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toUserItem(after),
          ConditionExpression: 'attribute_exists(pk) AND active = :active AND userType = :userType',
          ExpressionAttributeValues: { ':active': before.active, ':userType': before.userType },
        },
      },
      conflict: 'This user was changed by someone else. Reload and try again.',
    },
    ...fresh.map((Item) => ({ item: { Put: { TableName: tableName(), Item } } })),
    ...stale.map((i) => ({ item: { Delete: { TableName: tableName(), Key: { pk: i.pk, sk: i.sk } } } })),
    ...extra,
  ]);
  await bumpUserListVersion();
}

/** Creates a user (and its search entries); fails with ConflictError when the id exists. */
export async function createUser(user: User, extra: LabeledTxItem[] = []): Promise<void> {
  await runTransaction([
    {
      item: {
        Put: {
          TableName: tableName(),
          Item: toUserItem(user),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      conflict: `${user.id} already exists in database`,
    },
    ...userSearchItems(user).map((Item) => ({ item: { Put: { TableName: tableName(), Item } } })),
    ...extra,
  ]);
  await bumpUserListVersion();
}

/** Creates or replaces a user (seeding and admin jobs only), keeping its search entries in step. */
export async function putUser(user: User): Promise<void> {
  const before = await getUser(user.id);
  const fresh = userSearchItems(user);
  const freshKeys = new Set(fresh.map((i) => i.sk));
  const stale = before ? userSearchItems(before).filter((i) => !freshKeys.has(i.sk)) : [];
  await runTransaction([
    { item: { Put: { TableName: tableName(), Item: toUserItem(user) } } },
    ...fresh.map((Item) => ({ item: { Put: { TableName: tableName(), Item } } })),
    ...stale.map((i) => ({ item: { Delete: { TableName: tableName(), Key: { pk: i.pk, sk: i.sk } } } })),
  ]);
  await bumpUserListVersion();
}

/**
 * User search entries (GET /v2/users/search, no Scan): one item per normalized token of a user
 * (first name, last name, "first last", "last first", e-mail, ISID) under USERSEARCH#<first two
 * characters of the token>, sk `<token>#<isid>`. A prefix search is one Query with begins_with.
 */
export const USER_SEARCH_PREFIX_LENGTH = 2;

export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function userSearchTokens(user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>): string[] {
  const tokens = [
    user.firstName,
    user.lastName,
    `${user.firstName} ${user.lastName}`,
    `${user.lastName} ${user.firstName}`,
    user.email,
    user.id,
  ]
    .map(normalizeSearchText)
    .filter((t) => t.length > 0);
  return [...new Set(tokens)];
}

export interface UserSearchEntry {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: UserType;
  /** HTA, vendor or other: pickers refuse an HTA user as owner or viewer at once (000 §5). */
  externalUserType?: ExternalUserType;
  active: boolean;
  npa: boolean;
}

function userSearchItems(user: User) {
  const entry: UserSearchEntry = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    userType: user.userType,
    ...(user.externalUserType ? { externalUserType: user.externalUserType } : {}),
    active: user.active,
    npa: user.npa ?? false,
  };
  return userSearchTokens(user).map((token) => ({
    pk: `USERSEARCH#${token.slice(0, USER_SEARCH_PREFIX_LENGTH)}`,
    sk: `${token}#${user.id}`,
    entity: 'UserSearch',
    ...entry,
  }));
}

/**
 * Users with a token starting with `text` (already normalized, at least two characters), one entry
 * per user, in token order. Reads at most `maxItems` index entries.
 */
export async function searchUserEntries(text: string, maxItems: number): Promise<UserSearchEntry[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: {
        ':pk': `USERSEARCH#${text.slice(0, USER_SEARCH_PREFIX_LENGTH)}`,
        ':prefix': text,
      },
      Limit: maxItems,
    }),
  );
  const seen = new Map<string, UserSearchEntry>();
  for (const item of out.Items ?? []) {
    const id = String(item.id);
    if (seen.has(id)) continue;
    seen.set(id, {
      id,
      firstName: String(item.firstName),
      lastName: String(item.lastName),
      email: String(item.email),
      userType: item.userType as UserType,
      active: item.active === true,
      npa: item.npa === true,
    });
  }
  return [...seen.values()];
}

/** All users of one type, by last name (GSI1). Used for small sets such as the super users. */
export async function listUsersByType(userType: UserType): Promise<User[]> {
  const items = await queryAll({
    IndexName: INDEXES.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': `USERTYPE#${userType}` },
  });
  return items.map(fromUserItem);
}
