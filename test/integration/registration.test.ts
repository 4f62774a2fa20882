import { request } from 'node:http';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  NotAuthorizedException,
  RespondToAuthChallengeCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ExternalUser } from '@shared/schemas/external-user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { api, localCloud } from '../support/local-cloud';
import { call, createEntry, getItem, type Json, rolesOf } from './catalogue-helpers';
import { dataLayerFixture } from './data-layer-helpers';

/**
 * Self-registration and review end to end (issue 20 §3) against the local cloud: the public route,
 * its rate limits, the review, the Cognito invitation through the local proxy and the first sign-in.
 *
 * The public route counts attempts per source address. Each test speaks from its own loopback
 * address (127.0.0.0/8 all reaches the gateway), so the tests do not share one budget, and the
 * browser tests, which come from 127.0.0.1, keep theirs.
 */
dataLayerFixture();

const run = `${Date.now().toString(36)}${process.pid}`;
let addressCounter = Math.floor(Math.random() * 200);
const freshAddress = () => `127.0.${(addressCounter++ % 250) + 1}.${(process.pid % 250) + 1}`;

function register(body: Json, sourceAddress: string): Promise<{ status: number; body: Json }> {
  const { api: base } = localCloud();
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/v2/registrations`,
      {
        method: 'POST',
        localAddress: sourceAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Json) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Issued {
  email: string;
  code: string;
}

/** An external user registered by the owner, with a code (through the data layer: the wizard is another slice). */
async function issue(overrides: Partial<ExternalUser> = {}, issuedAt = new Date()): Promise<Issued> {
  const { newRegistrationCode } = await import('../../functions/core/external-users/registration-code');
  const { createExternalUser } = await import('../../functions/data/external-users');
  const email = `ext-${run}-${addressCounter++}@partner.example`;
  const { code, record } = newRegistrationCode(issuedAt);
  const at = issuedAt.toISOString();
  await createExternalUser(
    {
      email,
      firstName: 'Placeholder',
      lastName: 'Person',
      externalUserType: 'VENDOR',
      purchaseOrderId: '4711',
      status: 'PENDING_REGISTRATION',
      modelAccesses: [],
      accessEndsOn: '2099-12-31',
      registeredBy: 'owner',
      registrationCode: record,
      createdOn: at,
      modifiedOn: at,
      version: 0,
      ...overrides,
    },
    { actor: 'owner', action: 'REGISTERED', after: 'PENDING_REGISTRATION' },
  );
  return { email, code };
}

async function externalUser(email: string): Promise<Json | undefined> {
  return getItem(`EXTUSER#${email}`, 'PROFILE');
}

const body = (issued: Issued, overrides: Json = {}) => ({
  firstName: ' Erin ',
  lastName: 'External',
  email: ` ${issued.email.toUpperCase()} `,
  registrationCode: issued.code,
  ...overrides,
});

async function outbox(): Promise<Json[]> {
  const res = await fetch(localCloud().outbox, { headers: { accept: 'application/json' } });
  return ((await res.json()) as { messages: Json[] }).messages;
}

let cognito: CognitoIdentityProviderClient;
beforeAll(() => {
  const endpoints = localCloud();
  cognito = new CognitoIdentityProviderClient({
    endpoint: endpoints.cognito,
    region: endpoints.region,
    credentials: { ...LOCAL_CREDENTIALS },
  });
});
afterAll(() => cognito.destroy());

