import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin that bundles the OpenAPI document as data. The document depends only on the code
 * (the route table and the shared zod schemas), so it is generated here, once per build, by the real
 * `buildOpenApiDocument`; the bundle's copy of that module returns it with the caller's version and
 * server URL. Without it, the get-openapi function would build every schema of the API and convert them
 * to JSON Schema at each cold start (~45 ms and 100 kB of zod here). Locally the gateway runs the
 * TypeScript module itself, so both paths serve the same document; test/integration/lambda-bundle.test.ts
 * compares them.
 */
export const OPENAPI_BUILDER = path.join('functions', 'core', 'openapi', 'build-openapi-document.ts');

export function prebuiltOpenApiDocument(repoRoot: string): Plugin {
  const builderPath = path.join(repoRoot, OPENAPI_BUILDER);
  return {
    name: 'prebuilt-openapi-document',
    setup(build) {
      build.onLoad({ filter: /[\\/]core[\\/]openapi[\\/]build-openapi-document\.ts$/ }, async (args) => {
        if (path.resolve(args.path) !== builderPath) return undefined;
        const { buildOpenApiDocument } = (await import(builderPath)) as {
          buildOpenApiDocument: (info: { version: string; serverUrl?: string }) => Record<string, unknown>;
        };
        const document = JSON.stringify(buildOpenApiDocument({ version: '' }));
        return {
          loader: 'js',
          contents: [
            // A string for JSON.parse: V8 reads it faster than the same object as a JavaScript literal.
            `const DOCUMENT = JSON.parse(${JSON.stringify(document)});`,
            'export function buildOpenApiDocument(info) {',
            "  return { ...DOCUMENT, info: { ...DOCUMENT.info, version: info.version }, servers: [{ url: info.serverUrl ?? '/' }] };",
            '}',
          ].join('\n'),
        };
      });
    },
  };
}
