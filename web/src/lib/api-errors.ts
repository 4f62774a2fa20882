import { MESSAGES } from '@shared/messages';
import type { ErrorBody } from '@shared/schemas/error';

/** A failed API call: HTTP status (0 = no answer) and the parsed error body, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | undefined;
  constructor(status: number, body: Partial<ErrorBody> | undefined, message?: string) {
    super(message ?? body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type ErrorOutcome =
  | { kind: 'forbidden'; text: string }
  | { kind: 'reauthenticate' }
  | { kind: 'report'; text: string; reportId: string }
  | { kind: 'message'; text: string }
  | { kind: 'unknown'; text: string };

/**
 * Global handling of failed calls, in the order of 002 §8: 403, 401, a body with a report id (5xx
 * answers carry a generic message too, so the report id wins), a body with a message, anything else.
 */
export function describeApiError(status: number, body: unknown): ErrorOutcome {
  if (status === 403) return { kind: 'forbidden', text: MESSAGES.forbiddenRedirect };
  if (status === 401) return { kind: 'reauthenticate' };
  const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (typeof b.reportId === 'string' && b.reportId) {
    return { kind: 'report', text: MESSAGES.errorWithReportId(b.reportId), reportId: b.reportId };
  }
  if (typeof b.message === 'string' && b.message)
    return { kind: 'message', text: MESSAGES.errorWithMessage(b.message) };
  return { kind: 'unknown', text: MESSAGES.unknownError };
}

/** Where a 403 sends the user: the model list for model areas, the access-denied page elsewhere. */
export function forbiddenRedirect(
  apiPath: string,
  pagePath: string,
  accessDeniedHref: string,
  modelsHref: string,
) {
  const modelArea =
    /^\/(models?|sub-?models|instances)(\/|$)/.test(apiPath) || /^\/model(\/|$)/.test(pagePath);
  return modelArea ? modelsHref : accessDeniedHref;
}
