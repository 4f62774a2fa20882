import type { CatalogEntry } from '@shared/schemas/catalog';
import { MODEL_STATUS_LABELS } from '@shared/schemas/model';
import { DYNAMIC_FACETS, type DynamicFacet, type ListModelsQuery } from '@shared/schemas/model-api';
import { TextIndex } from './text-index';
import { REL_CREATOR_BIT, REL_MANAGER, REL_NONE, REL_OTHER, REL_VIEWER, STATUS_CODE } from './visibility';

/**
 * The in-memory catalogue: every CatalogEntry in column-oriented arrays indexed by a slot number,
 * with everything the engines need precomputed at write time so that a request is one tight loop
 * over typed arrays (100,000 entries):
 * - the free-text index (text-index.ts) over name parts, model type, creator, therapeutic area,
 *   disease, products and study number;
 * - interned facet values (one Int32Array column per single-valued facet, id lists for products and
 *   countries), shared by the list filters and the Dynamic View counts;
 * - lowercase sort keys and, per sort column once asked for, the sorted slot order, kept up to date
 *   by binary insertion on every change instead of re-sorting;
 * - per user, the slots they hold a role on (and created), to build their relation bytes.
 * Slots are never reused: a removed entry leaves a tombstone that remembers its change id, so a
 * late, older change cannot bring it back.
 */
export type SortKey = ListModelsQuery['sort'];
export const SORT_KEYS: readonly SortKey[] = ['name', 'modelType', 'creator', 'createdOn', 'status'];

/** Facets with one value per entry; product and country hold lists. */
const SINGLE_FACETS = [
  'therapeutic_area',
  'disease',
  'study_number',
  'global',
  'model_type',
  'platform',
] as const satisfies readonly DynamicFacet[];
type SingleFacet = (typeof SINGLE_FACETS)[number];
type MultiFacet = Exclude<DynamicFacet, SingleFacet>;
export const isSingleFacet = (f: DynamicFacet): f is SingleFacet =>
  (SINGLE_FACETS as readonly string[]).includes(f);

function singleValue(entry: CatalogEntry, facet: SingleFacet): string | undefined {
  switch (facet) {
    case 'therapeutic_area':
      return entry.therapeuticArea;
    case 'disease':
      return entry.disease;
    case 'study_number':
      return entry.studyNumber;
    case 'global':
      return entry.kind;
    case 'model_type':
      return entry.modelType;
    case 'platform':
      return entry.platform;
  }
}
const multiValues = (entry: CatalogEntry, facet: MultiFacet): string[] =>
  facet === 'product' ? entry.product : entry.country;

/** Interned values of one facet: value ↔ small integer. */
export class FacetDictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly lowerIds = new Map<string, number>();
  intern(value: string | undefined): number {
    if (value === undefined || value === '') return -1;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
      if (!this.lowerIds.has(value.toLowerCase())) this.lowerIds.set(value.toLowerCase(), id);
    }
    return id;
  }
  /** The id of a value (exact, else ignoring case); -2 for a value no entry has (matches nothing). */
  lookup(value: string): number {
    return this.ids.get(value) ?? this.lowerIds.get(value.trim().toLowerCase()) ?? -2;
  }
}

const EMPTY: readonly number[] = [];

export class CatalogIndex {
  /** Slot count (including tombstones). */
  size = 0;
  private capacity = 0;
  /** Bumped by every applied change; caches key on it. */
  version = 0;
  /** Live entries (undefined for tombstones). */
  readonly entries: (CatalogEntry | undefined)[] = [];
  /** The change id an entry's state comes from; '' when it came from a snapshot. */
  private readonly changeIds: string[] = [];
  readonly slotOf = new Map<string, number>();
  /** The free-text search over name, model type, creator, area, disease, products, study number. */
  private readonly text = new TextIndex();
  readonly creatorIds: string[] = [];
  status = new Uint8Array(0);
  readonly dictionaries = Object.fromEntries(DYNAMIC_FACETS.map((f) => [f, new FacetDictionary()])) as Record<
    DynamicFacet,
    FacetDictionary
  >;
  readonly single = {} as Record<SingleFacet, Int32Array>;
  readonly multi: Record<MultiFacet, (readonly number[])[]> = { product: [], country: [] };
  private readonly sortKeys = Object.fromEntries(SORT_KEYS.map((k) => [k, [] as string[]])) as Record<
    SortKey,
    string[]
  >;
  private readonly orders = new Map<SortKey, number[]>();
  /** user id → (slot → relation code); the creator bit is kept apart in `created`. */
  private readonly roles = new Map<string, Map<number, number>>();
  private readonly created = new Map<string, Set<number>>();

