import type { FileNode, ModelDetail } from '@shared/schemas/model-api';
import type {
  CreateSubModelBody,
  HelpFileList,
  ImportDefinitionBody,
  ModelInputView,
  OutdateResultSchema,
  SubModelList,
  SubModelView,
  UpdateInputBody,
  UpdateSubModelBody,
} from '@shared/schemas/sub-models-api';
import type { InputDefinitionType } from '@shared/submodels/model-input';
import type { SubModelType } from '@shared/submodels/sub-model';
import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api, type RequestOptions } from '../../../lib/api-client';
import { type WorkspaceInstance, workspaceKeys } from '../../../lib/workspace';

/**
 * The `submodels` area of the API (shared/schemas/sub-models-api.ts lists the routes) as the web app
 * calls it, with query options next to the fetchers. Keys are those of lib/workspace.ts, below the
 * entry's ['models', uuid], so a write that invalidates the entry refreshes these as well.
 */
type Opts = Pick<RequestOptions, 'signal' | 'handleErrors'>;
export type OutdateResult = z.infer<typeof OutdateResultSchema>;

const modelPath = (uuid: string, rest = '') => `/models/${encodeURIComponent(uuid)}${rest}`;
const subModelPath = (uuid: string, subModelId: string, rest = '') =>
  modelPath(uuid, `/sub-models/${encodeURIComponent(subModelId)}${rest}`);

// ---------- the entry (same calls and keys as the models feature, so the cache is shared) ----------

export const entryQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['models', uuid] as const,
    queryFn: ({ signal }) =>
      api.get<ModelDetail>(modelPath(uuid), { signal, handleErrors: (e) => e.status === 404 }),
  });

export const entryFilesQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['models', uuid, 'files'] as const,
    queryFn: ({ signal }) => api.get<{ items: FileNode[] }>(modelPath(uuid, '/files'), { signal }),
  });

// ---------- sub-models ----------

export const listSubModels = (uuid: string, type: SubModelType, opts: Opts = {}) =>
  api.get<SubModelList>(modelPath(uuid, '/sub-models'), { ...opts, query: { type } });

export const subModelListQuery = (uuid: string, type: SubModelType) =>
  queryOptions({
    queryKey: workspaceKeys.subModelList(uuid, type),
    queryFn: ({ signal }) => listSubModels(uuid, type, { signal }),
  });

export const getSubModel = (uuid: string, subModelId: string, opts: Opts = {}) =>
  api.get<SubModelView>(subModelPath(uuid, subModelId), opts);

export const subModelQuery = (uuid: string, subModelId: string) =>
  queryOptions({
    queryKey: workspaceKeys.subModel(uuid, subModelId),
    queryFn: ({ signal }) => getSubModel(uuid, subModelId, { signal, handleErrors: (e) => e.status === 404 }),
  });

export const createSubModel = (uuid: string, body: CreateSubModelBody) =>
  api.post<SubModelView>(modelPath(uuid, '/sub-models'), body);

export const updateSubModel = (uuid: string, subModelId: string, body: UpdateSubModelBody) =>
  api.put<SubModelView>(subModelPath(uuid, subModelId), body);

export const deleteSubModel = (uuid: string, subModelId: string) =>
  api.delete<void>(subModelPath(uuid, subModelId));

// ---------- input definitions ----------

export const listInputs = (uuid: string, subModelId: string, opts: Opts = {}) =>
  api.get<{ items: ModelInputView[] }>(subModelPath(uuid, subModelId, '/inputs'), opts);

export const inputsQuery = (uuid: string, subModelId: string) =>
  queryOptions({
    queryKey: workspaceKeys.inputs(uuid, subModelId),
    queryFn: ({ signal }) => listInputs(uuid, subModelId, { signal }),
  });

export const createInput = (uuid: string, subModelId: string, type: InputDefinitionType) =>
  api.post<ModelInputView>(subModelPath(uuid, subModelId, '/inputs'), { type });

export const updateInput = (uuid: string, subModelId: string, inputId: string, body: UpdateInputBody) =>
  api.put<ModelInputView>(subModelPath(uuid, subModelId, `/inputs/${encodeURIComponent(inputId)}`), body);

export const deleteInput = (uuid: string, subModelId: string, inputId: string) =>
  api.delete<void>(subModelPath(uuid, subModelId, `/inputs/${encodeURIComponent(inputId)}`));

/**
 * Imports a .json or .xml definition file (read by the browser) into the sub-model's definition.
 * The caller shows the server's refusal ('Invalid data structure', ...) next to the file field.
 */
export const importDefinition = (uuid: string, subModelId: string, body: ImportDefinitionBody) =>
  api.post<ModelInputView>(subModelPath(uuid, subModelId, '/inputs/import'), body, {
    handleErrors: (e) => e.status === 400 || e.status === 422,
  });

// ---------- help files ----------

/** The entry's help files; the editor shows 'Failed to load the help files' itself on failure. */
export const helpFilesQuery = (uuid: string) =>
  queryOptions({
    queryKey: ['models', uuid, 'help-files'] as const,
    queryFn: ({ signal }) =>
      api.get<HelpFileList>(modelPath(uuid, '/help-files'), { signal, handleErrors: true }),
  });

// ---------- the instance of the workspace (header tile) ----------

/** GET /v2/models/{uuid}/instances/{id}: the workspace needs only its name and sub-model. */
export const workspaceInstanceQuery = (uuid: string, instanceId: string) =>
  queryOptions({
    queryKey: workspaceKeys.instance(uuid, instanceId),
    queryFn: ({ signal }) =>
      api.get<WorkspaceInstance & Record<string, unknown>>(
        modelPath(uuid, `/instances/${encodeURIComponent(instanceId)}`),
        { signal, handleErrors: (e) => e.status === 404 },
      ),
  });
