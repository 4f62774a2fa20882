import { LIMITS } from '@shared/constants';
import type { MetadataOptionLists } from '@shared/rules/model-metadata';
import type { MetadataOption, MetadataOptionType } from '@shared/schemas/metadata-option';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';

/**
 * GET /v2/metadata-options: the values the metadata fields offer (the list's filters, the wizard, the
 * edit dialogs, the file manager's tags). Forms offer the active (not retired) values only.
 */
export const metadataOptionsKey = ['metadata-options'] as const;

export const metadataOptionsQuery = () =>
  queryOptions({
    queryKey: metadataOptionsKey,
    queryFn: ({ signal }) => apiClient.call('listMetadataOptions', { signal }),
    staleTime: LIMITS.dataCacheMs,
  });

export const useMetadataOptions = () => useQuery(metadataOptionsQuery());

export type OptionLists = Partial<Record<MetadataOptionType, MetadataOption[]>>;

export const activeValues = (lists: OptionLists | undefined, type: MetadataOptionType): string[] =>
  (lists?.[type] ?? []).filter((o) => !o.retired).map((o) => o.value);

/** The option lists in the shape of the shared membership rule (shared/rules/model-metadata.ts). */
export function ruleOptionLists(lists: OptionLists | undefined): MetadataOptionLists {
  return {
    therapeutic_area: activeValues(lists, 'therapeutic_area'),
    disease: activeValues(lists, 'disease'),
    product: activeValues(lists, 'product'),
    study_number: activeValues(lists, 'study_number'),
    country: activeValues(lists, 'country'),
    model_type: activeValues(lists, 'model_type'),
    stage_of_model_development: activeValues(lists, 'stage_of_model_development'),
  };
}

/** The metadata a known study carries (002 §3), or undefined for an unknown study. */
export const studyAssignedMetadata = (lists: OptionLists | undefined, studyNumber: string) =>
  (lists?.study_number ?? []).find((o) => o.value === studyNumber)?.metadata;
