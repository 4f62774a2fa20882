import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENV_VARS } from '@shared/config/env-vars';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, handlerBuildOptions } from '../../cdk/constructs/handler-bundling';
import { buildOpenApiDocument } from '../../functions/core/openapi/build-openapi-document';
import { buildHttpEvent, claimsAsApiGateway } from '../../scripts/local/api-gateway-events';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { lambdaContext } from '../../scripts/local/handler-modules';
import { idTokenClaims, localCloud } from '../support/local-cloud';

/**
 * What CDK deploys is a bundle, not the TypeScript the local gateway runs. This builds handlers with
 * the construct's esbuild settings (cdk/constructs/handler-bundling.ts) and calls the bundles against
 * the local cloud: the SDK, the createRequire banner, the environment-only credential provider that
 * replaces the SDK's default chain and the plugin that drops unused schemas must work together.
 */
type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
interface Bundled {
  handler: Handler;
  inputs: string[];
}

let dir: string;
const bundled = new Map<string, Bundled>();

async function bundleAndLoad(name: string): Promise<Bundled> {
  const outfile = path.join(dir, name, BUNDLE_FILE);
  const { metafile } = await build(handlerBuildOptions(path.resolve('functions', `${name}.ts`), outfile));
  const { handler } = (await import(pathToFileURL(outfile).href)) as { handler: Handler };
  return { handler, inputs: Object.keys(metafile?.inputs ?? {}) };
}

const loaded = (name: string): Bundled => {
  const b = bundled.get(name);
  if (!b) throw new Error(`${name} was not bundled`);
  return b;
};

const invoke = (name: string, routeKey: string, url: string, pathParameters: Record<string, string> = {}) =>
  loaded(name).handler(
    buildHttpEvent(
      {
        method: routeKey.split(' ')[0] ?? 'GET',
        url,
        rawHeaders: ['accept', 'application/json'],
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
        host: 'localhost',
      },
      { routeKey, pathParameters },
      claimsAsApiGateway(idTokenClaims('viewer')),
    ),
    lambdaContext(name),
  );

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mr-bundle-'));
  // The handlers read their configuration (table, endpoints, credentials) from the environment, as in Lambda.
  applyHandlerEnv(handlerEnv(localCloud()));
  for (const name of ['http/users/get-current-user', 'http/models/get-model', 'http/settings/get-openapi']) {
    bundled.set(name, await bundleAndLoad(name));
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('handlers bundled as CDK bundles them', () => {
  it('carry the environment-only credential provider instead of the SDK default chain', () => {
    const { inputs } = loaded('http/users/get-current-user');
    expect(inputs).toContain('functions/lib/lambda-credentials.ts');
    expect(inputs.filter((i) => /credential-provider-(node|sso|ini|process)|nested-clients/.test(i))).toEqual(
      [],
    );
  });

  it('answer GET /v2/users/me from the local DynamoDB with the credentials from the environment', async () => {
    const result = await invoke('http/users/get-current-user', 'GET /v2/users/me', '/v2/users/me');
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(String(result.body))).toMatchObject({ id: 'viewer', userType: 'INTERNALUSER' });
  });

  it('validate path parameters with the schemas the plugin kept, and read the table', async () => {
    const bad = await invoke('http/models/get-model', 'GET /v2/models/{uuid}', '/v2/models/not-a-uuid', {
      uuid: 'not-a-uuid',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(String(bad.body))).toMatchObject({ code: expect.any(String) });

    const uuid = randomUUID();
    const missing = await invoke('http/models/get-model', 'GET /v2/models/{uuid}', `/v2/models/${uuid}`, {
      uuid,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('serve the OpenAPI document generated at bundling time, equal to the one built at run time', async () => {
    const { inputs } = loaded('http/settings/get-openapi');
    // The route schemas are not in the bundle: the document is data.
    expect(inputs.filter((i) => i.startsWith('shared/api/schemas'))).toEqual([]);
    const result = await invoke('http/settings/get-openapi', 'GET /v2/openapi.json', '/v2/openapi.json');
    expect(result.statusCode).toBe(200);
    const served = JSON.parse(String(result.body)) as { info: { version: string } };
    expect(served).toEqual(buildOpenApiDocument({ version: served.info.version }));
    // The version comes from the function's environment, not from the build.
    expect(served.info.version).toBe(process.env[ENV_VARS.appVersion]);
    expect(served.info.version).not.toBe('');
  });
});