describe('POST /v2/registrations (public)', () => {
  it('records the person PENDING_REVIEW with the trimmed names and spends the code; no account yet', async () => {
    const issued = await issue();
    const answer = await register(body(issued), freshAddress());
    expect(answer).toEqual({
      status: 202,
      body: { status: 'PENDING_REVIEW', message: 'Request Submitted Successfully!' },
    });
    const stored = await externalUser(issued.email);
    expect(stored).toMatchObject({ status: 'PENDING_REVIEW', firstName: 'Erin', lastName: 'External' });
    expect((stored?.registrationCode as Json | undefined)?.usedAt).toBeTruthy();
    // No sign-in exists before approval, so no token can open the API.
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: issued.email })),
    ).rejects.toBeInstanceOf(UserNotFoundException);
  });

  it('refuses a wrong code, a code for another e-mail, a used and an expired code, and writes nothing', async () => {
    const issued = await issue();
    const other = await issue();
    const expired = await issue({}, new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    const cases: [Json, number, string][] = [
      [
        body(issued, { registrationCode: `${issued.code}x` }),
        400,
        'The registration code or e-mail address is not valid.',
      ],
      [
        body(issued, { registrationCode: other.code }),
        400,
        'The registration code or e-mail address is not valid.',
      ],
      [
        body(expired),
        400,
        'This registration code has expired. Ask the person who registered you for a new one.',
      ],
    ];
    for (const [request, status, message] of cases) {
      const answer = await register(request, freshAddress());
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    for (const email of [issued.email, other.email, expired.email]) {
      const stored = await externalUser(email);
      expect(stored?.status).toBe('PENDING_REGISTRATION');
      expect((stored?.registrationCode as Json | undefined)?.usedAt).toBeUndefined();
    }

    expect((await register(body(issued), freshAddress())).status).toBe(202);
    const again = await register(body(issued, { firstName: 'Mallory' }), freshAddress());
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This registration code has already been used.' },
    });
    expect((await externalUser(issued.email))?.firstName).toBe('Erin');
  });

  it('answers 400 with field messages for missing fields', async () => {
    const answer = await register({ email: 'not-an-address', registrationCode: '' }, freshAddress());
    expect(answer.status).toBe(400);
    const paths = (answer.body.issues as Json[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.firstName', 'body.lastName', 'body.email']));
  });

  it('allows 5 attempts per e-mail and hour, then 429 even with the right code, from any address', async () => {
    const issued = await issue();
    for (let i = 0; i < 5; i++) {
      const answer = await register(body(issued, { registrationCode: `wrong-${i}` }), freshAddress());
      expect(answer.status).toBe(400);
    }
    const blocked = await register(body(issued), freshAddress());
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
    expect((await externalUser(issued.email))?.status).toBe('PENDING_REGISTRATION');
  });

  it('allows 20 attempts per source address and hour, then 429 for any e-mail', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      const answer = await register(
        {
          firstName: 'G',
          lastName: 'Uesser',
          email: `guess-${run}-${i}@partner.example`,
          registrationCode: 'x',
        },
        address,
      );
      expect(answer.status).toBe(400);
    }
    const issued = await issue();
    expect((await register(body(issued), address)).status).toBe(429);
    expect((await register(body(issued), freshAddress())).status).toBe(202);
  });
});

