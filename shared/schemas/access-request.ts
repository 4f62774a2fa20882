import * as z from 'zod';

/** POST /v2/access-requests: the body is optional; a short note may explain the request. */
export const AccessRequestBodySchema = z.object({ note: z.string().max(1000).optional() }).optional();
export type AccessRequestBody = z.infer<typeof AccessRequestBodySchema>;

export const AccessRequestResultSchema = z.object({ requestedOn: z.string() });
export type AccessRequestResult = z.infer<typeof AccessRequestResultSchema>;
