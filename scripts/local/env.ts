import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVOKED_JOBS_AREA } from '@shared/api/routes';
import { ENV_VARS, type EnvVarKey, OBSERVABILITY } from '@shared/config/env-vars';
import type { LocalEndpoints } from './endpoints';
import { localFunctionName } from './lambda-context';

/**
 * The handlers' environment in the local cloud, built from the ONE list in shared/config/env-vars.ts
 * (the CDK function construct sets the same names in AWS). Typed as a record over every key of
 * ENV_VARS, so a variable added there fails to compile here until the local cloud sets it.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

const packageVersion = (
  JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string }
).version;

export function handlerEnv(
  endpoints: LocalEndpoints,
  buildTime = new Date().toISOString(),
): Record<string, string> {
  const values: Record<EnvVarKey, string> = {
    tableName: endpoints.tableName,
    filesBucket: endpoints.filesBucket,
    userPoolId: endpoints.userPoolId,
    userPoolClientId: endpoints.userPoolClientId,
    tokenIssuer: endpoints.tokenIssuer,
    jwksUrl: endpoints.jwksUrl,
    stateMachineArn: endpoints.stateMachineArn,
    wsCallbackUrl: endpoints.wsCallback,
    jobsFunctionName: localFunctionName(INVOKED_JOBS_AREA),
    mailFrom: 'no-reply@model-repository.local',
    webUrl: endpoints.web,
    appVersion: packageVersion,
    buildTime,
    stage: 'local',
    dynamodbEndpoint: endpoints.dynamodb,
    s3Endpoint: endpoints.s3,
    sfnEndpoint: endpoints.sfn,
    // The gateway also answers Lambda's Invoke API (scripts/local/lambda-api.ts).
    lambdaEndpoint: endpoints.api,
    mailOutboxDir: join(endpoints.dataDir, 'outbox'),
    // Source control runs on the git provider over the demo's bare repositories (scripts/local/demo/
    // source-control.ts seeds them); Bitbucket is for deployments only.
    sourceControlProvider: 'git',
    bitbucketBaseUrl: '',
    bitbucketTokenSecret: '',
    sourceControlGitRoot: join(endpoints.dataDir, 'source-control'),
    logLevel: process.env.POWERTOOLS_LOG_LEVEL || 'INFO',
    serviceName: OBSERVABILITY.serviceName,
    metricsNamespace: OBSERVABILITY.metricsNamespace,
    traceEnabled: 'false',
    metricsDisabled: 'true',
    xrayManualMode: 'true',
  };
  const env: Record<string, string> = {};
  for (const key of Object.keys(ENV_VARS) as EnvVarKey[]) env[ENV_VARS[key]] = values[key];
  return {
    ...env,
    AWS_REGION: endpoints.region,
    AWS_DEFAULT_REGION: endpoints.region,
    // s3rver accepts only this pair; the other emulators accept anything.
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    // The SDK's own per-service endpoint variable: the admin area's Cognito client (functions/lib/
    // cognito-users.ts) reaches the local Cognito proxy, in AWS it is unset and Cognito answers.
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
  };
}

/** In-process handlers (gateway, workflow tasks, seeding) read process.env, as Lambda does. */
export function applyHandlerEnv(env: Record<string, string>): void {
  for (const [name, value] of Object.entries(env)) process.env[name] = value;
  delete process.env.AWS_PROFILE;
  delete process.env.AWS_SESSION_TOKEN;
}
