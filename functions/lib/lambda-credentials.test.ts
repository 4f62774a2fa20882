import { describe, expect, it } from 'vitest';
import { defaultProvider, MissingLambdaCredentialsError, readLambdaCredentials } from './lambda-credentials';

describe('the Lambda bundles’ credential provider', () => {
  it('returns the execution role’s credentials that Lambda puts in the environment', () => {
    const credentials = readLambdaCredentials({
      AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
      AWS_CREDENTIAL_EXPIRATION: '2026-11-22T12:00:00Z',
    });
    expect(credentials).toEqual({
      accessKeyId: 'ASIAEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: 'token',
      expiration: new Date('2026-11-22T12:00:00Z'),
    });
  });

  it('leaves out the session token and expiry when there are none', () => {
    expect(readLambdaCredentials({ AWS_ACCESS_KEY_ID: 'AKIA', AWS_SECRET_ACCESS_KEY: 's' })).toEqual({
      accessKeyId: 'AKIA',
      secretAccessKey: 's',
    });
  });

  it('refuses with a clear error when the key or the secret is missing', () => {
    expect(() => readLambdaCredentials({ AWS_ACCESS_KEY_ID: 'AKIA' })).toThrow(MissingLambdaCredentialsError);
    expect(() => readLambdaCredentials({ AWS_SECRET_ACCESS_KEY: 's' })).toThrow(/AWS_ACCESS_KEY_ID/);
  });

  it('reads the environment on every call, as the SDK refreshes credentials', async () => {
    const saved = { ...process.env };
    try {
      const provide = defaultProvider({});
      process.env.AWS_ACCESS_KEY_ID = 'first';
      process.env.AWS_SECRET_ACCESS_KEY = 's';
      expect((await provide()).accessKeyId).toBe('first');
      process.env.AWS_ACCESS_KEY_ID = 'second';
      expect((await provide()).accessKeyId).toBe('second');
    } finally {
      process.env = saved;
    }
  });
});
