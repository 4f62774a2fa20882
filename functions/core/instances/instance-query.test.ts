import { INSTANCE_NAME_FACET_LIMIT, ListInstancesQuerySchema } from '@shared/schemas/instance-api';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { describe, expect, it } from 'vitest';
import type { InstanceSummaryRecord } from '../../data/instances';
import { queryInstances, rowSource, toRow } from './instance-query';

function summary(id: string, overrides: Partial<InstanceSummaryRecord> = {}): InstanceSummaryRecord {
  return {
    id,
    name: `Instance ${id}`,
    status: 'DRAFT',
    createdBy: 'lead',
    createdByName: 'Leo Lead',
    createdOn: '2026-03-10T10:00:00.000Z',
    modifiedOn: '2026-03-10T10:00:00.000Z',
    outdated: false,
    hidden: false,
    type: 'scenario',
    executionSetupId: 'sm1',
    sharedWith: [],
    ...overrides,
  };
}

const ALL: ReadonlySet<SubModelType> = new Set(['scenario', 'calibration', 'display']);
const source = (rows: InstanceSummaryRecord[]) => rowSource(rows.map(toRow));
const run = (
  rows: InstanceSummaryRecord[],
  query: Record<string, string> = {},
  caller: { id?: string; visibleTypes?: ReadonlySet<SubModelType> } = {},
) =>
  queryInstances(source(rows), ListInstancesQuerySchema.parse(query), {
    id: caller.id ?? 'lead',
    visibleTypes: caller.visibleTypes ?? ALL,
  });
const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

