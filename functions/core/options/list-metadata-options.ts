import type { MetadataOptionLists } from '@shared/rules/model-metadata';
import {
  type MetadataOption,
  type MetadataOptionListsResponse,
  MetadataOptionTypeSchema,
} from '@shared/schemas/metadata-option';
import { listMetadataOptions } from '../../data/metadata-options';

/**
 * Every option list (GET /v2/metadata-options): ten small key Queries in parallel, sorted by value.
 */
export async function listAllMetadataOptions(): Promise<MetadataOptionListsResponse> {
  const types = MetadataOptionTypeSchema.options;
  const lists = await Promise.all(types.map((t) => listMetadataOptions(t)));
  return Object.fromEntries(
    types.map((t, i) => [t, [...(lists[i] ?? [])].sort((a, b) => a.value.localeCompare(b.value, 'en'))]),
  ) as MetadataOptionListsResponse;
}

/** The active options that restrict metadata values, for validating an entry. */
export async function activeOptionLists(): Promise<{
  lists: MetadataOptionLists;
  studies: Map<string, MetadataOption>;
}> {
  const all = await listAllMetadataOptions();
  const active = (t: keyof MetadataOptionLists) =>
    (all[t] ?? []).filter((o) => !o.retired).map((o) => o.value);
  return {
    lists: {
      therapeutic_area: active('therapeutic_area'),
      disease: active('disease'),
      product: active('product'),
      study_number: active('study_number'),
      country: active('country'),
      model_type: active('model_type'),
      stage_of_model_development: active('stage_of_model_development'),
    },
    studies: new Map((all.study_number ?? []).map((o) => [o.value, o])),
  };
}
