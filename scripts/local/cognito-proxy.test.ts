import { describe, expect, it } from 'vitest';
import { rewriteRefreshRequest } from './cognito-proxy';

describe('rewriteRefreshRequest', () => {
  it('turns GetTokensFromRefreshToken into an InitiateAuth REFRESH_TOKEN_AUTH request', () => {
    expect(rewriteRefreshRequest({ RefreshToken: 'r-1', ClientId: 'c-1' })).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'c-1',
      AuthParameters: { REFRESH_TOKEN: 'r-1' },
    });
  });
});
