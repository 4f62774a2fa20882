import { randomBytes } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapAdmin, parseBootstrapArgs } from '../../scripts/aws/bootstrap-admin';
import { applyHandlerEnv, handlerEnv, LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { api, localCloud } from '../support/local-cloud';

const endpointsFile = process.env.MR_ENDPOINTS_FILE || '.local/test/endpoints.json';
const cognito = new CognitoIdentityProviderClient({
  endpoint: localCloud().cognito,
  region: localCloud().region,
  credentials: { ...LOCAL_CREDENTIALS },
});
afterAll(() => cognito.destroy());

/** Signs in with the printed temporary password and sets a permanent one, as a new admin would. */
async function firstSignIn(username: string, temporaryPassword: string): Promise<string> {
  const { ChallengeName, Session } = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: localCloud().userPoolClientId,
      AuthParameters: { USERNAME: username, PASSWORD: temporaryPassword },
    }),
  );
  expect(ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const { AuthenticationResult } = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: localCloud().userPoolClientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session,
      ChallengeResponses: { USERNAME: username, NEW_PASSWORD: 'Chosen-Password-2!' },
    }),
  );
  const token = AuthenticationResult?.IdToken;
  if (!token) throw new Error('no ID token after the new-password challenge');
  return token;
}

describe('bootstrap:admin', () => {
  it('creates a pool user and a super user record that signs in and may administer', async () => {
    const isid = `boot${randomBytes(4).toString('hex')}`;
    const lines: string[] = [];
    await bootstrapAdmin(
      parseBootstrapArgs(['--email', `${isid}@example.com`, '--isid', isid, '--endpoints', endpointsFile]),
      (line) => lines.push(line),
    );
    const password = /temporary password (\S+)\./.exec(lines.join('\n'))?.[1];
    expect(password).toBeTruthy();
    const token = await firstSignIn(isid, password as string);

    const me = await api('/v2/users/me', { token });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { id: string; userType: string; permissions: object };
    expect(body).toMatchObject({ id: isid, userType: 'SUPERUSER' });
    expect(body.permissions).toMatchObject({ activateUser: true });
  });

  it('changes nothing when run again for the same person', async () => {
    const isid = `boot${randomBytes(4).toString('hex')}`;
    const args = parseBootstrapArgs(['--email', `${isid}@example.com`, '--endpoints', endpointsFile]);
    await bootstrapAdmin(args, () => undefined);
    const second: string[] = [];
    await bootstrapAdmin(args, (line) => second.push(line));
    expect(second).toContain(`Pool user ${isid} exists already; kept as it is.`);
    expect(second).toContain(`${isid} was already an active super user; nothing changed.`);
  });

  it('promotes an existing internal user who signs in through SSO (--sso: no pool user)', async () => {
    applyHandlerEnv(handlerEnv(localCloud()));
    const { createUser, getUser } = await import('../../functions/data/users');
    const isid = `sso${randomBytes(4).toString('hex')}`;
    await createUser({
      id: isid,
      firstName: 'Sam',
      lastName: 'Sso',
      email: `${isid}@example.com`,
      userType: 'INTERNALUSER',
      active: false,
      createdOn: new Date().toISOString(),
    });
    const lines: string[] = [];
    await bootstrapAdmin(
      parseBootstrapArgs(['--email', `${isid}@example.com`, '--sso', '--endpoints', endpointsFile]),
      (line) => lines.push(line),
    );
    expect(lines).toEqual([`${isid} existed and is now an active super user.`]);
    expect(await getUser(isid)).toMatchObject({ userType: 'SUPERUSER', active: true, firstName: 'Sam' });
  });
});

describe('bootstrap:admin arguments', () => {
  it('refuses a missing or malformed e-mail and an ISID with other characters', () => {
    expect(() => parseBootstrapArgs([])).toThrow('--email is required');
    expect(() => parseBootstrapArgs(['--email', 'not-an-address'])).toThrow('--email is required');
    expect(() => parseBootstrapArgs(['--email', 'a@b.co', '--isid', 'has space'])).toThrow('--isid');
  });

  it('derives the ISID and names from the address when not given', () => {
    expect(parseBootstrapArgs(['--email', 'maria.lopez-garcia@corp.example'])).toMatchObject({
      isid: 'maria.lopez-garcia',
      firstName: 'Maria',
      lastName: 'Lopez Garcia',
      stage: 'dev',
      sso: false,
    });
  });
});
