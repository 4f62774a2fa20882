import type { CreateExecutionResult, OutputDownload } from '@shared/schemas/execution-api';
import { type ApiError, api } from '../../../lib/api-client';
import { instancePath, modelPath } from './instances-api';

/**
 * The few calls of the executions area the instance screens make (spec 001 §5 "Instance actions").
 * Features do not import each other, so these sit here rather than in features/executions. Every
 * caller reports its failures itself (the spec's texts), so none goes to the global handler.
 */

const enc = encodeURIComponent;
const executionPath = (groupId: string, rest: string) => `/executions/${enc(groupId)}${rest}`;
/** 403 and 401 keep the global handling (access denied, sign-in); the rest the caller shows. */
const ownErrors = (e: ApiError) => e.status !== 401 && e.status !== 403;

/** Execute: create the execution group, then start it (the two requests of §5). */
export async function executeInstance(uuid: string, instanceId: string): Promise<CreateExecutionResult> {
  const created = await api.post<CreateExecutionResult>(
    modelPath(uuid, '/executions'),
    { instanceIds: [instanceId] },
    { handleErrors: ownErrors },
  );
  await api.post<unknown>(executionPath(created.groupId, '/start'), undefined, { handleErrors: ownErrors });
  return created;
}

export const cancelExecution = (groupId: string) =>
  api.post<unknown>(executionPath(groupId, '/cancel'), undefined, { handleErrors: ownErrors });

export const getOutputsDownload = (uuid: string, instanceId: string) =>
  api.get<OutputDownload>(instancePath(uuid, instanceId, '/outputs'), { handleErrors: ownErrors });

export type GovernanceAction = 'accept' | 'unaccept' | 'supersede';

export const governInstance = (uuid: string, instanceId: string, action: GovernanceAction) =>
  api.post<unknown>(instancePath(uuid, instanceId, `/${action}`), undefined, { handleErrors: ownErrors });
