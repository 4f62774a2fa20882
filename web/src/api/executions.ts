import type { CreateExecutionResult } from '@shared/schemas/execution-api';
import type { QueryClient } from '@tanstack/react-query';
import { type ApiError, apiClient } from '../lib/api-client';
import { getSubModel, subModelQuery } from './sub-models';

/**
 * Executions (the executions area of the API) as the instance screens start and govern them (spec
 * 001 §5 "Instance actions"). Shared by every feature rather than kept in one, since features do not
 * import each other. Every caller reports its failures itself (the spec's texts), so none goes to
 * the global handler. The queue's query sits in features/executions, its only reader.
 */

/** 403 and 401 keep the global handling (access denied, sign-in); the rest the caller shows. */
const ownErrors = (e: ApiError) => e.status !== 401 && e.status !== 403;

/**
 * Execute: create the execution group, then start it (the two requests of §5). A scenario of a
 * sub-model linked to a calibration sub-model runs with `calibrationInstanceId`, an accepted instance
 * of that calibration sub-model (§5, §7 "List for calibration selection").
 */
export async function executeInstance(
  uuid: string,
  instanceId: string,
  calibrationInstanceId?: string,
): Promise<CreateExecutionResult> {
  const created = await apiClient.call('createExecution', {
    params: { uuid },
    body: { instanceIds: [instanceId], ...(calibrationInstanceId ? { calibrationInstanceId } : {}) },
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

/**
 * The calibration a linked scenario may run with (§7 "List for calibration selection"): the accepted
 * instances of the scenario's linked calibration sub-model, ordered by name. `linkedName` is that
 * sub-model's name; both are absent when the scenario's sub-model is linked to none.
 */
export async function calibrationChoices(
  queryClient: QueryClient,
  uuid: string,
  subModelId: string,
): Promise<{ linkedName?: string; accepted: { id: string; name: string }[] }> {
  // A sub-model the workspace has loaded (it has the scenario's) comes from the query cache; otherwise
  // it is fetched with every error the caller's (a basic user may not read the calibration section).
  const read = async (id: string) =>
    queryClient.getQueryData(subModelQuery(uuid, id).queryKey) ??
    getSubModel(uuid, id, { handleErrors: true });
  const subModel = await read(subModelId);
  const linkedId = subModel.type === 'scenario' ? subModel.executionSetupId : undefined;
  if (!linkedId) return { accepted: [] };
  const [linked, page] = await Promise.all([
    read(linkedId),
    apiClient.call('listInstances', {
      params: { uuid },
      query: {
        executionSetupId: linkedId,
        status: 'ACCEPTED',
        orderBy: 'name',
        orderDesc: 'false',
        pageSize: 1000,
      },
      handleErrors: true,
    }),
  ]);
  return { linkedName: linked.name, accepted: page.items.map((i) => ({ id: i.id, name: i.name })) };
}
