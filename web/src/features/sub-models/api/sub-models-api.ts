import type {
  CreateSubModelBody,
  ImportDefinitionBody,
  ModelInputView,
  OutdateResultSchema,
  UpdateInputBody,
  UpdateSubModelBody,
} from '@shared/schemas/sub-models-api';
import type { InputDefinitionType } from '@shared/sub-models/model-input';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { entryKeys } from '../../../api/entry';
import { apiClient, type RequestOptions } from '../../../lib/api-client';
import { workspaceKeys } from '../../../lib/workspace';

/**
 * The `sub-models` area of the API (shared/schemas/sub-models-api.ts lists the routes) as the web app
 * calls it, with query options next to the fetchers. Keys are those of lib/workspace.ts, below the
 * entry's ['models', uuid], so a write that invalidates the entry refreshes these as well.
 */
type Opts = Pick<RequestOptions, 'signal' | 'handleErrors'>;
export type OutdateResult = z.infer<typeof OutdateResultSchema>;

// ---------- sub-models ----------

export const listSubModels = (uuid: string, type: SubModelType, opts: Opts = {}) =>
  apiClient.call('listSubModels', { ...opts, params: { uuid }, query: { type } });

export const subModelListQuery = (uuid: string, type: SubModelType) =>
  queryOptions({
    queryKey: workspaceKeys.subModelList(uuid, type),
    queryFn: ({ signal }) => listSubModels(uuid, type, { signal }),
  });

export { getSubModel, subModelQuery } from '../../../api/sub-models';

export const createSubModel = (uuid: string, body: CreateSubModelBody) =>
  apiClient.call('createSubModel', { params: { uuid }, body });

export const updateSubModel = (uuid: string, subModelId: string, body: UpdateSubModelBody) =>
  apiClient.call('updateSubModel', { params: { uuid, subModelId }, body });

export const deleteSubModel = (uuid: string, subModelId: string) =>
  apiClient.call('deleteSubModel', { params: { uuid, subModelId } });

/**
 * Delete sub-model: its own query is dropped (it could only answer 404), the sub-model lists and the
 * instances (which went with it) are refetched before the caller hears of it. The API client reports
 * failures (a running instance answers 409 with its reason).
 */
export function useDeleteSubModel(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subModelId: string) => deleteSubModel(uuid, subModelId),
    onSuccess: async (_nothing, subModelId) => {
      queryClient.removeQueries({ queryKey: workspaceKeys.subModel(uuid, subModelId) });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.subModels(uuid) });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.instances(uuid) });
    },
  });
}

// ---------- input definitions ----------

export const listInputs = (uuid: string, subModelId: string, opts: Opts = {}) =>
  apiClient.call('listInputs', { ...opts, params: { uuid, subModelId } });

export const inputsQuery = (uuid: string, subModelId: string) =>
  queryOptions({
    queryKey: workspaceKeys.inputs(uuid, subModelId),
    queryFn: ({ signal }) => listInputs(uuid, subModelId, { signal }),
  });

export const createInput = (uuid: string, subModelId: string, type: InputDefinitionType) =>
  apiClient.call('createInput', { params: { uuid, subModelId }, body: { type } });

export const updateInput = (uuid: string, subModelId: string, inputId: string, body: UpdateInputBody) =>
  apiClient.call('updateInput', { params: { uuid, subModelId, inputId }, body });

/**
 * Create Input Definition (the editor's empty state): the sub-model's input list is refetched before
 * the caller hears of it, so the editor opens on the new definition. The API client reports failures.
 */
export function useCreateInput(uuid: string, subModelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: InputDefinitionType) => createInput(uuid, subModelId, type),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.inputs(uuid, subModelId) }),
  });
}

/**
 * Save of an input definition: the saved definition replaces its old copy in the cached list at once
 * (the editor shows what was saved), then the list is refetched. The API client reports failures.
 */
export function useUpdateInput(uuid: string, subModelId: string, inputId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInputBody) => updateInput(uuid, subModelId, inputId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(
        workspaceKeys.inputs(uuid, subModelId),
        (old: { items: ModelInputView[] } | undefined) =>
          old ? { items: [saved, ...old.items.filter((i) => i.id !== saved.id)] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.inputs(uuid, subModelId) });
    },
  });
}

export const deleteInput = (uuid: string, subModelId: string, inputId: string) =>
  apiClient.call('deleteInput', { params: { uuid, subModelId, inputId } });

/**
 * Imports a .json or .xml definition file (read by the browser) into the sub-model's definition.
 * The caller shows the server's refusal ('Invalid data structure', ...) next to the file field.
 */
export const importDefinition = (uuid: string, subModelId: string, body: ImportDefinitionBody) =>
  apiClient.call('importDefinition', {
    params: { uuid, subModelId },
    body,
    handleErrors: (e) => e.status === 400 || e.status === 422,
  });

// ---------- help files ----------

/** The entry's help files; the editor shows 'Failed to load the help files' itself on failure. */
export const helpFilesQuery = (uuid: string) =>
  queryOptions({
    queryKey: entryKeys.helpFiles(uuid),
    queryFn: ({ signal }) =>
      apiClient.call('listHelpFiles', { params: { uuid }, signal, handleErrors: true }),
  });

// ---------- the instance of the workspace (header tile) ----------

/** GET /v2/models/{uuid}/instances/{id}: the workspace needs only its name and sub-model. */
export const workspaceInstanceQuery = (uuid: string, instanceId: string) =>
  queryOptions({
    queryKey: workspaceKeys.instance(uuid, instanceId),
    queryFn: ({ signal }) =>
      apiClient.call('getInstance', {
        params: { uuid, instanceId },
        signal,
        handleErrors: (e) => e.status === 404,
      }),
  });
