import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AreaName } from '@shared/api/routes';
import { ENV_VARS } from '@shared/config/env-vars';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaBuildOptions, BUNDLE_FILE } from '../../cdk/constructs/handler-bundling';
import { buildOpenApiDocument } from '../../functions/core/openapi/build-openapi-document';
import { buildHttpEvent, claimsAsApiGateway } from '../../scripts/local/api-gateway-events';
import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { lambdaContext } from '../../scripts/local/lambda-context';
import { idTokenClaims, localCloud } from '../support/local-cloud';

/**
 * What CDK deploys is one bundle per feature area, not the TypeScript the local gateway runs. This
 * builds areas with the construct's esbuild settings (cdk/constructs/handler-bundling.ts: generated
 * dispatch map with every route of the area, chunks for what is imported dynamically) and invokes them,
 * as API Gateway would, against the local cloud: the dispatcher, the lazily imported chunks, the SDK
 * clients, the createRequire banner and the plugins that build schemas on first use and prebuild the
 * OpenAPI document must work together.
 */
type Handler = (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
interface Bundled {
  handler: Handler;
  inputs: string[];
  chunks: string[];
}

let dir: string;
const bundled = new Map<string, Bundled>();

async function bundleAndLoad(area: AreaName): Promise<Bundled> {
  const outdir = path.join(dir, area);
  const { metafile } = await build(areaBuildOptions(area, outdir));
  const { handler } = (await import(pathToFileURL(path.join(outdir, BUNDLE_FILE)).href)) as {
    handler: Handler;
  };
  return {
    handler,
    inputs: Object.keys(metafile?.inputs ?? {}),
    // An area whose only entry esbuild inlines (the unmatched area) has no chunks folder.
    chunks: existsSync(path.join(outdir, 'chunks'))
      ? readdirSync(path.join(outdir, 'chunks')).filter((f) => f.endsWith('.mjs'))
      : [],
  };
}

const loaded = (area: string): Bundled => {
  const b = bundled.get(area);
  if (!b) throw new Error(`${area} was not bundled`);
  return b;
};

const invoke = (area: string, routeKey: string, url: string, pathParameters: Record<string, string> = {}) =>
  loaded(area).handler(
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
    lambdaContext(area),
  );

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mr-bundle-'));
  // The handlers read their configuration (table, endpoints, credentials) from the environment, as in Lambda.
  applyHandlerEnv(handlerEnv(localCloud()));
  for (const area of ['users', 'models', 'shell', 'unmatched'] as const) {
    bundled.set(area, await bundleAndLoad(area));
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('area functions bundled as CDK bundles them', () => {
  it('bundle the routes of an area into its entry, and the OpenAPI document into a chunk of its own', () => {
    const { chunks } = loaded('models');
    for (const route of ['get-model', 'create-model', 'publish-model']) {
      expect(
        chunks.some((c) => c.startsWith(`${route}-`)),
        route,
      ).toBe(false);
    }
    // Only GET /v2/openapi.json needs the document: it is imported on that route's first invocation.
    expect(loaded('shell').chunks.some((c) => c.startsWith('build-openapi-document-'))).toBe(true);
  });

  it('answer GET /v2/users/me from the local DynamoDB with the credentials from the environment', async () => {
    const result = await invoke('users', 'GET /v2/users/me', '/v2/users/me');
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(String(result.body))).toMatchObject({ id: 'viewer', userType: 'INTERNALUSER' });
  });

  it('dispatch by route key: path parameters validated by the kept schemas, then the table read', async () => {
    const bad = await invoke('models', 'GET /v2/models/{uuid}', '/v2/models/not-a-uuid', {
      uuid: 'not-a-uuid',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(String(bad.body))).toMatchObject({ code: expect.any(String) });

    const uuid = randomUUID();
    const missing = await invoke('models', 'GET /v2/models/{uuid}', `/v2/models/${uuid}`, { uuid });
    expect(missing.statusCode).toBe(404);
  });

  it('answer a route key the area does not serve with the JSON 404', async () => {
    const result = await invoke('models', 'GET /v2/users/me', '/v2/users/me');
    expect(result.statusCode).toBe(404);
    const unmatched = await invoke('unmatched', '$default', '/v2/nowhere');
    expect(unmatched.statusCode).toBe(404);
    expect(JSON.parse(String(unmatched.body))).toEqual(JSON.parse(String(result.body)));
  });

  it('serve the OpenAPI document generated at bundling time, equal to the one built at run time', async () => {
    const { inputs } = loaded('shell');
    // The route schemas are not in the bundle: the document is data.
    expect(inputs.filter((i) => i.startsWith('shared/api/schemas'))).toEqual([]);
    const result = await invoke('shell', 'GET /v2/openapi.json', '/v2/openapi.json');
    expect(result.statusCode).toBe(200);
    const served = JSON.parse(String(result.body)) as { info: { version: string } };
    expect(served).toEqual(buildOpenApiDocument({ version: served.info.version }));
    // The version comes from the function's environment, not from the build.
    expect(served.info.version).toBe(process.env[ENV_VARS.appVersion]);
    expect(served.info.version).not.toBe('');
  });
});
