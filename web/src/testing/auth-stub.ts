import { vi } from 'vitest';

/**
 * Stands in for `lib/auth` in the web tests (no Amplify in jsdom): every call carries the token
 * 'id-token' and signing out does nothing. Only test files use it:
 * `vi.mock('<up>/lib/auth', () => import('<up>/testing/auth-stub'))`.
 */
export const getIdToken = vi.fn(async () => 'id-token');
export const signOutEverywhere = vi.fn(async () => undefined);
