import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { env } from './env';

type Verifier = { verify: (token: string) => Promise<JwtPayload> };

/** Created on first use and kept for the life of the process, so the JWKS is fetched once. */
let verifier: Verifier | undefined;

/**
 * Verifies a Cognito ID token (signature against the JWKS, issuer, audience = the web client,
 * token_use = id, expiry). Used where API Gateway's JWT authorizer cannot help: WebSocket `$connect`,
 * whose token comes as `?token=` because browsers cannot set headers on a WebSocket.
 */
export async function verifyIdToken(token: string): Promise<JwtPayload> {
  verifier ??= createVerifier();
  return verifier.verify(token);
}

function createVerifier(): Verifier {
  // The library's own fetcher speaks only https; cognito-local serves its JWKS over http, so fetch
  // with the runtime's fetch, which handles both.
  const jwksCache = new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const response = await fetch(uri, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) throw new Error(`JWKS fetch failed with ${response.status}`);
        return response.arrayBuffer();
      },
    },
  });
  return JwtVerifier.create(
    {
      issuer: env.tokenIssuer,
      audience: env.userPoolClientId,
      jwksUri: env.jwksUrl,
      // The generic verifier knows nothing of Cognito's token kinds; only ID tokens carry the profile.
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('Not an ID token');
      },
    },
    { jwksCache },
  ) as unknown as Verifier;
}

/** For tests. */
export function resetTokenVerifierForTests(): void {
  verifier = undefined;
}
