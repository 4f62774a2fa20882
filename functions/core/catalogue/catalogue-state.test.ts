import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { encodeTime } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeRead, LegacySnapshot } from '../../data/catalogue-log';
import { CatalogueIndex } from './catalogue-index';
import {
  CATCH_UP_WINDOW_MS,
  type CatalogueStore,
  compactCatalogue,
  loadCatalogue,
  TOMBSTONE_TTL_MS,
} from './catalogue-state';
import { createProjection } from './projection';

/**
 * The snapshot and the change log in memory, with the data layer's semantics (catalogue-log.ts): the log
 * is sorted by change id, read strongly consistent in pages after an id, and a trim puts its marker at
 * the boundary before deleting what lies below it. Every read of the snapshot gets its own copy, as
 * every S3 GET does.
 */
class MemoryStore implements CatalogueStore {
  snapshot: Buffer | undefined;
  legacy: LegacySnapshot | undefined;
  puts = 0;
  readonly log = new Map<string, { entry?: CatalogueEntry; trimmedBefore?: string }>();
  constructor(readonly pageSize = 25) {}

  commit(id: string, entry: CatalogueEntry): void {
    this.log.set(id, { entry: structuredClone(entry) });
  }
  async getSnapshotBytes() {
    return this.snapshot ? Buffer.from(this.snapshot) : undefined;
  }
  async putSnapshotBytes(bytes: Uint8Array) {
    this.snapshot = Buffer.from(bytes);
    this.puts++;
    return bytes.length;
  }
  async getLegacySnapshot() {
    return this.legacy && structuredClone(this.legacy);
  }
  async deleteLegacySnapshot() {
    this.legacy = undefined;
  }
  async readChangesAfter(afterId: string, maxPages = Number.POSITIVE_INFINITY): Promise<ChangeRead> {
    const keys = [...this.log.keys()].filter((k) => k > `${afterId}\u0000`).sort();
    const read: ChangeRead = { changes: [], complete: true, trimmedBefore: '' };
    for (let page = 0; page * this.pageSize < keys.length; page++) {
      if (page >= maxPages) return { ...read, complete: false };
      for (const key of keys.slice(page * this.pageSize, (page + 1) * this.pageSize)) {
        const item = this.log.get(key);
        if (item?.trimmedBefore !== undefined) {
          if (item.trimmedBefore > read.trimmedBefore) read.trimmedBefore = item.trimmedBefore;
        } else if (item?.entry) read.changes.push({ id: key, entry: structuredClone(item.entry) });
      }
    }
    return read;
  }
  async trimChangesBefore(boundary: string) {
    this.log.set(boundary, { trimmedBefore: boundary });
    let deleted = 0;
    for (const [key, item] of [...this.log]) {
      if (key < boundary) {
        this.log.delete(key);
        if (item.entry) deleted++;
      }
    }
    return deleted;
  }
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

const START = Date.UTC(2026, 0, 1);
let seq = 0;
/** A change id drawn at `ms` (a ULID: time, then a counter standing for the random part). */
const changeId = (ms: number) => encodeTime(ms, 10) + String(seq++).padStart(16, '0');

function entry(uuid: string, rev: number, name: string, over: Partial<CatalogueEntry> = {}): CatalogueEntry {
  return {
    uuid,
    name,
    status: 'PUBLISHED',
    product: [],
    country: [],
    creatorId: 'owner',
    creatorName: 'Olivia Owner',
    createdOn: '2025-01-01T00:00:00.000Z',
    managers: ['owner'],
    viewers: [],
    others: [],
    rev,
    ...over,
  };
}
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Live entries of an index as uuid → "name@rev". */
function stateOf(index: CatalogueIndex): Map<string, string> {
  return new Map(index.toSnapshot('', 0).entries.map((e) => [e.uuid, `${e.name}@${e.rev}`]));
}

describe('compaction', () => {
  it('skips when nothing changed since the snapshot: no new object', async () => {
    const store = new MemoryStore();
    expect((await compactCatalogue(store)).skipped).toBe(true);
    expect(store.puts).toBe(0);
    store.commit(changeId(START), entry(uuidOf(1), 1, 'Alpha'));
    const first = await compactCatalogue(store);
    expect(first).toMatchObject({ skipped: false, entries: 1 });
    expect(store.puts).toBe(1);
    // The changes just folded are read again (the catch-up window) but hold nothing new.
    const again = await compactCatalogue(store);
    expect(again).toMatchObject({ skipped: true, entries: 1, lastChangeId: first.lastChangeId });
    expect(store.puts).toBe(1);
    store.commit(changeId(START + 1000), entry(uuidOf(1), 2, 'Bravo'));
    expect((await compactCatalogue(store)).skipped).toBe(false);
    expect(store.puts).toBe(2);
  });

  it('keeps a removed entry dead in later snapshots, then forgets it after a day', async () => {
    const store = new MemoryStore();
    const uuid = uuidOf(2);
    store.commit(changeId(START), entry(uuid, 1, 'Alpha'));
    store.commit(changeId(START + 1000), entry(uuid, 2, 'Alpha', { deleted: true }));
    await compactCatalogue(store);
    // An older change committing late, after the removal was compacted.
    store.commit(changeId(START + 2000), entry(uuid, 1, 'Alpha again'));
    expect(stateOf((await loadCatalogue(store)).index).has(uuid)).toBe(false);
    await compactCatalogue(store);
    expect((await loadCatalogue(store)).index.toSnapshot('', 0).tombstones.map((t) => t.uuid)).toEqual([
      uuid,
    ]);
    store.commit(changeId(START + TOMBSTONE_TTL_MS + 5000), entry(uuidOf(3), 1, 'Later'));
    await compactCatalogue(store);
    expect((await loadCatalogue(store)).index.toSnapshot('', 0).tombstones).toEqual([]);
  });

  it('moves a stack from the JSON snapshot to format 2 and deletes the JSON one', async () => {
    const store = new MemoryStore();
    const lastChangeId = changeId(START);
    store.legacy = { lastChangeId, entries: [entry(uuidOf(4), 1, 'Old format', { rev: undefined })] };
    const projection = createProjection(store, () => START);
    expect(stateOf(await projection.current())).toEqual(new Map([[uuidOf(4), 'Old format@0']]));
    const result = await compactCatalogue(store);
    expect(result).toMatchObject({ skipped: false, entries: 1, lastChangeId });
    expect(store.legacy).toBeUndefined();
    expect(stateOf((await loadCatalogue(store)).index)).toEqual(new Map([[uuidOf(4), 'Old format@0']]));
  });
});

describe('loading', () => {
  /** The data layer takes S3's 403 for a snapshot (a role without s3:ListBucket) as none written. */
  function refusingSnapshotReads(store: MemoryStore): MemoryStore {
    store.getSnapshotBytes = async () => undefined;
    return store;
  }

  it('serves a fresh stack (no snapshot read, log never trimmed) from the log, and its compaction trims nothing', async () => {
    const store = new MemoryStore();
    store.commit(changeId(START), entry(uuidOf(1), 1, 'Alpha'));
    store.commit(changeId(START + 1000), entry(uuidOf(2), 1, 'Bravo'));
    const refusing = refusingSnapshotReads(new MemoryStore());
    for (const [id, item] of store.log) refusing.log.set(id, item);
    expect(stateOf((await loadCatalogue(refusing)).index).size).toBe(2);
    // A snapshot written but never readable: each compaction starts from the whole log and trims none.
    expect(await compactCatalogue(refusing)).toMatchObject({ skipped: false, entries: 2, deletedChanges: 0 });
    expect(await compactCatalogue(refusing)).toMatchObject({ skipped: false, deletedChanges: 0 });
    expect(refusing.log.size).toBe(2);
  });

  it('refuses to serve a trimmed log without its snapshot, naming the grant to check', async () => {
    const store = new MemoryStore();
    store.commit(changeId(START), entry(uuidOf(1), 1, 'Alpha'));
    await compactCatalogue(store);
    store.commit(changeId(START + 60_000), entry(uuidOf(2), 1, 'Bravo'));
    await compactCatalogue(store);
    expect((await loadCatalogue(store)).index.liveCount()).toBe(2);
    await expect(loadCatalogue(refusingSnapshotReads(store))).rejects.toThrow(
      /trimmed but no snapshot could be read.*s3:ListBucket/,
    );
  });

  it("keeps the snapshot's sort orders when the catch-up window re-reads a burst of changes it holds", async () => {
    // A burst of writes (a bulk import, the seed script) puts thousands of changes in the window
    // before the snapshot's newest change; every load reads them again.
    const store = new MemoryStore(500);
    const burst = 2500;
    for (let n = 1; n <= burst; n++)
      store.commit(changeId(START + n), entry(uuidOf(n), 1, `Model ${String(burst - n).padStart(5, '0')}`));
    await compactCatalogue(store);
    const sorts = vi.spyOn(
      CatalogueIndex.prototype as unknown as { sortedSlots: () => Int32Array },
      'sortedSlots',
    );
    try {
      const loaded = await loadCatalogue(store);
      expect(loaded).toMatchObject({ replayed: burst, news: 0 });
      expect(sorts).not.toHaveBeenCalled();

      // A burst of real news is still applied in bulk: one re-sort, the orders right.
      for (let n = 1; n <= burst; n++)
        store.commit(
          changeId(START + 60_000 + n),
          entry(uuidOf(n), 2, `Renamed ${String(n).padStart(5, '0')}`),
        );
      const changed = await loadCatalogue(store);
      expect(changed.news).toBe(burst);
      expect(sorts).toHaveBeenCalled();
      expect(changed.index.order('name').length).toBe(burst);
      expect(changed.index.toSnapshot('', 0).entries.find((e) => e.uuid === uuidOf(1))?.name).toBe(
        'Renamed 00001',
      );
    } finally {
      sorts.mockRestore();
    }
  });
});

describe('projection across compactions', () => {
  it('reloads an instance that idled past the trim boundary instead of missing the trimmed changes', async () => {
    let clock = START;
    const store = new MemoryStore();
    store.commit(changeId(clock), entry(uuidOf(10), 1, 'Before'));
    await compactCatalogue(store);
    const idle = createProjection(store, () => clock);
    await idle.current();

    clock += 1000;
    store.commit(changeId(clock), entry(uuidOf(11), 1, 'A'));
    clock += CATCH_UP_WINDOW_MS + 1000;
    store.commit(changeId(clock), entry(uuidOf(12), 1, 'B'));
    await compactCatalogue(store);
    clock += 60_000;
    store.commit(changeId(clock), entry(uuidOf(13), 1, 'C'));
    await compactCatalogue(store);
    // A is gone from the log: replaying from the idle instance's cursor cannot bring it back.
    expect([...store.log.values()].some((i) => i.entry?.name === 'A')).toBe(false);

    clock += 60_000;
    expect(stateOf(await idle.current())).toEqual(
      new Map([
        [uuidOf(10), 'Before@1'],
        [uuidOf(11), 'A@1'],
        [uuidOf(12), 'B@1'],
        [uuidOf(13), 'C@1'],
      ]),
    );
  });

  it('loses no change while writes (some committing late, from skewed clocks), compactions and idle instances interleave', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = mulberry(seed);
      let clock = START;
      const store = new MemoryStore(10);
      /** Committed state per entry: what a search must show (null: removed). */
      const truth = new Map<string, CatalogueEntry | null>();
      const pending: { visibleAt: number; id: string; entry: CatalogueEntry }[] = [];
      const instances = [0, 1, 2].map(() => createProjection(store, () => clock));
      const expected = () =>
        new Map(
          [...truth]
            .filter((kv): kv is [string, CatalogueEntry] => kv[1] !== null)
            .map(([uuid, e]) => [uuid, `${e.name}@${e.rev}`]),
        );
      let writes = 0;
      let compactions = 0;
      let checks = 0;
      for (let step = 0; step < 400; step++) {
        for (const p of pending.filter((x) => x.visibleAt <= clock)) {
          store.commit(p.id, p.entry);
          truth.set(p.entry.uuid, p.entry.deleted ? null : p.entry);
          pending.splice(pending.indexOf(p), 1);
        }
        const action = random();
        if (action < 0.55) {
          // A write of an entry that is neither removed nor being written (writes are conditional on rev).
          const uuid = uuidOf(1 + Math.floor(random() * 25));
          if (truth.get(uuid) === null || pending.some((p) => p.entry.uuid === uuid)) continue;
          const rev = (truth.get(uuid)?.rev ?? 0) + 1;
          const removal = truth.has(uuid) && random() < 0.08;
          const next = entry(uuid, rev, `N${Math.floor(random() * 1000)}`, removal ? { deleted: true } : {});
          // The writer's clock may lag by up to 2 s, and its transaction may commit up to 6 s after
          // the id was drawn: within the catch-up window together.
          const id = changeId(clock - Math.floor(random() * 2000));
          const delay = random() < 0.3 ? Math.floor(random() * 6000) : 0;
          if (delay === 0) {
            store.commit(id, next);
            truth.set(uuid, removal ? null : next);
          } else pending.push({ visibleAt: clock + delay, id, entry: next });
          writes++;
        } else if (action < 0.65) {
          await compactCatalogue(store);
          compactions++;
        } else {
          const instance = instances[Math.floor(random() * instances.length)] as (typeof instances)[number];
          expect(stateOf(await instance.current()), `seed ${seed}, step ${step}`).toEqual(expected());
          checks++;
        }
        // Mostly seconds apart; now and then an idle spell across several 15-minute compactions.
        clock +=
          random() < 0.06 ? 20 * 60_000 + Math.floor(random() * 30 * 60_000) : Math.floor(random() * 3000);
      }
      expect(writes).toBeGreaterThan(100);
      expect(compactions).toBeGreaterThan(20);
      expect(checks).toBeGreaterThan(80);
    }
  });
});
