import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLER_BUNDLING } from '../../cdk/constructs/handler-bundling';
import { buildHttpEvent, claimsAsApiGateway } from '../../scripts/local/api-gateway-events';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { lambdaContext } from '../../scripts/local/handler-modules';
import { idTokenClaims, localCloud } from '../support/local-cloud';

/**
 * What CDK deploys is a bundle, not the TypeScript the local gateway runs. This builds one handler with
 * the construct's esbuild settings (cdk/constructs/handler-bundling.ts) and calls the bundle against
 * the local cloud: the SDK, the createRequire banner and the environment-only credential provider
 * that replaces the SDK's default chain must work together.
 */
const HANDLER = 'http/users/get-current-user';
let dir: string;
let bundle: string;
let inputs: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mr-bundle-'));
  bundle = path.join(dir, 'index.mjs');
  const { metafile } = await build({
    ...HANDLER_BUNDLING,
    mainFields: [...HANDLER_BUNDLING.mainFields],
    banner: { js: HANDLER_BUNDLING.banner },
    alias: { ...HANDLER_BUNDLING.alias },
    bundle: true,
    platform: 'node',
    format: 'esm',
    entryPoints: [path.resolve('functions', `${HANDLER}.ts`)],
    outfile: bundle,
    metafile: true,
    logLevel: 'error',
  });
  inputs = Object.keys(metafile.inputs);
  // The handler reads its configuration (table, endpoints, credentials) from the environment, as in Lambda.
  applyHandlerEnv(handlerEnv(localCloud()));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a handler bundled as CDK bundles it', () => {
  it('carries the environment-only credential provider instead of the SDK default chain', () => {
    expect(inputs).toContain('functions/lib/lambda-credentials.ts');
    expect(inputs.filter((i) => /credential-provider-(node|sso|ini|process)|nested-clients/.test(i))).toEqual(
      [],
    );
  });

  it('answers GET /v2/users/me from the local DynamoDB with the credentials from the environment', async () => {
    const { handler } = (await import(pathToFileURL(bundle).href)) as {
      handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
    };
    const event = buildHttpEvent(
      {
        method: 'GET',
        url: '/v2/users/me',
        rawHeaders: ['accept', 'application/json'],
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
        host: 'localhost',
      },
      { routeKey: 'GET /v2/users/me' },
      claimsAsApiGateway(idTokenClaims('viewer')),
    );
    const result = await handler(event, lambdaContext(HANDLER));
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(String(result.body))).toMatchObject({ id: 'viewer', userType: 'INTERNALUSER' });
  });
});
