import { MacroModuleDiffSchema } from '@shared/diffs/macros';
import { SheetDiffPageSchema } from '@shared/diffs/spreadsheet';
import type { NewVersionBody, UpdateLineageBody } from '@shared/schemas/versions-api';
import { queryOptions } from '@tanstack/react-query';
import { type ApiError, apiClient } from '../lib/api-client';
import { entryKeys } from './entry';

/**
 * Lineage and version history of an entry (issue 18, docs/versions.md). The keys sit below the
 * entry's (['models', uuid]) so a write to the entry refreshes them too.
 */
export const versionKeys = {
  hierarchy: (uuid: string) => [...entryKeys.detail(uuid), 'hierarchy'] as const,
  history: (uuid: string, files: readonly string[]) =>
    [...entryKeys.detail(uuid), 'files-history', [...files].sort().join()] as const,
  lineageRoots: (query: LineageRootsFilter) => ['models', 'lineage-roots', query] as const,
};

export interface LineageRootsFilter {
  product: readonly string[];
  disease?: string;
  therapeutic_area?: string;
  exclude?: string;
}

/** The entry's whole lineage from its root; nodes the caller may not see come without names. */
export const hierarchyQuery = (uuid: string) =>
  queryOptions({
    queryKey: versionKeys.hierarchy(uuid),
    queryFn: ({ signal }) => apiClient.call('getHierarchy', { params: { uuid }, signal }),
  });

/** The version history entries of some files of one version (all its files when `files` is empty). */
export const filesHistoryQuery = (uuid: string, files: readonly string[] = []) =>
  queryOptions({
    queryKey: versionKeys.history(uuid, files),
    queryFn: ({ signal }) =>
      apiClient.call('listFilesHistory', {
        params: { uuid },
        query: { files: files.length > 0 ? files.join(',') : undefined },
        signal,
      }),
  });

/** Candidate parents of the Edit Lineage dialog: lineage roots with the same metadata. */
export const lineageRootsQuery = (filter: LineageRootsFilter) =>
  queryOptions({
    queryKey: versionKeys.lineageRoots(filter),
    queryFn: ({ signal }) =>
      apiClient.call('listLineageRoots', {
        query: {
          product: filter.product.join(','),
          disease: filter.disease,
          therapeutic_area: filter.therapeutic_area,
          exclude: filter.exclude,
        },
        signal,
      }),
  });

/**
 * POST /v2/models/{uuid}/versions: the new version of `uuid` in one operation (entry, roles, lineage
 * link, files copied in S3) → `{ uuid, name }`. The wizard answers a taken name (409: the name
 * collision dialog) and refused input (422: the issues) itself.
 */
export const createVersion = (uuid: string, body: NewVersionBody) =>
  apiClient.call('createVersion', {
    params: { uuid },
    body,
    handleErrors: (e) => e.status === 409 || e.status === 422,
  });

/** Links the entry (with its subtree) under a parent, or starts a new lineage (`parentId` null). */
export const updateLineage = (uuid: string, body: UpdateLineageBody) =>
  apiClient.call('updateLineage', { params: { uuid }, body, handleErrors: (e) => e.status === 409 });

// ---------- comparing two versions (docs/versions.md) ----------

/** One file pair of a comparison: `uuid` is the version compared from (A), `otherUuid` the one to (B). */
export interface DiffSource {
  uuid: string;
  fileUuid: string;
  otherUuid: string;
  otherFileUuid: string;
}

/** A workbook diff the server is still computing (it answered 202): ask again later. */
export class DiffStillComputingError extends Error {
  constructor() {
    super('The diff is still being computed');
  }
}

/**
 * The diff screens show a refused pair's reason in place ('Failed to fetch diff' and the 4xx message);
 * 401, 403 and server failures (a message with its report id) keep the global handling.
 */
const refusedInPlace = (e: ApiError) =>
  e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 403;

const isPending = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'PENDING';

export const compareKeys = {
  compare: (uuid: string, otherUuid: string) => ['versions', 'compare', uuid, otherUuid] as const,
  diff: (s: DiffSource) => ['versions', 'diff', s.uuid, s.fileUuid, s.otherUuid, s.otherFileUuid] as const,
};

/** Both versions' logs and changelogs and their files paired (added, removed, changed, unchanged). */
export const compareQuery = (uuid: string, otherUuid: string) =>
  queryOptions({
    queryKey: compareKeys.compare(uuid, otherUuid),
    queryFn: ({ signal }) => apiClient.call('compareVersions', { params: { uuid, otherUuid }, signal }),
  });

/**
 * The diff of one pair: a text file's hunks, or a workbook's overview. While the server computes a
 * workbook diff it answers 202 with the seconds to wait (also its Retry-After header); the query asks
 * again after them by itself, so the screen fills in when the diff is ready, without a reload.
 */
export const fileDiffQuery = (uuid: string, fileUuid: string, otherUuid: string, otherFileUuid: string) =>
  queryOptions({
    queryKey: compareKeys.diff({ uuid, fileUuid, otherUuid, otherFileUuid }),
    queryFn: ({ signal }) =>
      apiClient.call('getFileDiff', {
        params: { uuid, fileUuid, otherUuid, otherFileUuid },
        signal,
        handleErrors: refusedInPlace,
      }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && 'status' in data && data.status === 'PENDING'
        ? Math.max(1, data.retryAfterSeconds) * 1000
        : false;
    },
  });

/** One page (0-based) of 200 aligned rows of a sheet of a computed workbook diff. */
export const sheetPageQuery = (source: DiffSource, sheet: string, page: number) =>
  queryOptions({
    queryKey: [...compareKeys.diff(source), 'sheet', sheet, page] as const,
    queryFn: async ({ signal }) => {
      const body: unknown = await apiClient.call('getSheetDiff', {
        params: { ...source, sheet },
        query: { page },
        signal,
        handleErrors: refusedInPlace,
      });
      if (isPending(body)) throw new DiffStillComputingError();
      return SheetDiffPageSchema.parse(body);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One VBA module's line diff of a computed workbook diff. */
export const macroDiffQuery = (source: DiffSource, module: string) =>
  queryOptions({
    queryKey: [...compareKeys.diff(source), 'macro', module] as const,
    queryFn: async ({ signal }) => {
      const body: unknown = await apiClient.call('getMacroDiff', {
        params: { ...source, module },
        signal,
        handleErrors: refusedInPlace,
      });
      if (isPending(body)) throw new DiffStillComputingError();
      return MacroModuleDiffSchema.parse(body);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A presigned link to one file of a version (the legal notice was acknowledged in the dialog). */
export const downloadFileLink = (uuid: string, fileUuid: string) =>
  apiClient.call('downloadModelFile', {
    params: { uuid, fileUuid },
    body: { legalNoticeAccepted: true },
  });
