/**
 * The one list of environment variables the Lambda handlers read. The CDK stack and the local cloud
 * both set exactly these names (see `cdk/stacks/stateless-stack.ts`, `cdk/constructs/area-grants.ts`
 * and `scripts/local/env.ts`), so a handler behaves the same in both worlds. Only `functions/lib/env.ts`
 * reads `process.env`.
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
  /**
   * Name of the `jobs` area's function, which other areas invoke asynchronously for work longer than
   * an API call (shared/api/routes.ts INVOKED_JOBS: the "Download all" archive). Set only on the areas
   * whose code invokes it, with `lambda:InvokeFunction` on that one function.
   */
  jobsFunctionName: 'JOBS_FUNCTION_NAME',
  /** Sender address for SES e-mail (share, notify, access requests). */
  mailFrom: 'MAIL_FROM',
  /** Public URL of the web app; used to build links in e-mails. */
  webUrl: 'WEB_URL',
  /** Product version and build time shown in the footer. */
  appVersion: 'APP_VERSION',
  buildTime: 'BUILD_TIME',
  /** Which world we are in: 'aws' or 'local'. Handlers never branch on it for business rules. */
  stage: 'STAGE',
  /**
   * Source control (issue 18 §5; docs/source-control.md): which provider serves /v2/source-control
   * ('bitbucket' in AWS, 'git' locally), the Bitbucket Server/Data Center base URL and the Secrets
   * Manager secret holding its HTTP access token (set only on the source-control area's function).
   */
  sourceControlProvider: 'SOURCE_CONTROL_PROVIDER',
  bitbucketBaseUrl: 'BITBUCKET_BASE_URL',
  bitbucketTokenSecret: 'BITBUCKET_TOKEN_SECRET',
  /** Local only: the folder of bare git repositories (<project>/<repo>.git) the git provider serves. */
  sourceControlGitRoot: 'SOURCE_CONTROL_GIT_ROOT',
  /** Local only: endpoints of the emulators (empty in AWS). */
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  sfnEndpoint: 'SFN_ENDPOINT',
  /** Local only: the gateway's emulation of Lambda's Invoke API (scripts/local/lambda-api.ts). */
  lambdaEndpoint: 'LAMBDA_ENDPOINT',
  /** Local only: folder that stands in for SES; each e-mail is written there as a JSON file. */
  mailOutboxDir: 'MAIL_OUTBOX_DIR',
  /**
   * Powertools (functions/lib/observability.ts), which reads these itself: the logger's level, the
   * service name on every log line, trace and metric, and the CloudWatch namespace of the business
   * metrics (EMF).
   */
  logLevel: 'POWERTOOLS_LOG_LEVEL',
  serviceName: 'POWERTOOLS_SERVICE_NAME',
  metricsNamespace: 'POWERTOOLS_METRICS_NAMESPACE',
  /**
   * Local only: Powertools' switches, off in the local cloud. There is no X-Ray daemon to send traces
   * to, and EMF metrics are JSON documents on stdout that only CloudWatch reads: locally they would
   * flood the log. In AWS both are unset: tracing follows the function's X-Ray setting, metrics are on.
   */
  traceEnabled: 'POWERTOOLS_TRACE_ENABLED',
  metricsDisabled: 'POWERTOOLS_METRICS_DISABLED',
  /**
   * Local only: with tracing off, the X-Ray SDK that Powertools' Tracer loads would still install its
   * context's async hooks at import (automatic mode), which track every promise's destruction: about a
   * tenth of a fan-out's CPU locally, for traces nobody records (aws/aws-xray-sdk-node#420). Manual
   * mode skips them. In AWS tracing is on and needs automatic mode, so the variable stays unset there.
   */
  xrayManualMode: 'AWS_XRAY_MANUAL_MODE',
} as const;

/**
 * The values of Powertools' service name and metrics namespace, the same in AWS (CDK) and locally
 * (scripts/local/env.ts). Powertools reads the variables itself (functions/lib/observability.ts).
 */
export const OBSERVABILITY = {
  serviceName: 'model-repository',
  metricsNamespace: 'ModelRepository',
} as const;

export type EnvVarKey = keyof typeof ENV_VARS;
export type EnvVarName = (typeof ENV_VARS)[EnvVarKey];

/** Names of variables that only the local cloud sets. */
export const LOCAL_ONLY_ENV_VARS: readonly EnvVarName[] = [
  ENV_VARS.dynamodbEndpoint,
  ENV_VARS.s3Endpoint,
  ENV_VARS.sfnEndpoint,
  ENV_VARS.lambdaEndpoint,
  ENV_VARS.mailOutboxDir,
  ENV_VARS.sourceControlGitRoot,
  ENV_VARS.traceEnabled,
  ENV_VARS.metricsDisabled,
  ENV_VARS.xrayManualMode,
];
