/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles (see
 * cdk/constructs/handler-bundling.ts). Lambda always hands a function its role's credentials in
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, the first link of the SDK's default
 * chain, so the rest of that chain (SSO, STS web identity, profiles, process, IMDS and the nested
 * clients they bring, ~140 kB) is dead weight that every cold start would parse. Locally the handlers
 * run unbundled and keep the SDK's own chain.
 */

/** The SDK's AwsCredentialIdentity, written out to avoid depending on @smithy/types directly. */
export interface LambdaCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export class MissingLambdaCredentialsError extends Error {
  override name = 'CredentialsProviderError';
  /** The SDK's chain would try its next provider; in Lambda there is none. */
  readonly tryNextLink = false;
}

export function readLambdaCredentials(env: NodeJS.ProcessEnv = process.env): LambdaCredentials {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new MissingLambdaCredentialsError(
      'No AWS credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY: this bundle expects the Lambda runtime, which sets them from the execution role.',
    );
  }
  const sessionToken = env.AWS_SESSION_TOKEN;
  const expiration = env.AWS_CREDENTIAL_EXPIRATION;
  return {
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    ...(expiration ? { expiration: new Date(expiration) } : {}),
  };
}

/** Same name and shape as the SDK's `defaultProvider`, which the clients' runtime config imports. */
export const defaultProvider =
  (_init?: unknown): (() => Promise<LambdaCredentials>) =>
  async () =>
    readLambdaCredentials();
