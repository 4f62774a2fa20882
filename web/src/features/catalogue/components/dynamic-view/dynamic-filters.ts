import { PLATFORM_DISPLAY_LABELS, type Platform } from '@shared/schemas/model';
import {
  DYNAMIC_FACET_LABELS,
  DYNAMIC_FACETS,
  type DynamicFacet,
  type DynamicFilters,
  type ModelCard,
} from '@shared/schemas/model-api';

/** Filter text inputs hold at most 25 characters (000 §9). */
export const FILTER_TEXT_MAX = 25;
/** At most 500 cards are shown (000 §9). */
export const DYNAMIC_VIEW_MAX = 500;

/** A facet holds one value; once chosen its dropdown is locked until the chip is removed (000 §2). */
export const isLocked = (filters: DynamicFilters, facet: DynamicFacet) => filters[facet].length > 0;

export function selectFacet(filters: DynamicFilters, facet: DynamicFacet, value: string): DynamicFilters {
  if (isLocked(filters, facet) || !value) return filters;
  return { ...filters, [facet]: [value] };
}

export function removeFacet(filters: DynamicFilters, facet: DynamicFacet): DynamicFilters {
  return { ...filters, [facet]: [] };
}

export const hasAnyFilter = (filters: DynamicFilters) => DYNAMIC_FACETS.some((f) => isLocked(filters, f));

/** How a facet value reads: platforms by their display label; the global flag as words. */
export function facetValueLabel(facet: DynamicFacet, value: string): string {
  if (facet === 'platform') return PLATFORM_DISPLAY_LABELS[value as Platform] ?? value;
  if (facet === 'global')
    return value === 'true' ? 'Global' : value === 'false' ? 'Country Adaptation' : value;
  return value;
}

export interface FilterChip {
  facet: DynamicFacet;
  value: string;
  label: string;
}

export function filterChips(filters: DynamicFilters): FilterChip[] {
  return DYNAMIC_FACETS.flatMap((facet) =>
    filters[facet].map((value) => ({
      facet,
      value,
      label: `${DYNAMIC_FACET_LABELS[facet]}: ${facetValueLabel(facet, value)}`,
    })),
  );
}

export interface VersionNode {
  card: ModelCard;
  children: VersionNode[];
}

/**
 * The small version tree of a card: the entries among the results that share its lineage root,
 * nested by parent. Parents outside the results hang their children at the top.
 */
export function versionTree(card: ModelCard, cards: readonly ModelCard[]): VersionNode[] {
  const root = card.treeRootId ?? card.uuid;
  const family = cards.filter((c) => (c.treeRootId ?? c.uuid) === root);
  const byUuid = new Set(family.map((c) => c.uuid));
  // Seen guards against a cycle in corrupted lineage links.
  const seen = new Set<string>();
  const build = (parent: string | undefined): VersionNode[] =>
    family
      .filter((c) =>
        parent === undefined
          ? !c.treeParentId || !byUuid.has(c.treeParentId) || c.treeParentId === c.uuid
          : c.treeParentId === parent && c.uuid !== parent,
      )
      .filter((c) => !seen.has(c.uuid) && seen.add(c.uuid))
      .sort((a, b) => (a.version ?? '').localeCompare(b.version ?? '', undefined, { numeric: true }))
      .map((c) => ({ card: c, children: build(c.uuid) }));
  return build(undefined);
}
