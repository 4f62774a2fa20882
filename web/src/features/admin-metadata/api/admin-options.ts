import type {
  AddOptionBody,
  MetadataOptionType,
  RenameJob,
  UpdateOptionBody,
} from '@shared/schemas/metadata-option';
import { MetadataOptionTypeSchema } from '@shared/schemas/metadata-option';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The option grid of the Admin Space (002 §2 'Metadata management'), one property at a time. */
export const adminOptionsKey = ['admin-metadata-options'] as const;
/** The forms' own option lists (web/src/api/metadata-options.ts) change with every admin change. */
const formOptionsKey = ['metadata-options'] as const;

export const adminOptionsQuery = (type: MetadataOptionType) =>
  queryOptions({
    queryKey: [...adminOptionsKey, type],
    queryFn: ({ signal }) => apiClient.call('listAdminMetadataOptions', { params: { type }, signal }),
  });

export const affectedEntriesQuery = (type: MetadataOptionType, value: string) =>
  queryOptions({
    queryKey: [...adminOptionsKey, type, 'entries', value],
    queryFn: ({ signal }) => apiClient.call('listOptionEntries', { params: { type, value }, signal }),
  });

/** A running rename's progress, read again every 2 s while it runs (the job writes it per batch). */
export const renameJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...adminOptionsKey, 'job', jobId],
    queryFn: ({ signal }) => apiClient.call('getRenameJob', { params: { jobId }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? 2000 : false),
  });

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminOptionsKey }),
      client.invalidateQueries({ queryKey: formOptionsKey }),
    ]);
}

export function useAddOption(type: MetadataOptionType) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AddOptionBody) => apiClient.call('addMetadataOption', { params: { type }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateOption(type: MetadataOptionType) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ value, body }: { value: string; body: UpdateOptionBody }) =>
      apiClient.call('updateMetadataOption', { params: { type, value }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteOption(type: MetadataOptionType) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (value: string) => apiClient.call('deleteMetadataOption', { params: { type, value } }),
    onSuccess: invalidate,
  });
}

export function useResumeRename() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (jobId: string) => apiClient.call('resumeRenameJob', { params: { jobId } }),
    onSuccess: invalidate,
  });
}

/** The tab a route segment names (the option type, e.g. 'product'); the first tab otherwise. */
export function propertyOf(segment: string | undefined): MetadataOptionType {
  const parsed = MetadataOptionTypeSchema.safeParse(segment);
  return parsed.success ? parsed.data : 'model_type';
}

/** 'Renaming A to B: 120 of 3000 model entries'. */
export const progressText = (job: RenameJob) =>
  `Renaming ${job.from} to ${job.to}: ${job.done} of ${job.total} model entries`;
