import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decide,
  invitationOf,
  rewriteRefreshRequest,
  TemporaryPasswords,
  temporaryPassword,
  WRONG_PASSWORD_ANSWER,
  writeInvitation,
} from './cognito-proxy';

describe('rewriteRefreshRequest', () => {
  it('turns GetTokensFromRefreshToken into an InitiateAuth REFRESH_TOKEN_AUTH request', () => {
    expect(rewriteRefreshRequest({ RefreshToken: 'r-1', ClientId: 'c-1' })).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'c-1',
      AuthParameters: { REFRESH_TOKEN: 'r-1' },
    });
  });
});

const invite = {
  UserPoolId: 'pool',
  Username: 'ext@example.org',
  DesiredDeliveryMediums: ['EMAIL'],
  UserAttributes: [{ Name: 'email', Value: 'ext@example.org' }],
};

describe('temporaryPassword', () => {
  it('satisfies the AWS pool policy: 12 or more characters with lower, upper, digit and symbol', () => {
    for (let i = 0; i < 50; i++) {
      const password = temporaryPassword();
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
    }
  });
});

describe('invitationOf', () => {
  it('delivers what Cognito would e-mail: an EMAIL invitation without a caller-given password', () => {
    expect(invitationOf(invite)).toEqual({ username: 'ext@example.org', email: 'ext@example.org' });
  });
  it('leaves suppressed messages, given passwords and users without e-mail alone (the seed)', () => {
    expect(invitationOf({ ...invite, MessageAction: 'SUPPRESS' })).toBeUndefined();
    expect(invitationOf({ ...invite, TemporaryPassword: 'Given1!xxxxxx' })).toBeUndefined();
    expect(invitationOf({ ...invite, UserAttributes: [] })).toBeUndefined();
    expect(invitationOf({ ...invite, DesiredDeliveryMediums: ['SMS'] })).toBeUndefined();
  });
});

describe('decide', () => {
  const setUp = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cognito-proxy-')), 'temporary-passwords.json');
    const delivered: { to: string; username: string; password: string }[] = [];
    const passwords = new TemporaryPasswords(file);
    return { file, passwords, delivered, deliver: (m: (typeof delivered)[number]) => delivered.push(m) };
  };

  it('gives an invitation a temporary password and delivers it once cognito-local accepted the user', () => {
    const { passwords, delivered, deliver } = setUp();
    const decision = decide('AdminCreateUser', invite, passwords, deliver);
    if (decision.kind !== 'forward') throw new Error('expected forward');
    const password = decision.body.TemporaryPassword as string;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(delivered).toEqual([]);
    decision.after?.();
    expect(delivered).toEqual([{ to: 'ext@example.org', username: 'ext@example.org', password }]);
    expect(passwords.matches('EXT@example.org', password)).toBe(true);
  });

  it('answers a wrong first-sign-in password as AWS does (cognito-local would ask for a new password)', () => {
    const { passwords, deliver } = setUp();
    passwords.remember('ext@example.org', 'Right-Temp-42');
    const signIn = (password: string) =>
      decide(
        'InitiateAuth',
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'ext@example.org', PASSWORD: password },
        },
        passwords,
        deliver,
      );
    expect(signIn('guessed')).toEqual({ kind: 'answer', ...WRONG_PASSWORD_ANSWER });
    expect(signIn('Right-Temp-42').kind).toBe('forward');
  });

  it('forgets the temporary password once the user chose a new one, and keeps it across restarts until then', () => {
    const { file, passwords, deliver } = setUp();
    passwords.remember('ext@example.org', 'Right-Temp-42');
    expect(new TemporaryPasswords(file).matches('ext@example.org', 'nope')).toBe(false);
    const decision = decide(
      'RespondToAuthChallenge',
      {
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ChallengeResponses: { USERNAME: 'ext@example.org', NEW_PASSWORD: 'x' },
      },
      passwords,
      deliver,
    );
    if (decision.kind !== 'forward') throw new Error('expected forward');
    decision.after?.();
    expect(passwords.matches('ext@example.org', 'anything')).toBeUndefined();
    expect(new TemporaryPasswords(file).matches('ext@example.org', 'anything')).toBeUndefined();
  });

  it('passes users it never invited (seeded personas) straight through', () => {
    const { passwords, deliver } = setUp();
    const decision = decide(
      'InitiateAuth',
      { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'admin', PASSWORD: 'wrong' } },
      passwords,
      deliver,
    );
    expect(decision.kind).toBe('forward');
  });
});

describe('writeInvitation', () => {
  it('writes the pool invitation text with user name and password into the outbox', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const id = writeInvitation(dir, {
      to: 'ext@example.org',
      username: 'ext@example.org',
      password: 'Pw-1234567890a',
    });
    expect(readdirSync(dir)).toEqual([`${id}.json`]);
    const mail = JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8'));
    expect(mail.to).toEqual(['ext@example.org']);
    expect(mail.subject).toBe('Your Model Repository account');
    expect(mail.text).toContain('User name: ext@example.org');
    expect(mail.text).toContain('Temporary password: Pw-1234567890a');
  });
});
