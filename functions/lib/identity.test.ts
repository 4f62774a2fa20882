import { describe, expect, it } from 'vitest';
import { UnauthorizedError } from './errors';
import { identityFromClaims } from './identity';

describe('identityFromClaims', () => {
  it('uses the Cognito user name of a password user, ignoring a self-written custom:isid', () => {
    expect(identityFromClaims({ 'cognito:username': 'viewer', 'custom:isid': 'admin' }).userId).toBe(
      'viewer',
    );
  });

  it('uses the IdP-mapped custom:isid of a federated employee', () => {
    const claims = {
      'cognito:username': 'corp_abc123',
      'custom:isid': 'emp42',
      identities: '[{"providerName":"corp"}]',
    };
    expect(identityFromClaims(claims).userId).toBe('emp42');
  });

  it('reads groups flattened by API Gateway and arrays from the local gateway', () => {
    expect(
      identityFromClaims({ 'cognito:username': 'a', 'cognito:groups': '[SUPERUSER INTERNALUSER]' }).groups,
    ).toEqual(['SUPERUSER', 'INTERNALUSER']);
    expect(
      identityFromClaims({ 'cognito:username': 'a', 'cognito:groups': ['EXTERNALUSER'] }).groups,
    ).toEqual(['EXTERNALUSER']);
  });

  it('refuses missing claims', () => {
    expect(() => identityFromClaims(undefined)).toThrow(UnauthorizedError);
    expect(() => identityFromClaims({ email: 'x@example.com' })).toThrow(UnauthorizedError);
  });
});