  constructor() {
    this.grow(1024);
  }

  private grow(min: number): void {
    if (min <= this.capacity) return;
    const capacity = Math.max(min, this.capacity * 2);
    const status = new Uint8Array(capacity);
    status.set(this.status);
    this.status = status;
    for (const facet of SINGLE_FACETS) {
      const column = new Int32Array(capacity).fill(-1);
      const old = this.single[facet];
      if (old) column.set(old);
      this.single[facet] = column;
    }
    this.capacity = capacity;
  }

  /** Bulk load (snapshot): entries without change ids; sort orders are rebuilt when first asked for. */
  load(entries: readonly CatalogEntry[]): void {
    this.orders.clear();
    this.grow(this.size + entries.length);
    for (const entry of entries) this.apply('', entry);
  }

  /**
   * Applies one change; returns false when it is older than what the entry already reflects (the
   * catch-up re-reads a window of recent changes, so replays are expected and harmless).
   */
  apply(changeId: string, entry: CatalogEntry): boolean {
    const existing = this.slotOf.get(entry.uuid);
    if (existing !== undefined) {
      const applied = this.changeIds[existing] ?? '';
      if (changeId !== '' && applied !== '' && changeId <= applied) return false;
    }
    const removed = entry.deleted === true || entry.status === 'DELETED';
    let slot = existing;
    if (slot === undefined) {
      if (removed) {
        // Remember the tombstone so that an older change of the same entry stays dead.
        slot = this.newSlot(entry.uuid);
        this.changeIds[slot] = changeId;
        this.version++;
        return true;
      }
      slot = this.newSlot(entry.uuid);
    } else {
      this.unlink(slot);
    }
    this.changeIds[slot] = changeId;
    this.version++;
    if (removed) {
      this.entries[slot] = undefined;
      this.status[slot] = STATUS_CODE.DELETED;
      this.text.set(slot, undefined);
      return true;
    }
    this.link(slot, entry);
    return true;
  }

  private newSlot(uuid: string): number {
    const slot = this.size++;
    this.grow(this.size);
    this.slotOf.set(uuid, slot);
    this.entries[slot] = undefined;
    this.status[slot] = STATUS_CODE.DELETED;
    return slot;
  }

  /** Removes a live entry from the role maps and sort orders (its columns are overwritten next). */
  private unlink(slot: number): void {
    const old = this.entries[slot];
    if (!old) return;
    for (const user of [...old.managers, ...old.viewers, ...old.others]) this.roles.get(user)?.delete(slot);
    this.created.get(old.creatorId)?.delete(slot);
    for (const order of this.orders.values()) {
      const at = order.indexOf(slot);
      if (at >= 0) order.splice(at, 1);
    }
  }

