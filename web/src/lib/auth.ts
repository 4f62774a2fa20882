import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signInWithRedirect, signOut } from 'aws-amplify/auth';
import type { WebConfig } from '../config/env';
import { isPendingLogin, markLoggedOut, setPendingLogin, startSession } from './session';

/**
 * Cognito through Amplify v6 (`aws-amplify/auth` only: the Authenticator UI is loaded lazily on the
 * sign-in route). Locally cognito-local knows no SRP and has no hosted UI, so sign-in there uses
 * USER_PASSWORD_AUTH against `userPoolEndpoint`; in AWS, employees use the hosted UI with the
 * corporate identity provider.
 */
export const LOCAL_AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;

const asList = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

export function configureAuth(config: WebConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          username: true,
          ...(config.oauth
            ? {
                oauth: {
                  domain: config.oauth.domain,
                  scopes: config.oauth.scopes ?? ['openid', 'email', 'profile'],
                  redirectSignIn: asList(config.oauth.redirectSignIn),
                  redirectSignOut: asList(config.oauth.redirectSignOut),
                  responseType: 'code' as const,
                },
              }
            : {}),
        },
      },
    },
  });
}

/** The password flow to use: cognito-local needs USER_PASSWORD_AUTH, AWS keeps Amplify's SRP default. */
export function passwordAuthFlow(config: WebConfig): typeof LOCAL_AUTH_FLOW | undefined {
  return config.userPoolEndpoint ? LOCAL_AUTH_FLOW : undefined;
}

/**
 * Cognito's answers for bad credentials; the login shows the spec's text for all of them. Cognito
 * answers NotAuthorizedException (or UserNotFoundException without user-existence protection);
 * cognito-local answers a wrong password with InvalidPasswordException, which Cognito itself only
 * uses for password-policy failures, never on sign-in.
 */
const WRONG_CREDENTIALS = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidPasswordException',
]);

export function isWrongCredentials(error: unknown): boolean {
  return WRONG_CREDENTIALS.has((error as { name?: string } | null)?.name ?? '');
}

export async function getIdToken(forceRefresh = false): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

export async function hasTokens(): Promise<boolean> {
  return (await getIdToken()) !== undefined;
}

export async function signInWithPassword(
  config: WebConfig,
  username: string,
  password: string,
): Promise<void> {
  const flow = passwordAuthFlow(config);
  const result = await signIn({ username, password, ...(flow ? { options: { authFlowType: flow } } : {}) });
  if (!result.isSignedIn) throw new Error(`Sign-in needs another step: ${result.nextStep.signInStep}`);
  startSession();
}

/**
 * 'I'm an Employee'. In AWS: the hosted UI with the corporate identity provider (the page comes back
 * through the redirect and `completeRedirectSignIn` starts the session). Locally: the seeded
 * employee signs in with a password, a clearly labelled stand-in for single sign-on.
 */
export async function signInEmployee(config: WebConfig, target: string): Promise<'redirected' | 'signed-in'> {
  if (config.oauth) {
    setPendingLogin(true);
    rememberLoginTarget(target);
    await signInWithRedirect({ provider: { custom: config.oauth.identityProvider }, customState: target });
    return 'redirected';
  }
  if (!config.localEmployee) throw new Error('No single sign-on is configured');
  // A stale session of another user would make Amplify refuse a new sign-in.
  await signOut().catch(() => undefined);
  await signInWithPassword(config, config.localEmployee.username, config.localEmployee.password);
  return 'signed-in';
}

/** Ends the session in every tab. A failed sign-out still counts as logged out (002 §4). */
export async function signOutEverywhere(): Promise<void> {
  markLoggedOut();
  setPendingLogin(false);
  try {
    await signOut();
  } catch {
    // Treated as logged out.
  }
}

const LOGIN_TARGET_KEY = 'mr.login.target';

/** Remembers where to go after the hosted-UI round trip. */
export function rememberLoginTarget(target: string): void {
  try {
    window.sessionStorage.setItem(LOGIN_TARGET_KEY, target);
  } catch {
    // Private mode: the user lands on the home page instead.
  }
}

/**
 * After the hosted UI sent the browser back: if tokens arrived, the session starts now. Returns the
 * remembered target, or undefined when no redirect sign-in was pending.
 */
export async function completeRedirectSignIn(): Promise<string | undefined> {
  if (!isPendingLogin()) return undefined;
  if (!(await hasTokens())) return undefined;
  setPendingLogin(false);
  startSession();
  const target = window.sessionStorage.getItem(LOGIN_TARGET_KEY) ?? undefined;
  window.sessionStorage.removeItem(LOGIN_TARGET_KEY);
  return target;
}
