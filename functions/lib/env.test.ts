import { ENV_VARS } from '@shared/config/env-vars';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env, resetEnvForTests } from './env';

const VARS = [ENV_VARS.dynamodbEndpoint, ENV_VARS.s3Endpoint, 'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_S3'];

beforeEach(() => {
  for (const name of VARS) vi.stubEnv(name, undefined);
  resetEnvForTests();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe('service endpoints', () => {
  it("are none by default, also under the SDK's own AWS_ENDPOINT_URL variables, which the SDK reads itself", () => {
    vi.stubEnv('AWS_ENDPOINT_URL', 'http://localhost.localstack.cloud:4566');
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://s3.localhost.localstack.cloud:4566');
    resetEnvForTests();
    expect(env.dynamodbEndpoint).toBeUndefined();
    expect(env.s3Endpoint).toBeUndefined();
  });

  it("are the local cloud's emulators when its variables are set", () => {
    vi.stubEnv(ENV_VARS.dynamodbEndpoint, 'http://127.0.0.1:8000');
    vi.stubEnv(ENV_VARS.s3Endpoint, 'http://127.0.0.1:4569');
    resetEnvForTests();
    expect(env.dynamodbEndpoint).toBe('http://127.0.0.1:8000');
    expect(env.s3Endpoint).toBe('http://127.0.0.1:4569');
  });

  it('treat an empty variable as unset', () => {
    vi.stubEnv(ENV_VARS.dynamodbEndpoint, '');
    resetEnvForTests();
    expect(env.dynamodbEndpoint).toBeUndefined();
  });
});
