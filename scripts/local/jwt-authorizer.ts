import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

/**
 * The local stand-in for API Gateway's JWT authorizer: verifies the `Authorization: Bearer` ID token
 * against cognito-local's JWKS (signature, issuer, audience = the web client, expiry) and returns the
 * claims, or undefined when the request must be refused with 401.
 */
export function createJwtAuthorizer(options: { issuer: string; jwksUrl: string; audience: string }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 5_000 });
  return async function authorize(authorization: string | undefined): Promise<JWTPayload | undefined> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match?.[1]) return undefined;
    try {
      const { payload } = await jwtVerify(match[1], jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
      });
      if (payload.token_use !== 'id') return undefined;
      return payload;
    } catch {
      return undefined;
    }
  };
}
