// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

// The module itself, not the stand-in the setup file gives every other test.
vi.unmock('./auth');
vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth', () => ({}));

const { isWrongCredentials, passwordAuthFlow } = await import('./auth');

describe('sign-in helpers', () => {
  it('treats every bad-credentials answer of Cognito and cognito-local alike', () => {
    for (const name of ['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']) {
      expect(isWrongCredentials({ name })).toBe(true);
    }
    expect(isWrongCredentials({ name: 'NetworkError' })).toBe(false);
    expect(isWrongCredentials(null)).toBe(false);
  });

  it('uses USER_PASSWORD_AUTH only against cognito-local', () => {
    const base = { stage: 's', region: 'r', apiUrl: 'a', wsUrl: 'w', userPoolId: 'p', userPoolClientId: 'c' };
    expect(passwordAuthFlow({ ...base, userPoolEndpoint: 'http://127.0.0.1:9229' })).toBe(
      'USER_PASSWORD_AUTH',
    );
    expect(passwordAuthFlow(base)).toBeUndefined();
  });
});
