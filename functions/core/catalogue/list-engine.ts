import type { CatalogueEntry } from '@shared/schemas/catalogue';
import type { ListModelsQuery, ModelListPage, ModelSummary } from '@shared/schemas/model-api';
import type { UserType } from '@shared/schemas/user';
import type { CatalogueIndex } from './catalogue-index';
import {
  REL_CREATOR_BIT,
  REL_MANAGER,
  REL_MASK,
  STATUS_CODE,
  VIS_HIDDEN,
  VIS_PREVIEW,
  visibilityTable,
} from './visibility';

export interface Caller {
  id: string;
  userType: UserType;
}

/** Lowercase words of a free-text search; every one must occur in the entry's haystack. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().replaceAll('\u0001', ' ').split(/\s+/).filter(Boolean);
}

export function toSummary(entry: CatalogueEntry, previewOnly: boolean): ModelSummary {
  return {
    uuid: entry.uuid,
    name: entry.name,
    status: entry.status,
    ...(entry.modelType ? { modelType: entry.modelType } : {}),
    ...(entry.therapeuticArea ? { therapeuticArea: entry.therapeuticArea } : {}),
    ...(entry.disease ? { disease: entry.disease } : {}),
    product: entry.product,
    ...(entry.platform ? { platform: entry.platform } : {}),
    ...(entry.classification ? { informationClassification: entry.classification } : {}),
    ...(entry.version ? { version: entry.version } : {}),
    creator: { id: entry.creatorId, name: entry.creatorName },
    createdOn: entry.createdOn,
    previewOnly,
  };
}

/** A facet-value filter of the list as a set of interned ids (null: no filter). */
function idFilter(
  index: CatalogueIndex,
  facet: 'model_type' | 'therapeutic_area' | 'platform',
  values?: string[],
) {
  if (!values || values.length === 0) return null;
  const ids = new Set<number>();
  for (const v of values) ids.add(index.dictionaries[facet].lookup(v));
  return ids;
}

/**
 * The table view (000 §2): visibility, all/mine, status and facet filters, free-text search, sort and
 * paging in one walk over the precomputed sort order. The walk visits every entry once (the total
 * must be counted anyway) and keeps only the requested page.
 */
export function listCatalogue(index: CatalogueIndex, caller: Caller, query: ListModelsQuery): ModelListPage {
  const vis = visibilityTable(caller.userType);
  const rel = index.relations(caller.id);
  let statusMask = 0;
  for (const s of query.status ?? []) statusMask |= 1 << STATUS_CODE[s];
  const mine = query.view === 'mine';
  const modelTypes = idFilter(index, 'model_type', query.modelType);
  const areas = idFilter(index, 'therapeutic_area', query.therapeuticArea);
  const platforms = idFilter(index, 'platform', query.platform);
  const modelTypeCol = index.codes.model_type;
  const areaCol = index.codes.therapeutic_area;
  const platformCol = index.codes.platform;
  const words = searchWords(query.search);
  const { status } = index;
  const found = words.length > 0 ? index.matchWords(words) : undefined;

  const { slots: order, length: n } = index.order(query.sort);
  const descending = query.order === 'desc';
  const first = query.page * query.pageSize;
  const last = first + query.pageSize;
  const page: ModelSummary[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const slot = order[descending ? n - 1 - i : i] as number;
    const st = status[slot] as number;
    if ((statusMask & (1 << st)) === 0) continue;
    const r = rel[slot] as number;
    const v = vis[st * 4 + (r & REL_MASK)] as number;
    if (v === VIS_HIDDEN) continue;
    if (mine && (r & REL_MASK) !== REL_MANAGER && (r & REL_CREATOR_BIT) === 0) continue;
    if (modelTypes && !modelTypes.has(modelTypeCol[slot] as number)) continue;
    if (areas && !areas.has(areaCol[slot] as number)) continue;
    if (platforms && !platforms.has(platformCol[slot] as number)) continue;
    if (found && found[slot] !== 1) continue;
    if (total >= first && total < last) page.push(toSummary(index.entry(slot), v === VIS_PREVIEW));
    total++;
  }
  return { items: page, total, page: query.page, pageSize: query.pageSize };
}
