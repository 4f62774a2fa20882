import {
  DORMANT_AFTER_MONTHS,
  type DormantEntry,
  type DormantEntryList,
  monthOf,
  monthsBefore,
  type UsageQuery,
  type UsageReport,
  type UsageRow,
} from '@shared/schemas/usage';
import type { User } from '@shared/schemas/user';
import { listLastOpened, listMonthUsage } from '../../data/usage';
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { currentCatalogue } from '../catalogue/projection';
import { STATUS_CODE, STATUSES } from '../catalogue/visibility';
import { requireAdministrator } from './authorize';

/** Reads the catalogue projection (names, statuses, creation dates); tests pass their own. */
export type CatalogueSource = () => Promise<CatalogueIndex>;

/** Entries in these states can still be retired, so they are candidates when nobody opens them. */
const RETIRABLE = new Set([STATUS_CODE.DRAFT, STATUS_CODE.PUBLISHED]);

/**
 * GET /v2/admin/usage (issue 20 §8): one month's views, downloads and runs per entry.
 * 1. Administrators only (403).
 * 2. Read the month's counters (one partition) and name each entry from the catalogue projection; an
 *    entry deleted since keeps its row (its uses happened), marked deleted.
 * 3. Most viewed first, then downloads, runs and name; the month's totals.
 */
export async function getUsageReport(
  caller: User,
  query: UsageQuery,
  now = Date.now(),
  catalogue: CatalogueSource = currentCatalogue,
): Promise<UsageReport> {
  requireAdministrator(caller);
  const month = query.month ?? monthOf(now);
  const [rows, index] = await Promise.all([listMonthUsage(month), catalogue()]);
  const items = rows.map((row): UsageRow => {
    const slot = index.slotOf(row.modelUuid);
    const live = slot !== undefined && index.status[slot] !== STATUS_CODE.DELETED;
    return {
      modelUuid: row.modelUuid,
      name: slot === undefined ? row.modelUuid : index.strings.name.get(slot),
      deleted: !live,
      views: row.views,
      downloads: row.downloads,
      runs: row.runs,
    };
  });
  items.sort(
    (a, b) =>
      b.views - a.views || b.downloads - a.downloads || b.runs - a.runs || a.name.localeCompare(b.name, 'en'),
  );
  const totals = { views: 0, downloads: 0, runs: 0 };
  for (const row of items) {
    totals.views += row.views;
    totals.downloads += row.downloads;
    totals.runs += row.runs;
  }
  return { month, items, total: items.length, totals };
}

/**
 * GET /v2/admin/usage/dormant (issue 20 §8): the entries nobody opened in a year, candidates for
 * retirement.
 * 1. Administrators only (403).
 * 2. `since` is the first month of the last twelve (this one included); an entry opened in or after it
 *    is in use. The last-opened months come from one index partition, never a scan.
 * 3. Draft and published entries created more than a year ago and not opened since `since`, the
 *    longest unopened first (never opened before any opened one), then by name.
 */
export async function listDormantEntries(
  caller: User,
  now = Date.now(),
  catalogue: CatalogueSource = currentCatalogue,
): Promise<DormantEntryList> {
  requireAdministrator(caller);
  const since = monthsBefore(monthOf(now), DORMANT_AFTER_MONTHS - 1);
  const createdBefore = new Date(now);
  createdBefore.setUTCFullYear(createdBefore.getUTCFullYear() - 1);
  const createdCutoff = createdBefore.toISOString();
  const [opened, index] = await Promise.all([listLastOpened(), catalogue()]);
  const lastOpened = new Map(opened.map((row) => [row.modelUuid, row.lastOpened]));
  const items: DormantEntry[] = [];
  for (let slot = 0; slot < index.size; slot++) {
    if (!RETIRABLE.has(index.status[slot] as number)) continue;
    const createdOn = index.strings.createdOn.get(slot);
    if (!createdOn || createdOn >= createdCutoff) continue;
    const modelUuid = index.strings.uuid.get(slot);
    const last = lastOpened.get(modelUuid);
    if (last !== undefined && last >= since) continue;
    items.push({
      modelUuid,
      name: index.strings.name.get(slot),
      status: STATUSES[index.status[slot] as number] ?? 'DRAFT',
      createdOn,
      ...(last ? { lastOpened: last } : {}),
    });
  }
  items.sort(
    (a, b) => (a.lastOpened ?? '').localeCompare(b.lastOpened ?? '') || a.name.localeCompare(b.name, 'en'),
  );
  return { since, items, total: items.length };
}
