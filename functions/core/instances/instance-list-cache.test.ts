import { ListInstancesQuerySchema } from '@shared/schemas/instance-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceSummaryRecord } from '../../data/instances';

const data = vi.hoisted(() => ({ queryInstanceSummaries: vi.fn(), readInstancesRev: vi.fn() }));
vi.mock('../../data/instances', () => data);

const { applyLocalWrite, forgetInstanceLists, heldInstanceList, instanceListAt } = await import(
  './instance-list-cache'
);
const { queryInstances } = await import('./instance-query');

const summary = (id: string, name = `Run ${id}`): InstanceSummaryRecord => ({
  id,
  name,
  status: 'DRAFT',
  createdBy: 'lead',
  createdByName: 'Leo Lead',
  createdOn: `2026-01-01T00:00:0${id}.000Z`,
  modifiedOn: '2026-01-01T00:00:00.000Z',
  outdated: false,
  hidden: false,
  type: 'scenario',
  executionSetupId: 'sm1',
  sharedWith: [],
});
const names = async (rev: number, orderBy: 'name' | 'createdOn' = 'name') =>
  queryInstances(
    await instanceListAt('u1', rev),
    ListInstancesQuerySchema.parse({ orderBy, orderDesc: 'false' }),
    { id: 'lead', visibleTypes: new Set(['scenario']) },
  ).items.map((i) => i.name);

beforeEach(() => {
  forgetInstanceLists();
  data.queryInstanceSummaries.mockReset();
  data.readInstancesRev.mockReset();
});

describe('the instance list cache', () => {
  it('loads an entry once and serves it until the counter moves', async () => {
    data.queryInstanceSummaries.mockResolvedValue([summary('1'), summary('2')]);
    expect(await names(5)).toEqual(['Run 1', 'Run 2']);
    expect(await names(5)).toEqual(['Run 1', 'Run 2']);
    expect(data.queryInstanceSummaries).toHaveBeenCalledTimes(1);

    data.queryInstanceSummaries.mockResolvedValue([summary('1'), summary('2'), summary('3')]);
    expect(await names(6)).toEqual(['Run 1', 'Run 2', 'Run 3']);
    expect(data.queryInstanceSummaries).toHaveBeenCalledTimes(2);
  });

  it('loads once for requests that arrive together', async () => {
    data.queryInstanceSummaries.mockResolvedValue([summary('1')]);
    await Promise.all([names(1), names(1), names(1)]);
    expect(data.queryInstanceSummaries).toHaveBeenCalledTimes(1);
  });

  it('applies its own write in place when it is the only one since the load', async () => {
    data.queryInstanceSummaries.mockResolvedValue([summary('1'), summary('3')]);
    await names(7);
    await names(7, 'createdOn');
    const before = heldInstanceList('u1');
    data.readInstancesRev.mockResolvedValue(8);
    await applyLocalWrite('u1', before, { upsert: [summary('2'), { ...summary('3'), name: 'Run 0' }] });

    expect(await names(8)).toEqual(['Run 0', 'Run 1', 'Run 2']);
    expect(await names(8, 'createdOn')).toEqual(['Run 1', 'Run 2', 'Run 0']);
    data.readInstancesRev.mockResolvedValue(9);
    await applyLocalWrite('u1', heldInstanceList('u1'), { remove: ['1'] });
    expect(await names(9)).toEqual(['Run 0', 'Run 2']);
    expect(data.queryInstanceSummaries).toHaveBeenCalledTimes(1);
  });

  it('reloads instead when another write came between (the counter moved by more than one)', async () => {
    data.queryInstanceSummaries.mockResolvedValue([summary('1')]);
    await names(7);
    const before = heldInstanceList('u1');
    data.readInstancesRev.mockResolvedValue(9);
    await applyLocalWrite('u1', before, { upsert: [summary('2')] });

    data.queryInstanceSummaries.mockResolvedValue([summary('1'), summary('2'), summary('4')]);
    expect(await names(9)).toEqual(['Run 1', 'Run 2', 'Run 4']);
    expect(data.queryInstanceSummaries).toHaveBeenCalledTimes(2);
  });

  it('does not apply a write to a list loaded after the write began', async () => {
    data.queryInstanceSummaries.mockResolvedValue([summary('1')]);
    await names(7);
    const before = heldInstanceList('u1');
    // Another request of this process reloads meanwhile (at 8, which already holds the write).
    data.queryInstanceSummaries.mockResolvedValue([summary('1'), summary('2')]);
    await names(8);
    data.readInstancesRev.mockResolvedValue(8);
    await applyLocalWrite('u1', before, { upsert: [summary('2')] });
    expect(await names(8)).toEqual(['Run 1', 'Run 2']);
  });

  it('leaves the list to a reload when the counter cannot be read after a write', async () => {
    data.queryInstanceSummaries.mockResolvedValue([summary('1')]);
    await names(3);
    data.readInstancesRev.mockRejectedValue(new Error('throttled'));
    await expect(
      applyLocalWrite('u1', heldInstanceList('u1'), { upsert: [summary('2')] }),
    ).resolves.toBeUndefined();
    expect(await names(3)).toEqual(['Run 1']);
  });
});
