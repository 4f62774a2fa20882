/**
 * The one list of environment variables the Lambda handlers read. The CDK stack and the local cloud
 * both set exactly these names (see `cdk/constructs/api-function.ts` and `scripts/local/env.ts`), so a
 * handler behaves the same in both worlds. Only `functions/lib/env.ts` reads `process.env`.
 *
 * Variables marked "local only" are empty in AWS: there the SDK talks to the real service endpoints.
 */
export const ENV_VARS = {
  /** Single DynamoDB table holding every entity (see docs/data-model.md). */
  tableName: 'TABLE_NAME',
  /** Private, versioned bucket for model files and run results. */
  filesBucket: 'FILES_BUCKET',
  /** Cognito user pool and its web client (tokens are verified against them). */
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Issuer URL of the ID tokens; used by the WebSocket $connect handler to verify the token. */
  tokenIssuer: 'TOKEN_ISSUER',
  /** JWKS URL for the issuer (derived from the issuer in AWS; cognito-local serves its own). */
  jwksUrl: 'JWKS_URL',
  /** Step Functions state machine that runs models. */
  stateMachineArn: 'STATE_MACHINE_ARN',
  /** HTTPS endpoint of the WebSocket API stage, for ApiGatewayManagementApi `@connections` posts. */
  wsCallbackUrl: 'WS_CALLBACK_URL',
  /** Sender address for SES e-mail (share, notify, access requests). */
  mailFrom: 'MAIL_FROM',
  /** Public URL of the web app; used to build links in e-mails. */
  webUrl: 'WEB_URL',
  /** Product version and build time shown in the footer. */
  appVersion: 'APP_VERSION',
  buildTime: 'BUILD_TIME',
  /** Which world we are in: 'aws' or 'local'. Handlers never branch on it for business rules. */
  stage: 'STAGE',
  /** Local only: endpoints of the emulators (empty in AWS). */
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  sfnEndpoint: 'SFN_ENDPOINT',
  /** Local only: folder that stands in for SES; each e-mail is written there as a JSON file. */
  mailOutboxDir: 'MAIL_OUTBOX_DIR',
  /** Log level for Powertools logger. */
  logLevel: 'POWERTOOLS_LOG_LEVEL',
  serviceName: 'POWERTOOLS_SERVICE_NAME',
} as const;

export type EnvVarKey = keyof typeof ENV_VARS;
export type EnvVarName = (typeof ENV_VARS)[EnvVarKey];

/** Names of variables that only the local cloud sets. */
export const LOCAL_ONLY_ENV_VARS: readonly EnvVarName[] = [
  ENV_VARS.dynamodbEndpoint,
  ENV_VARS.s3Endpoint,
  ENV_VARS.sfnEndpoint,
  ENV_VARS.mailOutboxDir,
];
