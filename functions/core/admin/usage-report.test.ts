import type { CatalogueEntry } from '@shared/schemas/catalogue';
import type { User, UserType } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogueIndex } from '../catalogue/catalogue-index';

const data = vi.hoisted(() => ({ listMonthUsage: vi.fn(), listLastOpened: vi.fn() }));
vi.mock('../../data/usage', () => data);
vi.mock('../catalogue/projection', () => ({ currentCatalogue: vi.fn() }));

const { getUsageReport, listDormantEntries } = await import('./usage-report');

const persona = (id: string, userType: UserType): User => ({
  id,
  firstName: id,
  lastName: id,
  email: `${id}@example.com`,
  active: true,
  userType,
  createdOn: '2020-01-01T00:00:00.000Z',
});
const admin = persona('admin', 'SUPERUSER');
const REFUSED = [persona('lead', 'INTERNALUSER'), persona('vendor', 'EXTERNALUSER')];

const NOW = Date.parse('2026-11-15T12:00:00.000Z');

function entry(
  uuid: string,
  name: string,
  createdOn: string,
  status: CatalogueEntry['status'] = 'PUBLISHED',
) {
  return {
    uuid,
    name,
    status,
    product: [],
    country: [],
    creatorId: 'lead',
    creatorName: 'Lead',
    createdOn,
    managers: ['lead'],
    viewers: [],
    others: [],
  } satisfies CatalogueEntry;
}

/** A projection holding the given entries, as the catalogue would after applying their changes. */
function catalogueOf(...entries: CatalogueEntry[]) {
  const index = new CatalogueIndex();
  entries.forEach((e, i) => {
    index.apply(`01J${String(i).padStart(23, '0')}`, e);
  });
  return async () => index;
}

beforeEach(() => {
  vi.clearAllMocks();
  data.listMonthUsage.mockResolvedValue([]);
  data.listLastOpened.mockResolvedValue([]);
});

describe('usage report (issue 20 §8)', () => {
  it.each(REFUSED)('refuses $userType callers (403) before reading anything', async (caller) => {
    await expect(getUsageReport(caller, {}, NOW, catalogueOf())).rejects.toMatchObject({ statusCode: 403 });
    await expect(listDormantEntries(caller, NOW, catalogueOf())).rejects.toMatchObject({ statusCode: 403 });
    expect(data.listMonthUsage).not.toHaveBeenCalled();
    expect(data.listLastOpened).not.toHaveBeenCalled();
  });

  it('answers the current month when none is asked, with an empty grid when nothing was counted', async () => {
    const report = await getUsageReport(admin, {}, NOW, catalogueOf());
    expect(data.listMonthUsage).toHaveBeenCalledWith('2026-11');
    expect(report).toEqual({
      month: '2026-11',
      items: [],
      total: 0,
      totals: { views: 0, downloads: 0, runs: 0 },
    });
  });

  it('names each entry, marks a deleted one, sorts most viewed first and adds up the month', async () => {
    data.listMonthUsage.mockResolvedValue([
      { month: '2026-10', modelUuid: 'b', views: 2, downloads: 5, runs: 0 },
      { month: '2026-10', modelUuid: 'a', views: 9, downloads: 0, runs: 3 },
      { month: '2026-10', modelUuid: 'gone', views: 2, downloads: 1, runs: 0 },
    ]);
    const catalogue = catalogueOf(
      entry('a', 'Alpha', '2025-01-01T00:00:00.000Z'),
      entry('b', 'Beta', '2025-01-01T00:00:00.000Z'),
    );
    const report = await getUsageReport(admin, { month: '2026-10' }, NOW, catalogue);
    expect(report.items.map((r) => [r.name, r.views, r.deleted])).toEqual([
      ['Alpha', 9, false],
      ['Beta', 2, false],
      ['gone', 2, true],
    ]);
    expect(report.totals).toEqual({ views: 13, downloads: 6, runs: 3 });
    expect(report.total).toBe(3);
  });

  it('lists live entries older than a year that nobody opened in the last twelve months', async () => {
    data.listLastOpened.mockResolvedValue([
      { modelUuid: 'recent', lastOpened: '2025-12' },
      { modelUuid: 'stale', lastOpened: '2025-11' },
    ]);
    const old = '2024-06-01T00:00:00.000Z';
    const catalogue = catalogueOf(
      entry('recent', 'Opened this year', old),
      entry('stale', 'Opened 12 months ago', old),
      entry('never', 'Never opened', old),
      entry('young', 'Created last month', '2026-10-01T00:00:00.000Z'),
      entry('retired', 'Already retired', old, 'RETIRED'),
      entry('draft', 'Old draft', old, 'DRAFT'),
    );
    const list = await listDormantEntries(admin, NOW, catalogue);
    expect(list.since).toBe('2025-12');
    expect(list.items.map((e) => [e.name, e.lastOpened])).toEqual([
      ['Never opened', undefined],
      ['Old draft', undefined],
      ['Opened 12 months ago', '2025-11'],
    ]);
    expect(list.total).toBe(3);
  });
});
