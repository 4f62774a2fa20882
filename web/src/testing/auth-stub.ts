import { vi } from 'vitest';

/**
 * Stands in for `lib/auth` in every web test (no Amplify in jsdom): the setup file mocks `lib/auth`
 * with this module for all files, so every copy of the app's modules calls these same functions. By
 * default every call carries the token 'id-token', the user has tokens, and signing in or out does
 * nothing. A test that needs another answer sets it on the function (`vi.mocked(getIdToken)
 * .mockResolvedValue(...)`, in the test or its beforeEach); the setup file resets them after each test.
 * Test files must not mock `lib/auth` with a factory of their own: the web project shares one module
 * graph per worker (`isolate: false`), and modules loaded earlier would keep calling this one.
 */
export const getIdToken = vi.fn(async (_forceRefresh?: boolean): Promise<string | undefined> => 'id-token');
export const hasTokens = vi.fn(async () => true);
export const signOutEverywhere = vi.fn(async (): Promise<void> => undefined);
export const signInEmployee = vi.fn(
  async (_config: unknown, _target: string): Promise<'redirected' | 'signed-in'> => 'signed-in',
);
export const completeRedirectSignIn = vi.fn(async (): Promise<string | undefined> => undefined);
// The rest of lib/auth's exports, so that any screen renders (the sign-in pages read them).
export const LOCAL_AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;
export const configureAuth = vi.fn((_config: unknown): void => undefined);
export const passwordAuthFlow = vi.fn((_config: unknown): typeof LOCAL_AUTH_FLOW | undefined => undefined);
export const isWrongCredentials = vi.fn((_error: unknown) => false);
export const signInWithPassword = vi.fn(async (..._args: unknown[]): Promise<void> => undefined);
export const rememberLoginTarget = vi.fn((_target: string): void => undefined);

/** Back to the defaults above (the setup file calls it after each test). */
export function resetAuthStub(): void {
  for (const fn of [
    getIdToken,
    hasTokens,
    signOutEverywhere,
    signInEmployee,
    completeRedirectSignIn,
    configureAuth,
    passwordAuthFlow,
    isWrongCredentials,
    signInWithPassword,
    rememberLoginTarget,
  ])
    fn.mockReset();
}