describe('the registration review', () => {
  async function pendingPerson(modelAccesses: ExternalUser['modelAccesses'] = []): Promise<Issued> {
    const issued = await issue({ modelAccesses });
    expect((await register(body(issued), freshAddress())).status).toBe(202);
    return issued;
  }

  it('is for administrators only', async () => {
    for (const persona of ['owner', 'vendor']) {
      expect((await call(persona, 'GET', '/v2/registrations/pending')).status).toBe(403);
      expect(
        (
          await call(persona, 'POST', '/v2/registrations/review', [
            { email: 'x@partner.example', approved: true },
          ])
        ).status,
      ).toBe(403);
    }
    expect((await api('/v2/registrations/pending')).status).toBe(401);
  });

  it('lists the people waiting, with what their code would grant', async () => {
    const issued = await pendingPerson();
    const list = await call<{ items: Json[]; total: number }>('admin', 'GET', '/v2/registrations/pending');
    expect(list.status).toBe(200);
    expect(list.body.items.find((p) => p.email === issued.email)).toMatchObject({
      firstName: 'Erin',
      lastName: 'External',
      consent: true,
      registeredBy: 'owner',
    });
  });

  it('approval grants the code, invites by e-mail, and the first sign-in needs the temporary password and a new one', async () => {
    const entry = await createEntry({ persona: 'owner', roles: rolesOf({ viewers: [] }) });
    const uuid = String(entry.uuid);
    const issued = await pendingPerson([
      { modelUuid: uuid, modelName: String(entry.name), modelRole: 'VIEWER', subModelIds: [] },
    ]);
    const userId = issued.email;
    // Not granted before approval.
    expect(((await getItem(`MODEL#${uuid}`, 'META'))?.roles as Json | undefined)?.viewers).not.toContain(
      userId,
    );

    const review = await call('admin', 'POST', '/v2/registrations/review', [
      { email: issued.email, approved: true },
    ]);
    expect(review).toEqual({
      status: 200,
      body: { message: 'Access request reviewed', items: [{ email: issued.email, status: 'ACTIVE' }] },
    });
    expect(((await getItem(`MODEL#${uuid}`, 'META'))?.roles as Json | undefined)?.viewers).toContain(userId);
    expect(await getItem(`USER#${userId}`, 'PROFILE')).toMatchObject({
      active: true,
      status: 'ACTIVE',
      userType: 'EXTERNALUSER',
    });
    expect((await externalUser(issued.email))?.status).toBe('ACTIVE');

    const mails = (await outbox()).filter((m) => (m.to as string[]).includes(issued.email));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Access request reviewed', 'Your Model Repository account']),
    );
    const invitation = mails.find((m) => m.subject === 'Your Model Repository account');
    const temporary = /Temporary password: (\S+)/.exec(String(invitation?.text))?.[1];
    expect(temporary).toBeTruthy();

    const { userPoolClientId: ClientId } = localCloud();
    const signIn = (PASSWORD: string) =>
      cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId,
          AuthParameters: { USERNAME: userId, PASSWORD },
        }),
      );
    await expect(signIn('Wrong-Password-1')).rejects.toBeInstanceOf(NotAuthorizedException);
    const challenge = await signIn(temporary as string);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const done = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: userId, NEW_PASSWORD: 'Chosen-Password-42' },
      }),
    );
    const token = done.AuthenticationResult?.IdToken;
    expect(token).toBeTruthy();
    const me = await api('/v2/users/me', { token: token as string });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: userId, userType: 'EXTERNALUSER' });
    // The chosen password works from now on; the temporary one no longer does.
    expect((await signIn('Chosen-Password-42')).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('rejection keeps the person inactive, mails the reason and creates no account', async () => {
    const issued = await pendingPerson();
    const review = await call('admin', 'POST', '/v2/registrations/review', [
      { email: issued.email, approved: false, reason: 'No purchase order on file' },
    ]);
    expect(review.body).toEqual({
      message: 'Access request reviewed',
      items: [{ email: issued.email, status: 'INACTIVE' }],
    });
    expect(await externalUser(issued.email)).toMatchObject({
      status: 'INACTIVE',
      rejectionReason: 'No purchase order on file',
    });
    expect(await getItem(`USER#${issued.email}`, 'PROFILE')).toBeUndefined();
    await expect(
      cognito.send(new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: issued.email })),
    ).rejects.toBeInstanceOf(UserNotFoundException);
    const mail = (await outbox()).find(
      (m) => (m.to as string[]).includes(issued.email) && m.subject === 'Access request reviewed',
    );
    expect(String(mail?.text)).toContain('Reason: No purchase order on file');
  });

  it('refuses a rejection without a reason and a decision about someone not waiting, changing nothing', async () => {
    const issued = await pendingPerson();
    const noReason = await call('admin', 'POST', '/v2/registrations/review', [
      { email: issued.email, approved: false },
    ]);
    expect(noReason.status).toBe(400);
    const notWaiting = await issue();
    const mixed = await call('admin', 'POST', '/v2/registrations/review', [
      { email: issued.email, approved: true },
      { email: notWaiting.email, approved: true },
    ]);
    expect(mixed.status).toBe(409);
    expect((await externalUser(issued.email))?.status).toBe('PENDING_REVIEW');
  });
});

describe('the demo newcomer', () => {
  it('has a valid code in endpoints.json', () => {
    const { demo } = localCloud();
    expect(demo?.registrationEmail).toBe('nora.newcomer@partner.example');
    expect(demo?.registrationCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
