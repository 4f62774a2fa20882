import type { InstanceOrderBy } from '@shared/schemas/instance-api';
import { type InstanceSummaryRecord, queryInstanceSummaries, readInstancesRev } from '../../data/instances';
import { logger } from '../../lib/observability';
import { type InstanceRow, ROW_ORDER, type RowSource, toRow } from './instance-query';

/**
 * The instance list of each entry, held in memory by the function (docs/data-model.md, "Instances").
 * An entry's list is tagged with the `INSTANCES#<uuid>` / `REV` counter read before it was loaded;
 * every write of the entry's instances raises the counter in its own transaction. A request reads the
 * counter (one consistent GetItem) and reloads the list (one consistent Query of the list fields) only
 * when the counter moved past the tag. A write made by this process is applied to the list in place
 * when nothing else was written meanwhile (`applyLocalWrite`), so the next request needs no reload.
 */

/** Entries kept at once (least recently used first out); 10,000 instances take about 5 MB. */
const MAX_CACHED_ENTRIES = 20;

class EntryList implements RowSource {
  readonly rows: InstanceRow[];
  private readonly orders = new Map<InstanceOrderBy, InstanceRow[]>();

  constructor(
    readonly uuid: string,
    public rev: number,
    summaries: readonly InstanceSummaryRecord[],
  ) {
    this.rows = summaries.map(toRow);
  }

  sorted(orderBy: InstanceOrderBy): readonly InstanceRow[] {
    let order = this.orders.get(orderBy);
    if (!order) {
      order = [...this.rows].sort(ROW_ORDER[orderBy]);
      this.orders.set(orderBy, order);
    }
    return order;
  }

  remove(id: string): void {
    const index = this.rows.findIndex((r) => r.id === id);
    if (index < 0) return;
    const row = this.rows[index] as InstanceRow;
    this.rows.splice(index, 1);
    for (const [orderBy, order] of this.orders) {
      const at = position(order, row, ROW_ORDER[orderBy]);
      if (order[at] === row) order.splice(at, 1);
      else order.splice(order.indexOf(row), 1);
    }
  }

  upsert(summary: InstanceSummaryRecord): void {
    this.remove(summary.id);
    const row = toRow(summary);
    this.rows.push(row);
    for (const [orderBy, order] of this.orders)
      order.splice(position(order, row, ROW_ORDER[orderBy]), 0, row);
  }
}

/** The first index whose row does not sort before `row` (binary search). */
function position(
  order: readonly InstanceRow[],
  row: InstanceRow,
  compare: (a: InstanceRow, b: InstanceRow) => number,
): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(order[mid] as InstanceRow, row) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

const lists = new Map<string, EntryList>();
const loads = new Map<string, Promise<EntryList>>();

function remember(list: EntryList): void {
  const held = lists.get(list.uuid);
  // A list loaded at an older counter never replaces a newer one (two loads may overlap).
  if (held && held.rev > list.rev) return;
  lists.delete(list.uuid);
  lists.set(list.uuid, list);
  while (lists.size > MAX_CACHED_ENTRIES) {
    const oldest = lists.keys().next().value as string;
    lists.delete(oldest);
  }
}

/**
 * The entry's list as of counter `rev` or later: the held one when it is that current, else loaded
 * (one load per entry and counter at a time, however many requests wait for it).
 */
export async function instanceListAt(uuid: string, rev: number): Promise<RowSource> {
  const held = lists.get(uuid);
  if (held && held.rev >= rev) {
    lists.delete(uuid);
    lists.set(uuid, held);
    return held;
  }
  const key = `${uuid}#${rev}`;
  let loading = loads.get(key);
  if (!loading) {
    loading = queryInstanceSummaries(uuid).then((summaries) => {
      const list = new EntryList(uuid, rev, summaries);
      remember(list);
      return list;
    });
    loads.set(key, loading);
    const done = () => loads.delete(key);
    loading.then(done, done);
  }
  return loading;
}

/** The list held for an entry right now (taken before a write, for `applyLocalWrite`). */
export const heldInstanceList = (uuid: string): object | undefined => lists.get(uuid);

/**
 * After this process committed one write of the entry's instances: if the held list is still the one
 * taken before the write (`before`) and the counter is exactly one past its tag, that write is the
 * only one since the list was loaded, so it is applied in place and the tag moves on. Otherwise the
 * next request reloads. Best effort: a failed counter read leaves the list to be reloaded.
 */
export async function applyLocalWrite(
  uuid: string,
  before: object | undefined,
  change: { upsert?: InstanceSummaryRecord[]; remove?: string[] },
): Promise<void> {
  if (!(before instanceof EntryList)) return;
  let rev: number;
  try {
    rev = await readInstancesRev(uuid);
  } catch (error) {
    logger.warn('Could not read the instance counter after a write', { uuid, error });
    return;
  }
  if (lists.get(uuid) !== before || rev !== before.rev + 1) return;
  for (const id of change.remove ?? []) before.remove(id);
  for (const summary of change.upsert ?? []) before.upsert(summary);
  before.rev = rev;
}

/** Forgets every held list (tests). */
export function forgetInstanceLists(): void {
  lists.clear();
  loads.clear();
}
