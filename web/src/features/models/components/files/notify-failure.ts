import type { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/message-stack';

/** '<what failed>: <the server's message>' (000 §8: server error bodies are shown), with its report id. */
export function notifyFileFailure(base: string, error: unknown): void {
  const body = (error as Partial<ApiError> | undefined)?.body;
  const text = body?.message && body.message !== base ? `${base}: ${body.message}` : base;
  notify.error(text, typeof body?.reportId === 'string' ? body.reportId : undefined);
}
