import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../../lib/env';
import { createBitbucketProvider } from './bitbucket-provider';
import { createGitProvider } from './git-provider';
import { SOURCE_CONTROL_ERRORS, type SourceControlProvider, SourceControlUnavailableError } from './provider';

/**
 * The provider this deployment configures (SOURCE_CONTROL_PROVIDER): 'bitbucket' in AWS (base URL and
 * token secret from the stack), 'git' in the local cloud (scripts/local/ sets the demo's folder).
 * Unset: the routes answer 503 'Source control is not configured for this deployment.'.
 */
let provider: SourceControlProvider | undefined;

export function sourceControlProvider(): SourceControlProvider {
  if (provider) return provider;
  const kind = env.sourceControlProvider;
  if (kind === 'bitbucket') {
    provider = createBitbucketProvider({
      baseUrl: env.bitbucketBaseUrl,
      token: cachedToken(env.bitbucketTokenSecret, readSecret),
    });
  } else if (kind === 'git') {
    provider = createGitProvider(env.sourceControlGitRoot);
  } else {
    throw new SourceControlUnavailableError(SOURCE_CONTROL_ERRORS.notConfigured, 503);
  }
  return provider;
}

/** For tests: serve the routes from this provider. */
export function useSourceControlProvider(next: SourceControlProvider | undefined): void {
  provider = next;
}

let secrets: SecretsManagerClient | undefined;

async function readSecret(secretId: string): Promise<string> {
  secrets ??= new SecretsManagerClient({});
  const answer = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
  const value = answer.SecretString?.trim();
  if (!value) throw new SourceControlUnavailableError(SOURCE_CONTROL_ERRORS.notConfigured, 503);
  return value;
}

/** A rotated token is picked up within this time without a redeploy. */
export const TOKEN_TTL_MS = 5 * 60 * 1000;

/**
 * The token, read once per TOKEN_TTL_MS per warm function: one Secrets Manager call per cold start
 * and then every few minutes, not one per request. Concurrent first calls share one read; a failed
 * read is not cached.
 */
export function cachedToken(
  secretId: string,
  read: (secretId: string) => Promise<string>,
  now: () => number = Date.now,
): () => Promise<string> {
  let cached: { value: Promise<string>; at: number } | undefined;
  return () => {
    if (!cached || now() - cached.at > TOKEN_TTL_MS) {
      const value = read(secretId);
      const entry = { value, at: now() };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.value;
  };
}
