import type { CreateExecutionResult } from '@shared/schemas/execution-api';
import { type ApiError, apiClient } from '../lib/api-client';

/**
 * Executions (the executions area of the API) as the instance screens start and govern them (spec
 * 001 §5 "Instance actions"). Shared by every feature rather than kept in one, since features do not
 * import each other. Every caller reports its failures itself (the spec's texts), so none goes to
 * the global handler. The queue's query sits in features/executions, its only reader.
 */

/** 403 and 401 keep the global handling (access denied, sign-in); the rest the caller shows. */
const ownErrors = (e: ApiError) => e.status !== 401 && e.status !== 403;

/** Execute: create the execution group, then start it (the two requests of §5). */
export async function executeInstance(uuid: string, instanceId: string): Promise<CreateExecutionResult> {
  const created = await apiClient.call('createExecution', {
    params: { uuid },
    body: { instanceIds: [instanceId] },
    handleErrors: ownErrors,
  });
  await apiClient.call('startExecution', { params: { groupId: created.groupId }, handleErrors: ownErrors });
  return created;
}

export const cancelExecution = (groupId: string) =>
  apiClient.call('cancelExecution', { params: { groupId }, handleErrors: ownErrors });

/** A presigned download of the run's outputs.zip, or with `path` of one output file (`?path=`). */
export const getOutputsDownload = (uuid: string, instanceId: string, path?: string) =>
  apiClient.call('getInstanceOutputs', {
    params: { uuid, instanceId },
    handleErrors: ownErrors,
    query: { path },
  });

const GOVERNANCE = {
  accept: 'acceptInstance',
  unaccept: 'unacceptInstance',
  supersede: 'supersedeInstance',
} as const;
export type GovernanceAction = keyof typeof GOVERNANCE;

export const governInstance = (uuid: string, instanceId: string, action: GovernanceAction) =>
  apiClient.call(GOVERNANCE[action], { params: { uuid, instanceId }, handleErrors: ownErrors });
