import type { CatalogueEntry } from '@shared/schemas/catalogue';
import {
  DYNAMIC_FACETS,
  type DynamicFacet,
  type DynamicFilters,
  type DynamicSearchResult,
  type ModelCard,
} from '@shared/schemas/model-api';
import { type CatalogueIndex, isSingleFacet, type ListColumn } from './catalogue-index';
import { type Caller, toSummary } from './list-engine';
import { REL_MASK, VIS_HIDDEN, VIS_PREVIEW, visibilityTable } from './visibility';

/** Dynamic View result cap (000 §9). */
export const DYNAMIC_RESULT_LIMIT = 500;

function toCard(entry: CatalogueEntry, previewOnly: boolean): ModelCard {
  return {
    ...toSummary(entry, previewOnly),
    country: entry.country,
    ...(entry.global ? { global: entry.global } : {}),
    ...(entry.kind ? { kind: entry.kind } : {}),
    ...(entry.studyNumber ? { studyNumber: entry.studyNumber } : {}),
    ...(entry.treeRootId ? { treeRootId: entry.treeRootId } : {}),
    ...(entry.treeParentId ? { treeParentId: entry.treeParentId } : {}),
    // Design (documented in docs/data-model.md): the Dynamic View searches what the caller may see
    // in the table view. An entry they may only preview (no role) is the preview card of 000 §2: its
    // name and general information, the preview text and Request Access, as the Table View shows
    // it (issue 21 §14: it was an anonymous 'Restricted access' tile). Entries the caller may not
    // preview are not searched at all; `restricted` stays for cards that must not name their entry.
    // External users only ever get entries they hold a role on.
    restricted: false,
  };
}

/**
 * The Dynamic View (000 §2, §7): the eight facets, one value each, AND-combined.
 * One pass over the caller's visible entries counts, per entry, how many chosen facets it misses:
 * - none: the entry is a result, and its values count for every facet;
 * - exactly one (facet f): its values count for f only, because f's choices are offered among the
 *   entries that match the OTHER chosen facets ("what remains if I change f").
 * Results are the first 500 matches in name order; `total` counts them all.
 */
export function searchCatalogue(
  index: CatalogueIndex,
  caller: Caller,
  filters: DynamicFilters,
): DynamicSearchResult {
  const vis = visibilityTable(caller.userType);
  const rel = index.relations(caller.id);
  const chosenFacets: DynamicFacet[] = [];
  const chosenIds: number[] = [];
  for (const facet of DYNAMIC_FACETS) {
    const value = filters[facet][0];
    if (value === undefined) continue;
    chosenFacets.push(facet);
    chosenIds.push(index.dictionaries[facet].lookup(value));
  }
  const k = chosenFacets.length;
  const chosenSingle = chosenFacets.map((f) => (isSingleFacet(f) ? index.codes[f] : undefined));
  const chosenMulti = chosenFacets.map((f) => (isSingleFacet(f) ? undefined : index.lists[f]));

  const counts = DYNAMIC_FACETS.map((f) => new Int32Array(index.dictionaries[f].values.length));
  const facetIndex = new Map<DynamicFacet, number>(DYNAMIC_FACETS.map((f, i) => [f, i]));
  const singleCols = DYNAMIC_FACETS.map((f) => (isSingleFacet(f) ? index.codes[f] : undefined));
  const multiCols = DYNAMIC_FACETS.map((f) => (isSingleFacet(f) ? undefined : index.lists[f]));
  const countInto = (fi: number, slot: number) => {
    const c = counts[fi] as Int32Array;
    const col = singleCols[fi];
    if (col) {
      const id = col[slot] as number;
      if (id >= 0) c[id] = (c[id] as number) + 1;
    } else {
      const { starts, values } = multiCols[fi] as ListColumn;
      for (let x = starts[slot] as number; x < (starts[slot + 1] as number); x++) {
        const id = values[x] as number;
        c[id] = (c[id] as number) + 1;
      }
    }
  };
  const hasValue = (list: ListColumn, slot: number, want: number) => {
    const end = list.starts[slot + 1] as number;
    for (let x = list.starts[slot] as number; x < end; x++) if (list.values[x] === want) return true;
    return false;
  };

  // The hot loop reads plain columns: single-valued facets, then the id lists of product and country.
  const singleAt: number[] = [];
  const multiAt: number[] = [];
  DYNAMIC_FACETS.forEach((f, i) => {
    (isSingleFacet(f) ? singleAt : multiAt).push(i);
  });
  const sCols = singleAt.map((i) => singleCols[i] as Int32Array);
  const sCounts = singleAt.map((i) => counts[i] as Int32Array);
  const mCols = multiAt.map((i) => multiCols[i] as ListColumn);
  const mCounts = multiAt.map((i) => counts[i] as Int32Array);
  const chosenAt = chosenFacets.map((f) => facetIndex.get(f) as number);

  const matched = new Uint8Array(index.size);
  let total = 0;
  const { status } = index;
  const size = index.size;
  for (let slot = 0; slot < size; slot++) {
    // Killed slots carry the DELETED status, which nobody sees.
    if (vis[(status[slot] as number) * 4 + ((rel[slot] as number) & REL_MASK)] === VIS_HIDDEN) continue;
    let misses = 0;
    let missed = -1;
    for (let j = 0; j < k; j++) {
      const want = chosenIds[j] as number;
      const col = chosenSingle[j];
      const hit = col ? col[slot] === want : hasValue(chosenMulti[j] as ListColumn, slot, want);
      if (!hit) {
        misses++;
        missed = j;
        if (misses > 1) break;
      }
    }
    if (misses === 0) {
      matched[slot] = 1;
      total++;
      for (let a = 0; a < sCols.length; a++) {
        const id = (sCols[a] as Int32Array)[slot] as number;
        if (id >= 0) {
          const c = sCounts[a] as Int32Array;
          c[id] = (c[id] as number) + 1;
        }
      }
      for (let b = 0; b < mCols.length; b++) {
        const { starts, values } = mCols[b] as ListColumn;
        const c = mCounts[b] as Int32Array;
        const end = starts[slot + 1] as number;
        for (let x = starts[slot] as number; x < end; x++) {
          const id = values[x] as number;
          c[id] = (c[id] as number) + 1;
        }
      }
    } else if (misses === 1) {
      countInto(chosenAt[missed] as number, slot);
    }
  }

  const models: ModelCard[] = [];
  if (total > 0) {
    const { slots, length } = index.order('name');
    for (let i = 0; i < length; i++) {
      const slot = slots[i] as number;
      if (matched[slot] !== 1) continue;
      const v = vis[(status[slot] as number) * 4 + ((rel[slot] as number) & REL_MASK)];
      models.push(toCard(index.entry(slot), v === VIS_PREVIEW));
      if (models.length >= DYNAMIC_RESULT_LIMIT) break;
    }
  }

  const availableFilters = Object.fromEntries(
    DYNAMIC_FACETS.map((facet, fi) => {
      const values = index.dictionaries[facet].values;
      const c = counts[fi] as Int32Array;
      const list: { value: string; count: number }[] = [];
      for (let id = 0; id < c.length; id++) {
        const count = c[id] as number;
        if (count > 0) list.push({ value: values[id] as string, count });
      }
      list.sort((a, b) => a.value.localeCompare(b.value, 'en'));
      return [facet, list];
    }),
  ) as DynamicSearchResult['availableFilters'];

  return { models, total, availableFilters };
}
