import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./env', () => ({
  env: {
    tokenIssuer: 'http://127.0.0.1:9229/local_pool',
    userPoolClientId: 'web-client',
    jwksUrl: 'http://127.0.0.1:9229/local_pool/.well-known/jwks.json',
  },
}));

const { verifyIdToken, resetTokenVerifierForTests } = await import('./token-verifier');

let privateKey: CryptoKey;
const fetchMock = vi.fn();

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ keys: [jwk] }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  resetTokenVerifierForTests();
  fetchMock.mockClear();
});

function token(
  claims: Record<string, unknown>,
  options: { issuer?: string; audience?: string; expiresIn?: string } = {},
) {
  return new SignJWT({ token_use: 'id', 'cognito:username': 'viewer', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(options.issuer ?? 'http://127.0.0.1:9229/local_pool')
    .setAudience(options.audience ?? 'web-client')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(privateKey);
}

describe('verifyIdToken', () => {
  it('accepts an ID token of the pool, fetching the JWKS over http once', async () => {
    const payload = await verifyIdToken(await token({}));
    expect(payload['cognito:username']).toBe('viewer');
    await verifyIdToken(await token({}));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://127.0.0.1:9229/local_pool/.well-known/jwks.json');
  });

  it('refuses an access token', async () => {
    await expect(verifyIdToken(await token({ token_use: 'access' }))).rejects.toThrow();
  });

  it('refuses another audience or issuer', async () => {
    await expect(verifyIdToken(await token({}, { audience: 'other-client' }))).rejects.toThrow();
    await expect(verifyIdToken(await token({}, { issuer: 'http://evil/pool' }))).rejects.toThrow();
  });

  it('refuses a tampered token', async () => {
    const good = await token({});
    const [h, p, s] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ token_use: 'id', 'cognito:username': 'admin' })).toString('base64url')}.${s}`;
    expect(p).toBeDefined();
    await expect(verifyIdToken(forged)).rejects.toThrow();
  });
});
