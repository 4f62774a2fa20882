import type { InstanceListPage, ListInstancesQuery } from '@shared/schemas/instance-api';
import { SUB_MODEL_API_MESSAGES } from '@shared/schemas/sub-models-api';
import type { User } from '@shared/schemas/user';
import { readInstancesRev } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { getModel } from '../../data/models';
import { ForbiddenError } from '../../lib/errors';
import { loadSubModelEntry } from '../sub-models/sub-model-access';
import { seesAnalysisDraft, visibleTypes } from './instance-access';
import { instanceListAt } from './instance-list-cache';
import { queryInstances } from './instance-query';

/** What the list reads whoever calls: the entry and the instance counter, started with the caller's lookup. */
export interface ListPrefetch {
  model: ModelRecord | undefined;
  rev: number;
}

export async function prefetchInstanceList(uuid: string): Promise<ListPrefetch> {
  const [model, rev] = await Promise.all([getModel(uuid), readInstancesRev(uuid)]);
  return { model, rev };
}

/**
 * GET /v2/models/{uuid}/instances: one page of the entry's instances (§3 "Scenario list query").
 * 1. The entry must be visible (404) and a WebModel 2.0 entry (400); a caller who sees no section
 *    (no role on a published entry they may preview) gets 403.
 * 2. The entry's list from the function's memory, reloaded only when the instance counter read with
 *    the entry moved (instance-list-cache.ts).
 * 3. Filters, facets, order and the page over the sections the caller sees (instance-query.ts).
 */
export async function listInstances(
  user: User,
  uuid: string,
  query: ListInstancesQuery,
  prefetched?: ListPrefetch,
): Promise<InstanceListPage> {
  const read = prefetched ?? (await prefetchInstanceList(uuid));
  const model = await loadSubModelEntry(uuid, user, { model: read.model });
  const types = visibleTypes(user, model);
  if (types.size === 0) throw new ForbiddenError(SUB_MODEL_API_MESSAGES.sectionDenied);
  const list = await instanceListAt(uuid, read.rev);
  return queryInstances(list, query, {
    id: user.id,
    visibleTypes: types,
    seesDraft: (row) => seesAnalysisDraft(user, model, row),
  });
}
