import { buildOpenApiDocument } from '../../core/openapi/build-openapi-document';
import { env } from '../../lib/env';
import { httpHandler } from '../../lib/http';

/** The document depends only on the code, so it is built once per process. */
let document: Record<string, unknown> | undefined;

/** GET /v2/openapi.json: this API as an OpenAPI 3.1 document generated from the shared schemas. */
export const handler = httpHandler({
  auth: 'public',
  handle: async () => {
    document ??= buildOpenApiDocument({ version: env.appVersion });
    return document;
  },
});
