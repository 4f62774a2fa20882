import {
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { localCloud } from '../support/local-cloud';

describe('token refresh on the local cloud', () => {
  it('answers GetTokensFromRefreshToken (what Amplify calls on Continue) with fresh tokens', async () => {
    const endpoints = localCloud();
    const persona = endpoints.personas.find((p) => p.key === 'viewer');
    if (!persona) throw new Error('viewer persona missing');
    const client = new CognitoIdentityProviderClient({
      endpoint: endpoints.cognito,
      region: endpoints.region,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const login = await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: endpoints.userPoolClientId,
          AuthParameters: { USERNAME: persona.username, PASSWORD: persona.password },
        }),
      );
      const refreshToken = login.AuthenticationResult?.RefreshToken;
      expect(refreshToken).toBeTruthy();

      const refreshed = await client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: endpoints.userPoolClientId,
          RefreshToken: refreshToken,
        }),
      );

      const idToken = refreshed.AuthenticationResult?.IdToken;
      expect(idToken).toBeTruthy();
      const claims = decodeJwt(idToken as string);
      expect(claims['cognito:username']).toBe(persona.username);
      expect(claims.iss).toBe(endpoints.tokenIssuer);
    } finally {
      client.destroy();
    }
  });
});
