import type { DynamicFilters, DynamicSearchResult } from '@shared/schemas/model-api';
import { searchCatalogue } from './facet-engine';
import type { Caller } from './list-engine';
import { currentCatalogue } from './projection';

/**
 * POST /v2/models/search (000 §2 Dynamic View).
 * 1. Catch the in-memory catalogue up with the change log.
 * 2. One pass over the caller's visible entries: the matches (first 500 by name, and their total) and,
 *    per facet, the value counts among the entries matching the other chosen facets.
 */
export async function searchModels(caller: Caller, filters: DynamicFilters): Promise<DynamicSearchResult> {
  const catalogue = await currentCatalogue();
  return searchCatalogue(catalogue, caller, filters);
}
