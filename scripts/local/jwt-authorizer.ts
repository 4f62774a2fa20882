import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

/**
 * The local stand-in for API Gateway's JWT authorizer: verifies the `Authorization: Bearer` ID token
 * against cognito-local's JWKS (signature, issuer, audience = the web client, expiry) and returns the
 * claims, or undefined when the request must be refused with 401.
 */
const MAX_CACHED_TOKENS = 5_000;

export function createJwtAuthorizer(options: { issuer: string; jwksUrl: string; audience: string }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 5_000 });
  // A token's signature check is the costliest step (~1 ms of RSA per request). A token is immutable,
  // so once verified its claims are kept until it expires; expiry is still checked on every use.
  const verified = new Map<string, JWTPayload>();
  return async function authorize(authorization: string | undefined): Promise<JWTPayload | undefined> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match?.[1]) return undefined;
    const token = match[1];
    const cached = verified.get(token);
    if (cached) {
      if ((cached.exp ?? 0) * 1000 > Date.now()) return cached;
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
      });
      if (payload.token_use !== 'id') return undefined;
      if (verified.size >= MAX_CACHED_TOKENS) {
        const oldest = verified.keys().next().value;
        if (oldest !== undefined) verified.delete(oldest);
      }
      verified.set(token, payload);
      return payload;
    } catch {
      return undefined;
    }
  };
}
