import type { ModelCard } from '@shared/schemas/model-api';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { person } from '../../testing/people';

const catalogue = vi.hoisted(() => ({ searchModels: vi.fn() }));
vi.mock('../catalogue/search-models', () => catalogue);

const { listLineageRoots } = await import('./lineage-roots');

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function card(n: number, over: Partial<ModelCard> = {}): ModelCard {
  return {
    uuid: id(n),
    name: `Entry ${n}`,
    status: 'PUBLISHED',
    product: ['A', 'B'],
    creator: { id: 'lead', name: 'Lead Test' },
    createdOn: '2026-01-01T00:00:00.000Z',
    previewOnly: false,
    country: [],
    treeRootId: id(n),
    restricted: false,
    version: '1',
    ...over,
  } as ModelCard;
}

beforeEach(() => {
  catalogue.searchModels.mockResolvedValue({
    models: [
      card(1),
      card(2, { treeRootId: id(1), treeParentId: id(1) }),
      card(3, { product: ['B', 'A'], restricted: true }),
      card(4, { product: ['A'] }),
      card(5, { status: 'RETIRED' }),
      card(6),
      card(7, { treeRootId: undefined }),
    ],
    total: 7,
    availableFilters: {},
  });
});

describe('listLineageRoots', () => {
  it('keeps the tops of lineages with the same product set, draft or published, restricted ones without names', async () => {
    const caller = person('owner') as User;
    const roots = await listLineageRoots(caller, {
      product: ['B', 'A'],
      disease: 'Melanoma',
      therapeutic_area: 'Oncology',
      exclude: id(6),
    });
    expect(catalogue.searchModels).toHaveBeenCalledWith(
      { id: 'owner', userType: 'INTERNALUSER' },
      expect.objectContaining({ therapeutic_area: ['Oncology'], disease: ['Melanoma'], product: ['A'] }),
    );
    expect(roots.items).toEqual([
      { uuid: id(1), restricted: false, name: 'Entry 1', version: '1', status: 'PUBLISHED' },
      { uuid: id(3), restricted: true },
      { uuid: id(7), restricted: false, name: 'Entry 7', version: '1', status: 'PUBLISHED' },
    ]);
  });
});