describe('the instance list query', () => {
  it('answers the newest first by default, 20 a page, with the total of every match', () => {
    const rows = Array.from({ length: 45 }, (_, i) =>
      summary(`i${String(i).padStart(2, '0')}`, {
        createdOn: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
      }),
    );
    const page = run(rows);
    expect(page.total).toBe(45);
    expect(page.items).toHaveLength(20);
    expect(page.items[0]?.id).toBe('i44');
    expect(page.items[19]?.id).toBe('i25');
  });

  it('reads pageIndex as the offset of the first row (§3), not as a page number', () => {
    const rows = Array.from({ length: 30 }, (_, i) => summary(`i${String(i).padStart(2, '0')}`));
    const page = run(rows, { orderBy: 'name', orderDesc: 'false', pageIndex: '25', pageSize: '10' });
    expect(ids(page)).toEqual(['i25', 'i26', 'i27', 'i28', 'i29']);
    expect(page.total).toBe(30);
    expect(run(rows, { pageIndex: '30' }).items).toEqual([]);
  });

  it('accepts the page sizes 10, 20, 50, 100 and 1000 (the calibration list) only', () => {
    for (const size of ['10', '20', '50', '100', '1000'])
      expect(ListInstancesQuerySchema.safeParse({ pageSize: size }).success).toBe(true);
    for (const size of ['5', '25', '200', '10000'])
      expect(ListInstancesQuerySchema.safeParse({ pageSize: size }).success).toBe(false);
  });

  it('keeps one sub-model and leaves out the sections the caller does not see', () => {
    const rows = [
      summary('a'),
      summary('b', { executionSetupId: 'sm2' }),
      summary('c', { type: 'calibration', executionSetupId: 'cal' }),
    ];
    expect(ids(run(rows, { executionSetupId: 'sm1' }))).toEqual(['a']);
    expect(
      ids(run(rows, { orderBy: 'name', orderDesc: 'false' }, { visibleTypes: new Set(['scenario']) })),
    ).toEqual(['a', 'b']);
  });

  it('filters by a list of statuses and offers every status the other filters leave (facet)', () => {
    const rows = [
      summary('a', { status: 'COMPLETED' }),
      summary('b', { status: 'FAILED' }),
      summary('c', { status: 'DRAFT', createdBy: 'owner', createdByName: 'Olivia Owner' }),
    ];
    const page = run(rows, { status: 'COMPLETED,FAILED', orderBy: 'name', orderDesc: 'false' });
    expect(ids(page)).toEqual(['a', 'b']);
    expect(page.facets.status).toEqual(['DRAFT', 'COMPLETED', 'FAILED']);
    // The creator facet narrows with the status filter.
    expect(page.facets.createdBy).toEqual([{ id: 'lead', name: 'Leo Lead' }]);
    expect(run(rows, { createdBy: 'owner' }).facets.status).toEqual(['DRAFT']);
  });

  it('matches one name whole, in any case and trimmed', () => {
    const rows = [summary('a', { name: 'Base Case' }), summary('b', { name: 'Base Case 2' })];
    expect(ids(run(rows, { name: '  base case ' }))).toEqual(['a']);
    expect(run(rows, { name: 'base' }).total).toBe(0);
  });

  it('filters by creators and by the month of creation (UTC)', () => {
    const rows = [
      summary('jan', { createdOn: '2026-01-31T23:59:59.000Z' }),
      summary('feb', {
        createdOn: '2026-02-01T00:00:00.000Z',
        createdBy: 'owner',
        createdByName: 'Olivia Owner',
      }),
      summary('feb2', { createdOn: '2025-02-15T00:00:00.000Z' }),
    ];
    expect(ids(run(rows, { createdOnMonth: '2', orderBy: 'name', orderDesc: 'false' }))).toEqual([
      'feb',
      'feb2',
    ]);
    expect(ids(run(rows, { createdBy: 'owner,steward' }))).toEqual(['feb']);
    expect(ListInstancesQuerySchema.safeParse({ createdOnMonth: '13' }).success).toBe(false);
  });

  it('searches a part of the name, the label or the creator, in any case', () => {
    const rows = [
      summary('a', { name: 'Vaccine uptake' }),
      summary('b', { label: 'High UPTAKE' }),
      summary('c', { createdBy: 'owner', createdByName: 'Olivia Owner' }),
      summary('d'),
    ];
    expect(ids(run(rows, { query: 'uptake', orderBy: 'name', orderDesc: 'false' }))).toEqual(['b', 'a']);
    expect(ids(run(rows, { query: 'olivia' }))).toEqual(['c']);
  });

  it('shows hidden instances (unsaved analyses) only when asked for them', () => {
    const rows = [summary('a', { hidden: true }), summary('b')];
    expect(ids(run(rows, { hidden: 'true' }))).toEqual(['a']);
    expect(ids(run(rows, { hidden: 'false' }))).toEqual(['b']);
    expect(ids(run(rows))).toEqual(['b']);
  });

  it("'mine' keeps what the caller created and what is shared with the caller", () => {
    const rows = [
      summary('own', { createdBy: 'viewer' }),
      summary('shared', { sharedWith: ['viewer'] }),
      summary('other'),
    ];
    const page = run(rows, { view: 'mine', orderBy: 'name', orderDesc: 'false' }, { id: 'viewer' });
    expect(ids(page)).toEqual(['own', 'shared']);
    expect(page.items.map((i) => [i.id, i.shared, i.userAccess])).toEqual([
      ['own', false, 'CREATOR'],
      ['shared', true, 'SHARED'],
    ]);
  });

  it('orders by name in any case, by status label and by creator name, ties by id', () => {
    const rows = [
      summary('1', { name: 'beta', status: 'COMPLETED', createdByName: 'Zed' }),
      summary('2', { name: 'Alpha', status: 'DRAFT', createdByName: 'Amy' }),
      summary('3', { name: 'alpha 2', status: 'FAILED', createdByName: 'Amy' }),
    ];
    expect(ids(run(rows, { orderBy: 'name', orderDesc: 'false' }))).toEqual(['2', '3', '1']);
    expect(ids(run(rows, { orderBy: 'name', orderDesc: 'true' }))).toEqual(['1', '3', '2']);
    // Labels: Completed, Failed, Not Executed.
    expect(ids(run(rows, { orderBy: 'status', orderDesc: 'false' }))).toEqual(['1', '3', '2']);
    expect(ids(run(rows, { orderBy: 'createdBy', orderDesc: 'false' }))).toEqual(['2', '3', '1']);
  });

  it('offers names in name order, cut at the facet limit', () => {
    const rows = Array.from({ length: INSTANCE_NAME_FACET_LIMIT + 5 }, (_, i) =>
      summary(`i${i}`, { name: `Run ${String(i).padStart(5, '0')}` }),
    );
    const names = run(rows).facets.name;
    expect(names).toHaveLength(INSTANCE_NAME_FACET_LIMIT);
    expect(names[0]).toBe('Run 00000');
    expect(run(rows, { name: 'Run 00003' }).facets.name).toHaveLength(INSTANCE_NAME_FACET_LIMIT);
  });

  it('answers a caller who sees no section with nothing', () => {
    expect(run([summary('a')], {}, { visibleTypes: new Set() })).toMatchObject({ items: [], total: 0 });
  });
});
