import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutEverywhere } from '../../lib/auth';
import { LOGGED_OUT, SESSION_EXPIRES_KEY } from '../../lib/session';
import { requireSignedIn } from './require-signed-in';

/** The redirect the loader throws, as the Location it sends the browser to. */
async function redirectOf(url: string): Promise<string | null> {
  try {
    await requireSignedIn({ request: new Request(url), params: {}, context: undefined } as never);
    return null;
  } catch (thrown) {
    return (thrown as Response).headers.get('Location');
  }
}

describe('the signed-in area loader', () => {
  beforeEach(() => {
    // Signing out ends the idle session as lib/auth does (the setup file's stand-in, testing/auth-stub.ts).
    vi.mocked(signOutEverywhere).mockImplementation(async () => {
      window.localStorage.setItem('mr.session.expiresAt', '-1');
    });
  });
  afterEach(() => window.localStorage.clear());

  it('sends a user whose idle session ran out while the app was closed to the welcome page, saying why', async () => {
    window.localStorage.setItem(SESSION_EXPIRES_KEY, String(Date.now() - 60_000));
    expect(await redirectOf('http://app.test/model?q=x')).toBe(
      '/landingPage?redirect=%2Fmodel%3Fq%3Dx&reason=session-expired',
    );
  });

  it('gives no reason after a Logout', async () => {
    window.localStorage.setItem(SESSION_EXPIRES_KEY, String(LOGGED_OUT));
    expect(await redirectOf('http://app.test/model')).toBe('/landingPage?redirect=%2Fmodel');
  });

  it('lets a live session in', async () => {
    window.localStorage.setItem(SESSION_EXPIRES_KEY, String(Date.now() + 600_000));
    expect(await redirectOf('http://app.test/model')).toBeNull();
  });
});
