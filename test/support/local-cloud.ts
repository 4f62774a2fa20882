import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { type LocalEndpoints, readEndpoints } from '../../scripts/local/endpoints';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { personaByKey } from '../../scripts/local/personas';

/**
 * Helpers for tests against a running local cloud. The cloud is found through MR_ENDPOINTS_FILE, else
 * `.local/test/endpoints.json` (what `tsx scripts/local/start.ts --test` writes).
 */
// The SDK's notice about Node 22 is noise in test output (Lambda runs nodejs22.x).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

let cached: LocalEndpoints | undefined;

export function localCloud(): LocalEndpoints {
  cached ??= readEndpoints(process.env.MR_ENDPOINTS_FILE || join('.local', 'test', 'endpoints.json'));
  return cached;
}

const awsConfig = (endpoint: string, endpoints: LocalEndpoints = localCloud()) => ({
  endpoint,
  region: endpoints.region,
  credentials: { ...LOCAL_CREDENTIALS },
});

/** Signs a persona in with USER_PASSWORD_AUTH against cognito-local and returns its ID token. */
export async function idToken(personaKey: string, endpoints: LocalEndpoints = localCloud()): Promise<string> {
  const persona = personaByKey(personaKey);
  const client = new CognitoIdentityProviderClient({
    endpoint: endpoints.cognito,
    region: endpoints.region,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  try {
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: endpoints.userPoolClientId,
        AuthParameters: { USERNAME: persona.username, PASSWORD: persona.password },
      }),
    );
    if (!AuthenticationResult?.IdToken) throw new Error(`No ID token for ${personaKey}`);
    return AuthenticationResult.IdToken;
  } finally {
    client.destroy();
  }
}

/** fetch against the local API; `token` becomes `Authorization: Bearer <token>`. */
export function api(
  path: string,
  init: RequestInit & { token?: string } = {},
  endpoints: LocalEndpoints = localCloud(),
): Promise<Response> {
  const { token, headers, ...rest } = init;
  return fetch(`${endpoints.api}${path}`, {
    ...rest,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(headers as Record<string, string>),
    },
  });
}

/** Claims as cognito-local would put them into a persona's ID token. */
export function idTokenClaims(personaKey: string, endpoints: LocalEndpoints = localCloud()): JWTPayload {
  const persona = personaByKey(personaKey);
  return {
    'cognito:username': persona.username,
    'custom:isid': persona.username,
    'cognito:groups': [persona.userType],
    email: persona.email,
    token_use: 'id',
    aud: endpoints.userPoolClientId,
    iss: endpoints.tokenIssuer,
    sub: persona.username,
  };
}

/**
 * Signs claims with cognito-local's own (public!) signing key, which the gateway trusts. Used to build
 * tokens that are valid in every respect but one, e.g. expired.
 */
export async function signWithCognitoLocalKey(claims: JWTPayload, expiresAt: number): Promise<string> {
  const { jwk } = JSON.parse(
    readFileSync(join('node_modules', 'cognito-local', 'lib', 'keys', 'cognitoLocal.private.json'), 'utf8'),
  ) as { jwk: JWK };
  const key = await importJWK(jwk, 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(key);
}

/** Same claims and key id, but signed by a key nobody trusts. */
export async function signWithForeignKey(claims: JWTPayload): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

export function documentClient(endpoints: LocalEndpoints = localCloud()): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient(awsConfig(endpoints.dynamodb, endpoints)));
}

export function sfnClient(): SFNClient {
  return new SFNClient(awsConfig(localCloud().sfn));
}

export function connectionsClient(): ApiGatewayManagementApiClient {
  return new ApiGatewayManagementApiClient(awsConfig(localCloud().wsCallback));
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
