import { env } from '../../lib/env';
import { httpHandler } from '../http-handler';

/** The document depends only on the code, so it is built once per process. */
let document: Record<string, unknown> | undefined;

/** GET /v2/openapi.json: this API as an OpenAPI 3.1 document generated from the shared schemas. */
export const handler = httpHandler({
  auth: 'public',
  handle: async () => {
    // Imported here, not at the top: the shell function's bundle holds all its routes, and the document
    // (~140 kB of JSON in the bundle, handler-bundling.ts) is only for this rarely called one.
    const { buildOpenApiDocument } = await import('../../core/openapi/build-openapi-document');
    document ??= buildOpenApiDocument({ version: env.appVersion });
    return document;
  },
});
