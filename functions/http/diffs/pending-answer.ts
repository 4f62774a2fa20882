import type { DiffPending } from '@shared/schemas/compare';
import { type HttpResult, respond } from '../http-handler';

/**
 * A workbook diff still being computed: 202 with `Retry-After` (the body says the same seconds, since
 * browsers do not let cross-origin scripts read that header unless it is exposed).
 */
export function diffAnswer<T extends object>(result: T | DiffPending): T | HttpResult {
  if ('status' in result && result.status === 'PENDING' && 'retryAfterSeconds' in result)
    return respond(202, result, { 'retry-after': String(result.retryAfterSeconds) });
  return result as T;
}
