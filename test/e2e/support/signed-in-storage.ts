import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { BrowserContext } from '@playwright/test';
import { LOCAL_CREDENTIALS } from '../../../scripts/local/env';
import { SESSION_EXPIRES_KEY } from './app';
import type { Endpoints, Persona } from './endpoints';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Amplify v6's localStorage prefix for Cognito user pool tokens (its DefaultTokenStore). */
const AMPLIFY_PREFIX = 'CognitoIdentityServiceProvider';
/** The app's idle-session timeout when no setting says otherwise (web/src/lib/session.ts). */
const SESSION_TIMEOUT_SECONDS = 1800;

interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

/**
 * What a persona's browser holds after signing in (the keys Amplify's token store and the app's
 * session write; pageAs used to sign in through the UI once per worker and persona and save exactly
 * these), built from tokens that Cognito issues now for the persona's password with the flow the web
 * app itself uses locally (USER_PASSWORD_AUTH). A sign-in through the UI took about 10 s on a quiet
 * machine and over a minute on a loaded one, per worker and persona, and again in every worker that
 * Playwright starts after a failed test; this takes one request. Fresh tokens per page: a test that
 * logs out (revoking its tokens) leaves nothing stale for the next one.
 */
export async function signedInStorage(
  endpoints: Endpoints,
  persona: Persona,
  baseURL: string,
): Promise<StorageState> {
  const tokens = await initiateAuth(endpoints, persona);
  const user = `${AMPLIFY_PREFIX}.${endpoints.userPoolClientId}.${persona.username}`;
  const localStorage = [
    { name: `${AMPLIFY_PREFIX}.${endpoints.userPoolClientId}.LastAuthUser`, value: persona.username },
    { name: `${user}.accessToken`, value: tokens.AccessToken },
    { name: `${user}.idToken`, value: tokens.IdToken },
    { name: `${user}.refreshToken`, value: tokens.RefreshToken },
    { name: `${user}.clockDrift`, value: '0' },
    {
      name: `${user}.signInDetails`,
      value: JSON.stringify({ loginId: persona.username, authFlowType: 'USER_PASSWORD_AUTH' }),
    },
    // startSession() at sign-in: the configured timeout minus one second from now.
    { name: SESSION_EXPIRES_KEY, value: String(Date.now() + (SESSION_TIMEOUT_SECONDS - 1) * 1000) },
  ];
  return { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage }] };
}

/** Cognito's InitiateAuth through the SDK (cognito-local, with the flow the web app uses locally). */
async function initiateAuth(endpoints: Endpoints, persona: Persona): Promise<AuthenticationResult> {
  const client = new CognitoIdentityProviderClient({
    endpoint: endpoints.cognito,
    region: endpoints.region,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  try {
    const { AuthenticationResult: result } = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: endpoints.userPoolClientId,
        AuthParameters: { USERNAME: persona.username, PASSWORD: persona.password },
      }),
    );
    if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) {
      throw new Error(`Cognito signed ${persona.key} in without the three tokens`);
    }
    return { AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken };
  } finally {
    client.destroy();
  }
}