  private link(slot: number, entry: CatalogEntry): void {
    this.entries[slot] = entry;
    this.status[slot] = STATUS_CODE[entry.status];
    this.creatorIds[slot] = entry.creatorId;
    this.text.set(slot, [
      ...entry.name.split(' - '),
      entry.modelType ?? '',
      entry.creatorName,
      entry.therapeuticArea ?? '',
      entry.disease ?? '',
      ...entry.product,
      entry.studyNumber ?? '',
    ]);
    for (const facet of SINGLE_FACETS) {
      (this.single[facet] as Int32Array)[slot] = this.dictionaries[facet].intern(singleValue(entry, facet));
    }
    for (const facet of ['product', 'country'] as const) {
      const values = multiValues(entry, facet);
      this.multi[facet][slot] =
        values.length === 0 ? EMPTY : [...new Set(values)].map((v) => this.dictionaries[facet].intern(v));
    }
    this.sortKeys.name[slot] = entry.name.toLowerCase();
    this.sortKeys.modelType[slot] = (entry.modelType ?? '').toLowerCase();
    this.sortKeys.creator[slot] = entry.creatorName.toLowerCase();
    this.sortKeys.createdOn[slot] = entry.createdOn;
    this.sortKeys.status[slot] = MODEL_STATUS_LABELS[entry.status];
    // Strongest relation wins when a user holds several roles (as relationOf does).
    const relate = (users: readonly string[], rel: number) => {
      for (const user of users) {
        let map = this.roles.get(user);
        if (!map) {
          map = new Map();
          this.roles.set(user, map);
        }
        const current = map.get(slot);
        if (current === undefined || rel < current) map.set(slot, rel);
      }
    };
    relate(entry.managers, REL_MANAGER);
    relate(entry.viewers, REL_VIEWER);
    relate(entry.others, REL_OTHER);
    let mine = this.created.get(entry.creatorId);
    if (!mine) {
      mine = new Set();
      this.created.set(entry.creatorId, mine);
    }
    mine.add(slot);
    for (const [key, order] of this.orders) order.splice(this.insertionPoint(order, key, slot), 0, slot);
  }

  /** Marks (1) the slots whose searchable texts contain every word (lowercase, without spaces). */
  matchWords(words: readonly string[]): Uint8Array {
    return this.text.match(words, this.size);
  }

  private compare(key: SortKey, a: number, b: number): number {
    const keys = this.sortKeys[key];
    const ka = keys[a] as string;
    const kb = keys[b] as string;
    if (ka !== kb) return ka < kb ? -1 : 1;
    if (key !== 'name') {
      const na = this.sortKeys.name[a] as string;
      const nb = this.sortKeys.name[b] as string;
      if (na !== nb) return na < nb ? -1 : 1;
    }
    return a - b;
  }

  private insertionPoint(order: readonly number[], key: SortKey, slot: number): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(key, order[mid] as number, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Live slots in ascending order of `key` (ties: name, then age of the slot). */
  order(key: SortKey): readonly number[] {
    let order = this.orders.get(key);
    if (!order) {
      order = [];
      for (let slot = 0; slot < this.size; slot++) if (this.entries[slot]) order.push(slot);
      order.sort((a, b) => this.compare(key, a, b));
      this.orders.set(key, order);
    }
    return order;
  }

  /** Relation bytes of recent callers, valid while `version` is unchanged. */
  private readonly relationCache = new Map<string, { version: number; rel: Uint8Array }>();

  /**
   * One byte per slot: the caller's relation code, plus REL_CREATOR_BIT where they created the entry.
   * Cached per user until the next change (a user with a role on half the catalogue would otherwise
   * cost a 50,000-entry map walk per request).
   */
  relations(userId: string): Uint8Array {
    const cached = this.relationCache.get(userId);
    if (cached && cached.version === this.version) return cached.rel;
    const rel = new Uint8Array(this.size);
    const roles = this.roles.get(userId);
    if (roles) for (const [slot, code] of roles) rel[slot] = code;
    const mine = this.created.get(userId);
    if (mine) for (const slot of mine) rel[slot] = (rel[slot] ?? REL_NONE) | REL_CREATOR_BIT;
    if (this.relationCache.size >= 64) this.relationCache.clear();
    this.relationCache.set(userId, { version: this.version, rel });
    return rel;
  }

  /** Live entries, for the snapshot. */
  liveEntries(): CatalogEntry[] {
    const out: CatalogEntry[] = [];
    for (const entry of this.entries) if (entry) out.push(entry);
    return out;
  }
}
