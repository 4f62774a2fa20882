import { LIMITS } from '@shared/constants';
import { NAME_MESSAGES, nameProblems } from '@shared/rules/model-name';
import type { ModelMetadata } from '@shared/schemas/model';
import {
  type CreateModelBodySchema,
  DYNAMIC_FACETS,
  type DynamicFilters,
  type FileNode,
  type ListModelsQuery,
  type ModelDetail,
  type PublishIssueSchema,
  PublishRefusalSchema,
  type SetRolesBodySchema,
  type UploadedFileRefSchema,
  type UserExpertiseSchema,
  type UserSearchResultSchema,
} from '@shared/schemas/model-api';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { ApiError, apiClient, type RequestOptions } from '../lib/api-client';
import { entryKeys } from './entry';
import { searchUsers } from './users';

/**
 * The one client of the catalogue API (shared/schemas/model-api.ts lists every route). Fetchers are
 * plain functions (usable outside React); query options and hooks sit next to them. Query keys:
 *   ['models', 'list', query] · ['models', 'search', filters] · ['models', uuid] ·
 *   ['models', uuid, 'files' | 'roles'] · ['models', uuid, 'expertise', userId] ·
 *   ['users', 'search', q, limit] (the metadata options: ./metadata-options.ts)
 * The file list's query is entryFilesQuery (./entry.ts), its hook useCallerFiles (./files.ts).
 * so that invalidating ['models'] refreshes every list, search and detail after a write.
 */

export type ListModelsParams = Partial<ListModelsQuery>;
export type DynamicFiltersInput = Partial<DynamicFilters>;
export type UploadedFileRef = z.input<typeof UploadedFileRefSchema>;
export type SetRolesBody = z.infer<typeof SetRolesBodySchema>;
export type UserExpertise = z.infer<typeof UserExpertiseSchema>;
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;
export type PublishIssue = z.infer<typeof PublishIssueSchema>;
export interface DownloadLink {
  url: string;
  fileName: string;
  expiresAt: string;
}
export type FileList = { items: FileNode[] };

export const modelsKey = entryKeys.all;
export const modelKeys = {
  all: modelsKey,
  list: (params: ListModelsParams) => [...modelsKey, 'list', params] as const,
  search: (filters: DynamicFilters) => [...modelsKey, 'search', filters] as const,
  detail: entryKeys.detail,
  files: entryKeys.files,
  roles: entryKeys.roles,
  expertise: entryKeys.expertise,
  users: (q: string, limit: number) => ['users', 'search', q, limit] as const,
};

type Opts = Pick<RequestOptions, 'signal' | 'handleErrors'>;

