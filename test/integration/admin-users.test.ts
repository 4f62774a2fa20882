import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { DIRECTORY, LOCAL_PASSWORD } from '../../scripts/local/personas';
import { api, documentClient, idToken, localCloud } from '../support/local-cloud';

/**
 * Internal users against the local cloud (issue 20 §1): enrol a person of the seeded directory, who
 * then signs in; deactivation refuses their very next call; activation lets them in again; every
 * change is audited; only administrators reach the routes.
 */
const PERSON = DIRECTORY.find((p) => p.username === 'tturner') ?? DIRECTORY[0];
if (!PERSON) throw new Error('The local directory is empty');

async function signIn(username: string): Promise<string> {
  const endpoints = localCloud();
  const client = new CognitoIdentityProviderClient({
    endpoint: endpoints.cognito,
    region: endpoints.region,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  try {
    const out = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: endpoints.userPoolClientId,
        AuthParameters: { USERNAME: username, PASSWORD: LOCAL_PASSWORD },
      }),
    );
    if (!out.AuthenticationResult?.IdToken) throw new Error(`No ID token for ${username}`);
    return out.AuthenticationResult.IdToken;
  } finally {
    client.destroy();
  }
}

const json = (token: string, method: string, path: string, body?: unknown) =>
  api(path, {
    method,
    token,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });

let admin: string;
let lead: string;

beforeAll(async () => {
  // A previous run enrolled the person: start from the directory again.
  const endpoints = localCloud();
  await documentClient().send(
    new DeleteCommand({
      TableName: endpoints.tableName,
      Key: { pk: `USER#${PERSON.username}`, sk: 'PROFILE' },
    }),
  );
  [admin, lead] = await Promise.all([idToken('admin'), idToken('lead')]);
});

describe('internal users', () => {
  it('finds the unenrolled person in the directory, enrols them, and they can sign in and call the API', async () => {
    const found = await json(admin, 'GET', `/v2/directory/search?name=${PERSON.firstName}`);
    expect(found.status).toBe(200);
    const items = ((await found.json()) as { items: { id: string; enrolled: boolean }[] }).items;
    expect(items).toContainEqual(expect.objectContaining({ id: PERSON.username, enrolled: false }));

    const token = await signIn(PERSON.username);
    expect((await json(token, 'GET', '/v2/users/me')).status).toBe(403);

    const enrolled = await json(admin, 'POST', '/v2/admin/users', {
      id: PERSON.username,
      userType: 'INTERNALUSER',
    });
    expect(enrolled.status).toBe(201);
    expect(await enrolled.json()).toMatchObject({
      id: PERSON.username,
      firstName: PERSON.firstName,
      lastName: PERSON.lastName,
      email: PERSON.email,
      active: true,
    });
    expect((await json(token, 'GET', '/v2/users/me')).status).toBe(200);

    const again = await json(admin, 'POST', '/v2/admin/users', {
      id: PERSON.username,
      userType: 'SUPERUSER',
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      `${PERSON.username} already exists in database`,
    );

    const list = await json(admin, 'GET', `/v2/admin/users?q=${PERSON.lastName}`);
    expect(((await list.json()) as { items: { id: string }[] }).items.map((u) => u.id)).toContain(
      PERSON.username,
    );
  });

  it('refuses the next call of a deactivated user at once, in every area, and lets them in after activation', async () => {
    const token = await signIn(PERSON.username);
    expect((await json(token, 'GET', '/v2/models?limit=1')).status).toBe(200);

    const off = await json(admin, 'PATCH', `/v2/admin/users/${PERSON.username}`, { active: false });
    expect(off.status).toBe(200);
    expect((await json(token, 'GET', '/v2/models?limit=1')).status).toBe(403);
    expect((await json(token, 'GET', '/v2/users/me')).status).toBe(403);

    expect((await json(admin, 'PATCH', `/v2/admin/users/${PERSON.username}`, { active: true })).status).toBe(
      200,
    );
    expect((await json(token, 'GET', '/v2/models?limit=1')).status).toBe(200);

    const audit = await documentClient().send(
      new QueryCommand({
        TableName: localCloud().tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'ADMINAUDIT' },
        ScanIndexForward: false,
        Limit: 50,
      }),
    );
    const mine = (audit.Items ?? [])
      .filter((i) => i.target === `user:${PERSON.username}`)
      .map((i) => i.action);
    expect(mine.slice(0, 3)).toEqual(['USER_ACTIVATED', 'USER_DEACTIVATED', 'USER_ENROLLED']);
  });

  it('answers the admin routes to an internal user with 403 and changes nothing', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/v2/admin/users'],
      ['POST', '/v2/admin/users', { id: PERSON.username, userType: 'SUPERUSER' }],
      ['GET', `/v2/admin/users/${PERSON.username}`],
      ['PATCH', `/v2/admin/users/${PERSON.username}`, { active: false }],
      ['GET', '/v2/directory/search?name=Ni'],
    ];
    for (const [method, path, body] of calls) expect((await json(lead, method, path, body)).status).toBe(403);
    const user = await json(admin, 'GET', `/v2/admin/users/${PERSON.username}`);
    expect(await user.json()).toMatchObject({ active: true, userType: 'INTERNALUSER' });
    expect((await json(admin, 'GET', '/v2/admin/users/nobody-here')).status).toBe(404);
  });
});
