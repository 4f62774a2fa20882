import type { User } from '@shared/schemas/user';
import type { LineageRoots, LineageRootsQuery } from '@shared/schemas/versions-api';
import { searchModels } from '../catalogue/search-models';

/**
 * GET /v2/models/lineage-roots (000 §4 "Candidate roots come from metadata matching (product,
 * disease, therapeutic_area)"; docs/versions.md). Answered from the in-memory catalogue: the entries
 * the caller may see or preview whose therapeutic area, disease and products are the ones asked (the
 * products as a set), that are the top of their lineage, draft or published. `exclude` (the entry
 * being linked) is left out. Entries the caller may only preview are listed as restricted, without
 * their names: the dialog offers them as lineages without revealing more than the Dynamic View does.
 */
export async function listLineageRoots(caller: User, query: LineageRootsQuery): Promise<LineageRoots> {
  const products = [...(query.product ?? [])].sort();
  const result = await searchModels(
    { id: caller.id, userType: caller.userType },
    {
      therapeutic_area: query.therapeutic_area ? [query.therapeutic_area] : [],
      disease: query.disease ? [query.disease] : [],
      product: products.slice(0, 1),
      study_number: [],
      global: [],
      country: [],
      model_type: [],
      platform: [],
    },
  );
  const sameProducts = (p: readonly string[]) =>
    p.length === products.length && [...p].sort().every((v, i) => v === products[i]);
  const items = result.models
    .filter(
      (card) =>
        card.uuid !== query.exclude &&
        (card.status === 'DRAFT' || card.status === 'PUBLISHED') &&
        (!card.treeParentId || card.treeRootId === card.uuid) &&
        (products.length === 0 || sameProducts(card.product)),
    )
    .map((card) =>
      card.restricted
        ? { uuid: card.uuid, restricted: true }
        : {
            uuid: card.uuid,
            restricted: false,
            name: card.name,
            ...(card.version ? { version: card.version } : {}),
            status: card.status,
          },
    );
  return { items };
}
