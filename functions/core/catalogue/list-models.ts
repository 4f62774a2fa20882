import type { ListModelsQuery, ModelListPage } from '@shared/schemas/model-api';
import { type Caller, listCatalogue } from './list-engine';
import { currentCatalogue } from './projection';

/**
 * GET /v2/models (000 §2 Table View).
 * 1. Catch the in-memory catalogue up with the change log (one Query; cold start: snapshot + replay).
 * 2. Walk the sort order once, keeping what the caller may see and the query selects; return the page.
 */
export async function listModels(caller: Caller, query: ListModelsQuery): Promise<ModelListPage> {
  const catalogue = await currentCatalogue();
  return listCatalogue(catalogue, caller, query);
}
