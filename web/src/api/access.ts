import type {
  FileAccessRequestBody,
  GrantableRole,
  ModelAccessRequestBody,
  ModelGrantResultSchema,
  RequestSentSchema,
  ShareModelBodySchema,
  ShareResultSchema,
} from '@shared/schemas/collaboration';
import type * as z from 'zod/mini';
import { type ApiError, apiClient } from '../lib/api-client';
import { notify } from '../lib/message-stack';

/**
 * Calls of issue 4's access flows: access requests, grant links and sharing by e-mail. Every call
 * handles its own failures (`handleErrors: true`): a refused grant must say 'Failed to Grant Model
 * access' on the page the user is on, not send them to the model list as the global 403 rule would.
 */
export type RequestSent = z.infer<typeof RequestSentSchema>;
export type ModelGrantResult = z.infer<typeof ModelGrantResultSchema>;
export type ShareModelBody = z.input<typeof ShareModelBodySchema>;
export type ShareResult = z.infer<typeof ShareResultSchema>;

const OWN_ERRORS = { handleErrors: true } as const;

export const requestModelAccess = (modelUuid: string, body: ModelAccessRequestBody) =>
  apiClient.call('requestModelAccess', { ...OWN_ERRORS, params: { uuid: modelUuid }, body });

export const requestFileAccess = (modelUuid: string, fileUuid: string, body: FileAccessRequestBody) =>
  apiClient.call('requestFileAccess', { ...OWN_ERRORS, params: { uuid: modelUuid, fileUuid }, body });

/** The model grant link (`?role=..&userId=..`): managers and super users only (checked by the server). */
export const grantModelRole = (modelUuid: string, role: GrantableRole, userId: string) =>
  apiClient.call('grantModelRole', { ...OWN_ERRORS, params: { uuid: modelUuid }, body: { role, userId } });

/** The file grant link (`?file=..&fileName=..&userId=..`): gives the user ACTIVE access to the file. */
export const grantFileAccess = (modelUuid: string, fileUuid: string, userId: string) =>
  apiClient.call('setFileAccess', {
    ...OWN_ERRORS,
    params: { uuid: modelUuid, fileUuid },
    body: { userId, status: 'ACTIVE' },
  });

export const shareModel = (modelUuid: string, body: ShareModelBody) =>
  apiClient.call('shareModel', { ...OWN_ERRORS, params: { uuid: modelUuid }, body });

/** '<what failed>: <the server's message>' (000 §8: server error bodies are shown as messages). */
export function failureText(base: string, error: unknown): string {
  const message = (error as Partial<ApiError> | undefined)?.body?.message;
  return message && message !== base ? `${base}: ${message}` : base;
}

/** Shows a failure of one of these calls, keeping the server's report id ('Report Issue'). */
export function notifyFailure(base: string, error: unknown): void {
  const reportId = (error as Partial<ApiError> | undefined)?.body?.reportId;
  notify.error(failureText(base, error), typeof reportId === 'string' ? reportId : undefined);
}
