import { modelPermission } from '@shared/rules/model-permissions';
import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { EMPTY_ROLES, type ModelStatus } from '@shared/schemas/model';
import {
  DYNAMIC_FACETS,
  type DynamicFacet,
  type DynamicFilters,
  DynamicFiltersSchema,
  type ListModelsQuery,
  ListModelsQuerySchema,
} from '@shared/schemas/model-api';
import type { UserType } from '@shared/schemas/user';
import { decodeTime, encodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from './catalogue-index';
import { catchUpFrom, replayFrom } from './catalogue-state';
import { searchCatalogue } from './facet-engine';
import { type Caller, listCatalogue } from './list-engine';
import { decodeSnapshot, encodeSnapshot } from './snapshot-format';

let seq = 0;
function entry(over: Partial<CatalogueEntry> = {}): CatalogueEntry {
  seq++;
  return {
    uuid: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: `Model ${seq}`,
    status: 'PUBLISHED',
    product: [],
    country: [],
    creatorId: 'owner',
    creatorName: 'Olivia Owner',
    createdOn: `2024-01-${String((seq % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
    managers: ['owner'],
    viewers: [],
    others: [],
    rev: 1,
    ...over,
  };
}

const query = (q: Partial<Record<string, string>> = {}): ListModelsQuery => ListModelsQuerySchema.parse(q);
const filters = (f: Partial<Record<DynamicFacet, string>> = {}): DynamicFilters =>
  DynamicFiltersSchema.parse(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, [v]])));

const internal: Caller = { id: 'emma', userType: 'INTERNALUSER' };
const admin: Caller = { id: 'alice', userType: 'SUPERUSER' };
const vendor: Caller = { id: 'xavier', userType: 'EXTERNALUSER' };

/** The index a cold instance would map: built as a compaction does, through the snapshot's bytes. */
function indexOf(entries: CatalogueEntry[]): CatalogueIndex {
  const columns = CatalogueIndex.columnsOf({ lastChangeId: '', entries, tombstones: [] });
  return new CatalogueIndex(decodeSnapshot(encodeSnapshot(columns)));
}
const uuids = (items: { uuid: string }[]) => items.map((i) => i.uuid);

describe('visibility (list and Dynamic View)', () => {
  const draftOwned = entry({ status: 'DRAFT', managers: ['emma'] });
  const draftViewed = entry({ status: 'DRAFT', viewers: ['emma'] });
  const draftOther = entry({ status: 'DRAFT' });
  const published = entry({ status: 'PUBLISHED' });
  const publishedVendor = entry({ status: 'PUBLISHED', viewers: ['xavier'] });
  const retiredManaged = entry({ status: 'RETIRED', managers: ['emma'] });
  const retiredViewed = entry({ status: 'RETIRED', viewers: ['emma'] });
  const creating = entry({ status: 'CREATING', managers: ['emma'] });
  const deletedStatus = entry({ status: 'DELETED', managers: ['emma'] });
  const all = [
    draftOwned,
    draftViewed,
    draftOther,
    published,
    publishedVendor,
    retiredManaged,
    retiredViewed,
    creating,
    deletedStatus,
  ];
  const index = indexOf(all);
  const everyStatus = query({ status: 'CREATING,DRAFT,PUBLISHED,RETIRED,DELETED', pageSize: '100' });

  it('an internal user sees drafts they have a role on, every published entry, and retired ones they manage', () => {
    const page = listCatalogue(index, internal, everyStatus);
    expect(new Set(uuids(page.items))).toEqual(
      new Set(uuids([draftOwned, draftViewed, published, publishedVendor, retiredManaged])),
    );
    const preview = page.items.filter((i) => i.previewOnly).map((i) => i.uuid);
    expect(new Set(preview)).toEqual(new Set(uuids([published, publishedVendor])));
  });

  it('the default status filter is Draft + Published', () => {
    const page = listCatalogue(index, internal, query({ pageSize: '100' }));
    expect(new Set(page.items.map((i) => i.status))).toEqual(new Set(['DRAFT', 'PUBLISHED']));
    expect(page.total).toBe(4);
  });

  it('a super user sees everything but deleted and creating entries, never preview-only', () => {
    const page = listCatalogue(index, admin, everyStatus);
    expect(page.total).toBe(7);
    expect(page.items.every((i) => !i.previewOnly)).toBe(true);
  });

  it('an external user sees only entries they hold a role on', () => {
    const page = listCatalogue(index, vendor, everyStatus);
    expect(uuids(page.items)).toEqual([publishedVendor.uuid]);
    const result = searchCatalogue(index, vendor, filters());
    expect(uuids(result.models)).toEqual([publishedVendor.uuid]);
    expect(result.models[0]?.restricted).toBe(false);
  });

  it('Dynamic View cards without a role are named preview cards, not restricted tiles (issue 21 §14)', () => {
    const result = searchCatalogue(index, internal, filters());
    const preview = result.models.filter((m) => m.previewOnly);
    expect(new Set(uuids(preview))).toEqual(new Set(uuids([published, publishedVendor])));
    expect(preview.every((m) => !m.restricted && m.name.length > 0)).toBe(true);
    expect(result.total).toBe(5);
  });
});

describe('list: search, filters, mine, sort, paging', () => {
  const a = entry({
    name: 'Oncology - Melanoma - Tumivex - Version: 1.0',
    therapeuticArea: 'Oncology',
    disease: 'Melanoma',
    product: ['Tumivex'],
    modelType: 'Markov Cohort Model',
    studyNumber: 'MR-1042-024',
    creatorName: 'Leo Lead',
    creatorId: 'lead',
    managers: ['lead'],
    platform: 'Oncology',
    createdOn: '2023-05-01T00:00:00.000Z',
  });
  const b = entry({
    name: 'Vaccines - Herpes zoster - Zosteril',
    therapeuticArea: 'Vaccines',
    disease: 'Herpes zoster',
    product: ['Zosteril'],
    modelType: 'Budget Impact Model',
    creatorName: 'Emma Employee',
    creatorId: 'emma',
    managers: ['owner'],
    platform: 'WebModel 2.0',
    status: 'DRAFT',
    viewers: ['emma'],
    createdOn: '2024-02-01T00:00:00.000Z',
  });
  const c = entry({
    name: 'Cardiovascular - Heart failure - Cardiolin',
    therapeuticArea: 'Cardiovascular',
    modelType: 'Cost-Effectiveness Model',
    creatorName: 'Stella Steward',
    creatorId: 'steward',
    managers: ['steward', 'emma'],
    platform: 'Model Repository',
    createdOn: '2022-03-01T00:00:00.000Z',
  });
  const index = indexOf([a, b, c]);

  it('free text: every word must occur, case-insensitive, in name, type, creator, area, disease, products or study', () => {
    expect(uuids(listCatalogue(index, internal, query({ search: 'MELANOMA tumivex' })).items)).toEqual([
      a.uuid,
    ]);
    expect(uuids(listCatalogue(index, internal, query({ search: '1042-024' })).items)).toEqual([a.uuid]);
    expect(uuids(listCatalogue(index, internal, query({ search: 'employee' })).items)).toEqual([b.uuid]);
    expect(uuids(listCatalogue(index, internal, query({ search: 'budget' })).items)).toEqual([b.uuid]);
    expect(listCatalogue(index, internal, query({ search: 'melanoma zosteril' })).total).toBe(0);
  });

  it('mine: creator, lead, steward or owner (not viewer)', () => {
    expect(new Set(uuids(listCatalogue(index, internal, query({ view: 'mine' })).items))).toEqual(
      new Set([b.uuid, c.uuid]),
    );
    expect(
      uuids(listCatalogue(index, { id: 'lead', userType: 'INTERNALUSER' }, query({ view: 'mine' })).items),
    ).toEqual([a.uuid]);
  });

  it('filters by model type, therapeutic area and platform (any of the listed values)', () => {
    expect(uuids(listCatalogue(index, internal, query({ modelType: 'Budget Impact Model' })).items)).toEqual([
      b.uuid,
    ]);
    expect(
      new Set(
        uuids(listCatalogue(index, internal, query({ therapeuticArea: 'Oncology,Cardiovascular' })).items),
      ),
    ).toEqual(new Set([a.uuid, c.uuid]));
    expect(uuids(listCatalogue(index, internal, query({ platform: 'WebModel 2.0' })).items)).toEqual([
      b.uuid,
    ]);
    expect(listCatalogue(index, internal, query({ modelType: 'Unknown' })).total).toBe(0);
  });

  it.each([
    ['name', 'asc', [c, a, b]],
    ['name', 'desc', [b, a, c]],
    ['createdOn', 'desc', [b, a, c]],
    ['createdOn', 'asc', [c, a, b]],
    ['creator', 'asc', [b, a, c]],
    ['modelType', 'asc', [b, c, a]],
    ['status', 'asc', [b, c, a]],
  ] as const)('sorts by %s %s', (sort, order, expected) => {
    expect(uuids(listCatalogue(index, internal, query({ sort, order })).items)).toEqual(uuids([...expected]));
  });

  it('pages', () => {
    const page1 = listCatalogue(
      index,
      internal,
      query({ sort: 'name', order: 'asc', pageSize: '10', page: '0' }),
    );
    expect(page1.total).toBe(3);
    expect(listCatalogue(index, internal, query({ page: '1' })).items).toEqual([]);
    expect(listCatalogue(index, internal, query({ page: '1' })).total).toBe(3);
  });
});

describe('incremental updates keep the index equal to a fresh load', () => {
  it('finds words after many renames', () => {
    const base = Array.from({ length: 1500 }, (_, i) => entry({ name: `Start ${i}` }));
    const index = indexOf(base);
    let id = 0;
    const next = () => `01J${String(++id).padStart(23, '0')}`;
    const rename = (e: CatalogueEntry, rev: number, name: string) => index.apply(next(), { ...e, name, rev });
    for (let round = 0; round < 8; round++)
      for (const e of base) rename(e, 2 + round, `Round${round} ${e.name.split(' ')[1]}`);
    for (const e of base) rename(e, 10, `Middle ${e.name.split(' ')[1]}`);
    for (const e of base.slice(0, 700)) rename(e, 11, `Final ${e.name.split(' ')[1]} odd`);
    const search = (q: string) => listCatalogue(index, admin, query({ search: q, pageSize: '10' })).total;
    expect(search('start')).toBe(0);
    expect(search('round')).toBe(0);
    expect(search('middle')).toBe(800);
    expect(search('final odd')).toBe(700);
    expect(search('final 1499')).toBe(0);
    expect(search('middle 1499')).toBe(1);
    expect(search('olivia')).toBe(1500);
  });

  it('keeps the highest rev per entry: a late, older change never overwrites a newer one', () => {
    const a = entry({ name: 'Alpha', rev: 1 });
    const b = entry({ name: 'Bravo', rev: 4 });
    const index = indexOf([a, b]);
    expect(index.apply('01J00000000000000000000002', { ...a, name: 'Zulu', status: 'DRAFT', rev: 3 })).toBe(
      true,
    );
    // Newer change id, older rev (the writer's clock ran ahead, or the change committed late): skipped.
    expect(index.apply('01J00000000000000000000009', { ...a, name: 'Old', rev: 2 })).toBe(false);
    // The same change read twice (the catch-up window): skipped.
    expect(index.apply('01J00000000000000000000002', { ...a, name: 'Zulu', status: 'DRAFT', rev: 3 })).toBe(
      false,
    );
    const c = entry({ name: 'Charlie' });
    expect(index.apply('01J00000000000000000000003', c)).toBe(true);
    expect(index.apply('01J00000000000000000000004', { ...b, deleted: true, rev: 5 })).toBe(true);
    expect(index.apply('01J0000000000000000000000A', { ...b, name: 'Back', rev: 4 })).toBe(false);
    const names = listCatalogue(index, admin, query({ sort: 'name', order: 'asc' })).items.map((i) => i.name);
    expect(names).toEqual(['Charlie', 'Zulu']);
    const fresh = indexOf([c, { ...a, name: 'Zulu', status: 'DRAFT', rev: 3 }]);
    for (const sort of ['name', 'createdOn', 'creator', 'modelType', 'status'] as const) {
      expect(listCatalogue(index, admin, query({ sort })).items).toEqual(
        listCatalogue(fresh, admin, query({ sort })).items,
      );
    }
    expect(searchCatalogue(index, admin, filters()).total).toBe(2);
  });

  it('applies changes from before revs (rev 0) in log order', () => {
    const a = entry({ name: 'Alpha', rev: undefined });
    const index = indexOf([a]);
    index.apply('01J00000000000000000000001', { ...a, name: 'Bravo', rev: undefined });
    index.apply('01J00000000000000000000002', { ...a, name: 'Charlie', rev: undefined });
    expect(listCatalogue(index, admin, query()).items.map((i) => i.name)).toEqual(['Charlie']);
    expect(index.apply('01J00000000000000000000003', { ...a, name: 'Delta', rev: 1 })).toBe(true);
    expect(index.apply('01J00000000000000000000004', { ...a, name: 'Echo', rev: undefined })).toBe(false);
  });

  it('moves role-based visibility with the roles', () => {
    const d = entry({ status: 'DRAFT', managers: ['owner'] });
    const index = indexOf([d]);
    expect(listCatalogue(index, internal, query()).total).toBe(0);
    index.apply('01J00000000000000000000005', { ...d, viewers: ['emma'], rev: 2 });
    expect(listCatalogue(index, internal, query()).total).toBe(1);
    index.apply('01J00000000000000000000006', { ...d, viewers: [], rev: 3 });
    expect(listCatalogue(index, internal, query()).total).toBe(0);
  });

  it('answers like a fresh load after random changes (lists, search words, facets)', () => {
    const random = mulberry(11);
    const entries = randomEntries(400, random);
    const index = indexOf(entries);
    const state = new Map(entries.map((e) => [e.uuid, e]));
    const removed = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const target = entries[Math.floor(random() * entries.length)] as CatalogueEntry;
      if (removed.has(target.uuid)) continue;
      const current = state.get(target.uuid) as CatalogueEntry;
      const [next] = randomEntries(1, random);
      const changed: CatalogueEntry = {
        ...(next as CatalogueEntry),
        uuid: target.uuid,
        rev: (current.rev ?? 0) + 1,
        ...(random() < 0.05 ? { deleted: true } : {}),
      };
      index.apply(`01J${String(i).padStart(23, '0')}`, changed);
      if (changed.deleted) removed.add(target.uuid);
      else state.set(target.uuid, changed);
    }
    const live = [...state.values()].filter((e) => !removed.has(e.uuid));
    const fresh = indexOf(live);
    for (const caller of [internal, admin, vendor]) {
      for (const sort of ['name', 'createdOn', 'creator', 'modelType', 'status'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const q = query({ sort, order, pageSize: '100', status: 'CREATING,DRAFT,PUBLISHED,RETIRED' });
          expect(listCatalogue(index, caller, q)).toEqual(listCatalogue(fresh, caller, q));
        }
      }
      for (const search of ['n1', 'melanoma', 'olivia p2']) {
        expect(listCatalogue(index, caller, query({ search, pageSize: '100' }))).toEqual(
          listCatalogue(fresh, caller, query({ search, pageSize: '100' })),
        );
      }
      for (const chosen of [{}, { product: 'P2' }, { country: 'Japan', platform: 'Oncology' }]) {
        expect(searchCatalogue(index, caller, filters(chosen))).toEqual(
          searchCatalogue(fresh, caller, filters(chosen)),
        );
      }
    }
  });
});

// ---------- Dynamic View against a brute-force reference on random data ----------
const VALUES: Record<DynamicFacet, string[]> = {
  therapeutic_area: ['Oncology', 'Vaccines', 'Respiratory'],
  disease: ['Melanoma', 'Herpes zoster', 'Chronic cough', 'Seasonal influenza'],
  study_number: ['MR-1', 'MR-2'],
  product: ['P1', 'P2', 'P3', 'P4'],
  global: ['Global', 'Country Adaptation', 'Global + Country Adaptation'],
  country: ['France', 'Germany', 'Japan', 'Spain'],
  model_type: ['Markov', 'Budget Impact'],
  platform: ['Model Repository', 'WebModel 2.0', 'Oncology'],
};

function randomEntries(n: number, random: () => number): CatalogueEntry[] {
  const pick = <T>(l: readonly T[]) => l[Math.floor(random() * l.length)] as T;
  const some = (l: readonly string[]) => l.filter(() => random() < 0.35);
  const users = ['emma', 'owner', 'xavier', 'lead'];
  return Array.from({ length: n }, () =>
    entry({
      name: `N${Math.floor(random() * 1000)}`,
      status: pick(['DRAFT', 'PUBLISHED', 'PUBLISHED', 'RETIRED', 'CREATING'] as ModelStatus[]),
      ...(random() < 0.9 ? { therapeuticArea: pick(VALUES.therapeutic_area) } : {}),
      disease: pick(VALUES.disease),
      ...(random() < 0.5 ? { studyNumber: pick(VALUES.study_number) } : {}),
      product: some(VALUES.product),
      kind: pick(VALUES.global),
      country: some(VALUES.country),
      modelType: pick(VALUES.model_type),
      platform: pick(VALUES.platform) as CatalogueEntry['platform'],
      managers: some(users),
      viewers: some(users),
      others: some(users),
    }),
  );
}

function facetValues(e: CatalogueEntry, f: DynamicFacet): string[] {
  const v = {
    therapeutic_area: e.therapeuticArea,
    disease: e.disease,
    study_number: e.studyNumber,
    product: e.product,
    global: e.kind,
    country: e.country,
    model_type: e.modelType,
    platform: e.platform,
  }[f];
  return v === undefined ? [] : Array.isArray(v) ? [...new Set(v)] : [v];
}

function reference(entries: CatalogueEntry[], caller: Caller, chosen: Partial<Record<DynamicFacet, string>>) {
  const visible = entries.filter((e) => {
    const roles = { ...EMPTY_ROLES, owners: e.managers, viewers: e.viewers, calibrationModelers: e.others };
    return modelPermission('preview', caller, { status: e.status, roles }) === 'allowed';
  });
  const matches = (e: CatalogueEntry, except?: DynamicFacet) =>
    Object.entries(chosen).every(([f, v]) => f === except || facetValues(e, f as DynamicFacet).includes(v));
  const counts = Object.fromEntries(
    DYNAMIC_FACETS.map((f) => {
      const c = new Map<string, number>();
      for (const e of visible.filter((x) => matches(x, f)))
        for (const v of facetValues(e, f)) c.set(v, (c.get(v) ?? 0) + 1);
      return [
        f,
        [...c].map(([value, count]) => ({ value, count })).sort((x, y) => x.value.localeCompare(y.value)),
      ];
    }),
  );
  return { total: visible.filter((e) => matches(e)).length, counts };
}

function mulberry(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('Dynamic View facets', () => {
  const random = mulberry(7);
  const entries = randomEntries(800, random);
  const index = indexOf(entries);
  const callers: Caller[] = [
    internal,
    admin,
    vendor,
    ...(['INTERNALUSER', 'EXTERNALUSER'] as UserType[]).map((t) => ({ id: 'owner', userType: t })),
  ];
  const cases: Partial<Record<DynamicFacet, string>>[] = [
    {},
    { therapeutic_area: 'Oncology' },
    { product: 'P2' },
    { country: 'Japan', global: 'Country Adaptation' },
    { therapeutic_area: 'Vaccines', product: 'P1', platform: 'WebModel 2.0' },
    { disease: 'Melanoma', study_number: 'MR-2', model_type: 'Markov', country: 'France' },
  ];

  it.each(cases)('counts what remains among the entries matching the other facets: %j', (chosen) => {
    for (const caller of callers) {
      const got = searchCatalogue(index, caller, filters(chosen));
      const want = reference(entries, caller, chosen);
      expect(got.total).toBe(want.total);
      expect(got.availableFilters).toEqual(want.counts);
      expect(got.models.length).toBe(Math.min(500, want.total));
    }
  });

  it('an unknown value matches nothing but still offers the other facets', () => {
    const got = searchCatalogue(index, admin, filters({ disease: 'No such disease' }));
    expect(got.total).toBe(0);
    expect(got.models).toEqual([]);
    expect(got.availableFilters.disease.length).toBeGreaterThan(0);
    expect(got.availableFilters.product).toEqual([]);
  });

  it('matches a value ignoring case', () => {
    expect(searchCatalogue(index, admin, filters({ therapeutic_area: 'oncology' })).total).toBe(
      searchCatalogue(index, admin, filters({ therapeutic_area: 'Oncology' })).total,
    );
  });

  it('returns at most 500 cards in name order, with the full total', () => {
    const many = indexOf(
      Array.from({ length: 510 }, (_, i) => entry({ name: `Cap ${String(i).padStart(3, '0')}` })),
    );
    const got = searchCatalogue(many, admin, filters());
    expect(got.total).toBe(510);
    expect(got.models).toHaveLength(500);
    expect(got.models[0]?.name).toBe('Cap 000');
    expect(got.models[499]?.name).toBe('Cap 499');
  });
});

describe('replayFrom', () => {
  it('re-reads a window before the newest change id seen', () => {
    expect(replayFrom('')).toBe('');
    const id = '01J9Z8Y7X6W5V4T3S2R1Q0P9N8';
    const from = replayFrom(id, 10_000);
    expect(from).toHaveLength(10);
    expect(from < id.slice(0, 10)).toBe(true);
    expect(replayFrom(id, 0)).toBe(id.slice(0, 10));
  });
});

describe('catchUpFrom', () => {
  const newest = '01J9Z8Y7X6W5V4T3S2R1Q0P9N8';
  const newestMs = decodeTime(newest);
  it('starts right after the newest id when it is older than the window before the previous Query', () => {
    expect(catchUpFrom(newest, newestMs + 60_000)).toBe(newest);
  });
  it('re-reads the window before the previous Query while recent changes may still commit', () => {
    const from = catchUpFrom(newest, newestMs + 1_000, 10_000);
    expect(from).toBe(encodeTime(newestMs - 9_000, 10));
    expect(from < newest).toBe(true);
  });
});
