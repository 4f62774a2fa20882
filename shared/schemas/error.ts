import * as z from 'zod/mini';

/** Every error response of the API has this shape (see docs/api.md). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  /** Present on every 5xx answer: the id under which the server logged and stored the failure. */
  reportId: z.optional(z.string()),
  /** Field-level problems for validation errors (path → message). */
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Stable error codes; the web app may branch on them, never on message texts. */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  unprocessable: 'UNPROCESSABLE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  /** The repository server (Bitbucket) did not answer, or this deployment has none (502/503). */
  sourceControlUnavailable: 'SOURCE_CONTROL_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
