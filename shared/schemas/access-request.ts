import * as z from 'zod/mini';
import { freeText } from './input';

/** POST /v2/access-requests: the body is optional; a short note may explain the request. */
export const AccessRequestBodySchema = z.optional(
  z.object({ note: z.optional(freeText({ max: 1000, multiline: true })) }),
);
export type AccessRequestBody = z.infer<typeof AccessRequestBodySchema>;

export const AccessRequestResultSchema = z.object({ requestedOn: z.string() });
export type AccessRequestResult = z.infer<typeof AccessRequestResultSchema>;
