import { ENV_VARS } from '@shared/config/env-vars';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env, resetEnvForTests } from './env';

/** Which endpoints the AWS calls use: ours for the local cloud, the SDK's variables, else AWS's. */
const ENDPOINT_VARS = [
  ENV_VARS.dynamodbEndpoint,
  ENV_VARS.s3Endpoint,
  'AWS_ENDPOINT_URL',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_SESV2',
];

beforeEach(() => {
  for (const name of ENDPOINT_VARS) vi.stubEnv(name, undefined);
  resetEnvForTests();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

describe('service endpoints', () => {
  it('are none by default: the calls go to AWS', () => {
    expect(env.dynamodbEndpoint).toBeUndefined();
    expect(env.s3Endpoint).toBeUndefined();
    expect(env.sesEndpoint).toBeUndefined();
  });

  it("follow the SDK's AWS_ENDPOINT_URL (LocalStack's Lambdas), a service's own variable first", () => {
    vi.stubEnv('AWS_ENDPOINT_URL', 'http://localhost.localstack.cloud:4566');
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://s3.localhost.localstack.cloud:4566');
    resetEnvForTests();
    expect(env.dynamodbEndpoint).toBe('http://localhost.localstack.cloud:4566');
    expect(env.sesEndpoint).toBe('http://localhost.localstack.cloud:4566');
    expect(env.s3Endpoint).toBe('http://s3.localhost.localstack.cloud:4566');
  });

  it("prefer the local cloud's own variables", () => {
    vi.stubEnv('AWS_ENDPOINT_URL', 'http://localhost.localstack.cloud:4566');
    vi.stubEnv(ENV_VARS.dynamodbEndpoint, 'http://127.0.0.1:8000');
    vi.stubEnv(ENV_VARS.s3Endpoint, 'http://127.0.0.1:4569');
    resetEnvForTests();
    expect(env.dynamodbEndpoint).toBe('http://127.0.0.1:8000');
    expect(env.s3Endpoint).toBe('http://127.0.0.1:4569');
  });
});
