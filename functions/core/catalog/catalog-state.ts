import type { CatalogEntry } from '@shared/schemas/catalog';
import {
  type CatalogSnapshot,
  deleteChangesBefore,
  getCatalogSnapshot,
  listChangesAfter,
  putCatalogSnapshot,
} from '../../data/catalog-log';
import { replayFrom } from './projection';

/**
 * The catalogue as plain entries (no search indexes): what the compaction job and the seed script
 * fold into a snapshot. Same replay rule as the projection: a change applies unless the entry already
 * reflects a newer one.
 */
export interface CatalogState {
  previous: CatalogSnapshot | undefined;
  entries: Map<string, { id: string; entry: CatalogEntry | undefined }>;
  lastChangeId: string;
}

export async function loadCatalogState(): Promise<CatalogState> {
  const previous = await getCatalogSnapshot();
  const entries: CatalogState['entries'] = new Map();
  for (const entry of previous?.entries ?? []) entries.set(entry.uuid, { id: '', entry });
  let lastChangeId = previous?.lastChangeId ?? '';
  for (const change of await listChangesAfter(replayFrom(lastChangeId))) {
    foldChange(entries, change.id, change.entry);
    if (change.id > lastChangeId) lastChangeId = change.id;
  }
  return { previous, entries, lastChangeId };
}

export function foldChange(entries: CatalogState['entries'], id: string, entry: CatalogEntry): void {
  const current = entries.get(entry.uuid);
  if (current && current.id !== '' && id <= current.id) return;
  const removed = entry.deleted === true || entry.status === 'DELETED';
  entries.set(entry.uuid, { id, entry: removed ? undefined : entry });
}

export function snapshotOf(state: CatalogState): CatalogSnapshot {
  const entries: CatalogEntry[] = [];
  for (const { entry } of state.entries.values()) if (entry) entries.push(entry);
  return { lastChangeId: state.lastChangeId, entries };
}

export interface CompactionResult {
  entries: number;
  lastChangeId: string;
  snapshotBytes: number;
  deletedChanges: number;
}

/**
 * Compaction (scheduled every 15 minutes in AWS; `npm run catalog:compact` locally).
 * 1. Load the previous snapshot and replay the changes after it.
 * 2. Write the new snapshot (it records the newest change id it contains).
 * 3. Delete the changes older than the PREVIOUS snapshot (less the catch-up window): a projection
 *    that loaded the previous snapshot a moment ago may still replay from there.
 */
export async function compactCatalog(): Promise<CompactionResult> {
  const state = await loadCatalogState();
  const snapshot = snapshotOf(state);
  const snapshotBytes = await putCatalogSnapshot(snapshot);
  const deletedChanges = state.previous?.lastChangeId
    ? await deleteChangesBefore(replayFrom(state.previous.lastChangeId))
    : 0;
  return {
    entries: snapshot.entries.length,
    lastChangeId: snapshot.lastChangeId,
    snapshotBytes,
    deletedChanges,
  };
}