/** Query-string form of the list query: lists travel comma-separated, defaults are left out. */
export function listQueryString(params: ListModelsParams): Record<string, string | number | undefined> {
  const csv = (values?: readonly string[]) => (values && values.length > 0 ? values.join(',') : undefined);
  return {
    view: params.view,
    search: params.search?.trim() || undefined,
    sort: params.sort,
    order: params.order,
    status: csv(params.status),
    modelType: csv(params.modelType),
    therapeuticArea: csv(params.therapeuticArea),
    platform: csv(params.platform),
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** Every facet present, one value at most (the schema refuses more). */
export function normalizeFilters(filters: DynamicFiltersInput): DynamicFilters {
  return Object.fromEntries(DYNAMIC_FACETS.map((f) => [f, (filters[f] ?? []).slice(0, 1)])) as DynamicFilters;
}

// ---------- fetchers ----------
export const listModels = (params: ListModelsParams, opts: Opts = {}) =>
  apiClient.call('listModels', { ...opts, query: listQueryString(params) });

export const searchModels = (filters: DynamicFiltersInput, opts: Opts = {}) =>
  apiClient.call('searchModels', { ...opts, body: { filters: normalizeFilters(filters) } });

export const getModel = (uuid: string, opts: Opts = {}) =>
  apiClient.call('getModel', { ...opts, params: { uuid } });

export const checkModelName = (metadata: ModelMetadata, uuid?: string, opts: Opts = {}) =>
  apiClient.call('checkModelName', { ...opts, body: { metadata, ...(uuid ? { uuid } : {}) } });

export const existsByMetadata = (metadata: ModelMetadata, opts: Opts = {}) =>
  apiClient.call('existsByMetadata', { ...opts, body: { metadata } });

export type CreateModelInput = z.input<typeof CreateModelBodySchema>;
/**
 * A taken name (409) and refusals (422: publish issues, a role rule) are left to the caller: Add Model
 * Entry opens its name collision dialog or lists the issues in its confirm step.
 */
export const createModel = (body: CreateModelInput) =>
  apiClient.call('createModel', { body, handleErrors: (e) => e.status === 409 || e.status === 422 });

/** A stale `rev` answers 409: the caller handles it (reload message). */
export const updateModel = (uuid: string, metadata: ModelMetadata, rev: number) =>
  apiClient.call('updateModel', {
    params: { uuid },
    body: { metadata, rev },
    handleErrors: (e) => e.status === 409,
  });

/** Throws PublishRefusedError on 422 (the blocking issues); other failures follow the global rule. */
export async function publishModel(uuid: string, rev?: number): Promise<ModelDetail> {
  try {
    return await apiClient.call('publishModel', {
      params: { uuid },
      body: rev === undefined ? {} : { rev },
      handleErrors: (e) => e.status === 422,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw PublishRefusedError.from(error);
    throw error;
  }
}

/** Every failure is left to the caller, which says 'Failed to retire model'. */
export const retireModel = (uuid: string, reason: string, rev?: number) =>
  apiClient.call('retireModel', {
    params: { uuid },
    body: { reason, ...(rev === undefined ? {} : { rev }) },
    handleErrors: true,
  });

export const deleteModel = (uuid: string) => apiClient.call('deleteModel', { params: { uuid } });

export const getModelRoles = (uuid: string, opts: Opts = {}) =>
  apiClient.call('getModelRoles', { ...opts, params: { uuid } });

export const setModelRoles = (uuid: string, body: SetRolesBody) =>
  apiClient.call('setModelRoles', { params: { uuid }, body, handleErrors: (e) => e.status === 409 });

export const attachFiles = (uuid: string, uploadId: string, files: UploadedFileRef[], rev?: number) =>
  apiClient.call('attachModelFiles', {
    params: { uuid },
    body: { uploadId, files, ...(rev === undefined ? {} : { rev }) },
  });

/** The legal notice must have been acknowledged; the answer is a short-lived presigned URL. */
export const downloadModelFile = (uuid: string, fileUuid: string, opts: Opts = {}) =>
  apiClient.call('downloadModelFile', {
    ...opts,
    params: { uuid, fileUuid },
    body: { legalNoticeAccepted: true },
  });

/**
 * "Download all" starts a job (202): the server builds the archive, reports its progress over the
 * WebSocket (`archive-progress`, `archive-ready`, `archive-failed`) and in `getDownloadArchive`.
 */
export const startDownloadAll = (uuid: string, opts: Opts = {}) =>
  apiClient.call('downloadAllFiles', { ...opts, params: { uuid }, body: { legalNoticeAccepted: true } });

/** The job of a "Download all"; once READY it carries a fresh presigned URL (15 minutes). */
export const getDownloadArchive = (uuid: string, archiveId: string, opts: Opts = {}) =>
  apiClient.call('getDownloadArchive', { ...opts, params: { uuid, archiveId } });

export const getExpertise = (uuid: string, userId: string, opts: Opts = {}) =>
  apiClient.call('getUserExpertise', { ...opts, params: { uuid, userId } });

export const setExpertise = (uuid: string, expertise: UserExpertise) =>
  apiClient.call('putUserExpertise', { params: { uuid, userId: expertise.userId }, body: expertise });

// ---------- publish refusal ----------
export class PublishRefusedError extends Error {
  readonly issues: PublishIssue[];
  constructor(message: string, issues: PublishIssue[]) {
    super(message);
    this.name = 'PublishRefusedError';
    this.issues = issues;
  }
  static from(error: ApiError): PublishRefusedError {
    const parsed = PublishRefusalSchema.safeParse(error.body);
    return parsed.success
      ? new PublishRefusedError(parsed.data.message, parsed.data.issues)
      : new PublishRefusedError(error.message, []);
  }
}

// ---------- query options ----------
export const modelListQuery = (params: ListModelsParams) =>
  queryOptions({
    queryKey: modelKeys.list(params),
    queryFn: ({ signal }) => listModels(params, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const dynamicSearchQuery = (filters: DynamicFiltersInput) => {
  const normalized = normalizeFilters(filters);
  return queryOptions({
    queryKey: modelKeys.search(normalized),
    queryFn: ({ signal }) => searchModels(normalized, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

/** A 404 is shown by the page itself; a 403 follows the global rule (back to the model list). */
export const modelDetailQuery = (uuid: string) =>
  queryOptions({
    queryKey: modelKeys.detail(uuid),
    queryFn: ({ signal }) => getModel(uuid, { signal, handleErrors: (e) => e.status === 404 }),
  });

export const modelRolesQuery = (uuid: string) =>
  queryOptions({
    queryKey: modelKeys.roles(uuid),
    queryFn: ({ signal }) => getModelRoles(uuid, { signal }),
    staleTime: 0,
  });

/** Expertise is cached 40 s (000 §9). */
export const expertiseQuery = (uuid: string, userId: string) =>
  queryOptions({
    queryKey: modelKeys.expertise(uuid, userId),
    queryFn: ({ signal }) => getExpertise(uuid, userId, { signal }),
    staleTime: 40_000,
  });

/**
 * The entry's sub-models of one section (User Settings' tables, 000 §2). Same call and key as the
 * sub-models feature's list (lib/workspace.ts workspaceKeys.subModelList), so both share the cache.
 */
export const subModelsOfTypeQuery = (uuid: string, type: 'calibration' | 'scenario') =>
  queryOptions({
    queryKey: [...modelKeys.detail(uuid), 'sub-models', 'list', type] as const,
    queryFn: ({ signal }) =>
      apiClient.call('listSubModels', { params: { uuid }, signal, query: { type }, handleErrors: true }),
  });

export const userSearchQuery = (q: string, limit: number = LIMITS.userSearchLimit) =>
  queryOptions({
    queryKey: modelKeys.users(q, limit),
    queryFn: ({ signal }) => searchUsers(q, limit, {}, { signal }),
    enabled: q.trim().length > 0,
  });

// ---------- hooks ----------
export const useModelList = (params: ListModelsParams) => useQuery(modelListQuery(params));
export const useDynamicSearch = (filters: DynamicFiltersInput) => useQuery(dynamicSearchQuery(filters));
export const useModel = (uuid: string | undefined) =>
  useQuery({ ...modelDetailQuery(uuid ?? ''), enabled: Boolean(uuid) });

/** After any write the lists, searches and the entry itself are stale. */
function useInvalidateModels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: modelsKey });
}

/**
 * A deleted entry is gone: the lists refresh, but its own queries (detail, files, roles) are not
 * refetched, which could only answer 404. They stay unused until the cache drops them.
 */
export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => deleteModel(uuid),
    onSuccess: async (_nothing, uuid) => {
      await queryClient.cancelQueries({ queryKey: modelKeys.detail(uuid) });
      await queryClient.invalidateQueries({
        queryKey: modelsKey,
        predicate: (query) => query.queryKey[1] !== uuid,
      });
    },
  });
}

export function usePublishModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: ({ uuid, rev }: { uuid: string; rev?: number }) => publishModel(uuid, rev),
    onSuccess: invalidate,
  });
}

export function useRetireModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: ({ uuid, reason, rev }: { uuid: string; reason: string; rev?: number }) =>
      retireModel(uuid, reason, rev),
    onSuccess: invalidate,
  });
}

/**
 * Add Model Entry's save: `prepare` first (the wizard uploads the files not uploaded yet and answers
 * the body that names them), then the POST with `publish`. One mutation for both, so it is pending
 * from the first upload to the answer and the wizard's buttons stay disabled throughout.
 */
export function useCreateModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: async ({
      publish,
      prepare,
    }: {
      publish: boolean;
      prepare: () => Promise<Omit<CreateModelInput, 'publish'>>;
    }) => createModel({ ...(await prepare()), publish }),
    onSuccess: invalidate,
  });
}

export function useUpdateModel() {
  const invalidate = useInvalidateModels();
  return useMutation({
    mutationFn: ({ uuid, metadata, rev }: { uuid: string; metadata: ModelMetadata; rev: number }) =>
      updateModel(uuid, metadata, rev),
    onSuccess: invalidate,
  });
}

/**
 * The save of both edit dialogs (000 §2 "check the future name first; the update stops if the check
 * fails"): name check, then PATCH with the optimistic rev. Returns the problems to show, or
 * 'stale' after a 409, or the saved model.
 */
export async function saveWithNameCheck(
  model: ModelDetail,
  metadata: ModelMetadata,
): Promise<{ saved: ModelDetail } | { problems: string[] } | { stale: true }> {
  const local = nameProblems(metadata);
  if (local.length > 0) return { problems: local };
  let check: Awaited<ReturnType<typeof checkModelName>>;
  try {
    check = await checkModelName(metadata, model.uuid);
  } catch {
    return { problems: ['The name could not be checked. Please try again.'] };
  }
  if (!check.unique || check.problems.length > 0)
    return { problems: check.problems.length > 0 ? check.problems : [NAME_MESSAGES.notUnique] };
  try {
    return { saved: await updateModel(model.uuid, metadata, model.rev) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { stale: true };
    return { problems: [] };
  }
}

/**
 * The save of the entry's edit dialogs (name suffix, metadata): `saveWithNameCheck`; once saved, the
 * answer is the entry's detail and every list that shows the entry is stale.
 */
export function useSaveWithNameCheck(model: ModelDetail) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (metadata: ModelMetadata) => saveWithNameCheck(model, metadata),
    onSuccess: (result) => {
      if (!('saved' in result)) return;
      queryClient.setQueryData(modelKeys.detail(model.uuid), result.saved);
      void queryClient.invalidateQueries({ queryKey: modelsKey });
    },
  });
}

/**
 * Model Access' 'Update Permissions': the answer is the saved roles; the entry's detail (its roles
 * and the caller's permissions) is stale. A stale `rev` answers 409, which the caller reports.
 */
export function useSetModelRoles(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetRolesBody) => setModelRoles(uuid, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(modelKeys.roles(uuid), saved);
      void queryClient.invalidateQueries({ queryKey: modelKeys.detail(uuid) });
    },
  });
}

/** User Settings' 'Update Settings': the answer replaces the cached expertise; the API client reports failures. */
export function useSetExpertise(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expertise: UserExpertise) => setExpertise(uuid, expertise),
    onSuccess: (saved, expertise) => {
      queryClient.setQueryData(expertiseQuery(uuid, expertise.userId).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...modelKeys.detail(uuid), 'expertise'] });
    },
  });
}
