import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { MODEL_STATUS_LABELS } from '@shared/schemas/model';
import { DYNAMIC_FACETS, type DynamicFacet, type ListModelsQuery } from '@shared/schemas/model-api';
import { decodeTime } from 'ulid';
import { buildTextIndex, TextIndex, type TextIndexBase } from './text-index';
import { REL_CREATOR_BIT, REL_MANAGER, REL_OTHER, REL_VIEWER, STATUS_CODE, STATUSES } from './visibility';

/**
 * The in-memory catalogue: every CatalogueEntry in column-oriented typed arrays indexed by a slot
 * number, laid out exactly as the snapshot stores them (snapshot-format.ts), so that a cold start maps
 * the decompressed snapshot instead of building anything (docs/data-model.md, "Catalogue search"):
 * - dictionary-encoded columns (one Int32Array of value ids per single-valued field; offsets + ids for
 *   products, countries and the three role lists), shared by the list filters, the Dynamic View
 *   counts and the relation bytes of a caller;
 * - per-entry strings (uuid, name, creation date, lineage ids) as one string per column with offsets;
 * - the free-text index (text-index.ts) and the five sort orders, prebuilt by the compaction job.
 *
 * Slots never change once written. An applied change kills the entry's old slot (status DELETED,
 * removed from the sort orders) and appends a new one: appends are cheap, the prebuilt parts stay
 * valid, and a killed slot is hidden from everyone by its status. The snapshot's slots are sorted by
 * uuid, so an entry is found by binary search there, or in the small map of appended slots.
 *
 * Per entry, the highest `rev` wins: a change applies only if its rev is higher than the one the entry
 * holds (re-read changes are skipped; a late, older change never overwrites a newer state). A removed
 * entry leaves a tombstone with its rev, so that an older change cannot bring it back. Changes written
 * before entries carried a rev count as rev 0 and apply in log order.
 */
export type SortKey = ListModelsQuery['sort'];
export const SORT_KEYS: readonly SortKey[] = ['name', 'modelType', 'creator', 'createdOn', 'status'];

/** Facets with one value per entry; product and country hold lists. */
export const SINGLE_FACETS = [
  'therapeutic_area',
  'disease',
  'study_number',
  'global',
  'model_type',
  'platform',
] as const satisfies readonly DynamicFacet[];
export type SingleFacet = (typeof SINGLE_FACETS)[number];
export type MultiFacet = Exclude<DynamicFacet, SingleFacet>;
export const isSingleFacet = (f: DynamicFacet): f is SingleFacet =>
  (SINGLE_FACETS as readonly string[]).includes(f);

/**
 * Columns added after the first snapshots were written (stage of model development and the two
 * environments, for the option usage counts of issue 20 §5). A snapshot without them still loads: the
 * column reads as empty there and is `partial` (not known for every entry), carried through later
 * compactions, so that option-usage.ts never counts it: a count that misses old entries would let
 * Delete remove an option in use. Only a snapshot built from the entries themselves clears it (a
 * fresh stack never has one; no stack was deployed with the older format when these were added).
 */
export const LATER_CODE_COLUMNS = ['stage', 'mathematica', 'python'] as const;
export type LaterCodeName = (typeof LATER_CODE_COLUMNS)[number];

/** Single-valued dictionary columns: the six single facets, five display fields and the later ones. */
export const CODE_COLUMNS = [
  ...SINGLE_FACETS,
  'creator',
  'creatorName',
  'flag',
  'classification',
  'version',
  ...LATER_CODE_COLUMNS,
] as const;
export type CodeName = (typeof CODE_COLUMNS)[number];
/**
 * The file types over an entry's files (the File Types' usage counts, issue 20 §5), added after the
 * first snapshots. Unlike the later code columns it is known or not PER ENTRY: an entry whose change
 * does not carry its file types (written before they were kept, with files) holds the one value
 * UNKNOWN_FILE_TYPES, and option-usage.ts counts File Types only while no live entry holds it. A
 * snapshot without the column reads as every entry unknown (snapshot-format.ts). So the column heals
 * entry by entry as entries are written again, instead of staying `partial` until a rebuild.
 */
export const FILE_TYPES_COLUMN = 'file_types';
/** Never a file type: they are letters only (shared/rules/metadata-options.ts). */
export const UNKNOWN_FILE_TYPES = '\u0000unknown';

/** Multi-valued dictionary columns: the two list facets, the three role groups and the file types. */
export const LIST_COLUMNS = [
  'product',
  'country',
  'managers',
  'viewers',
  'others',
  FILE_TYPES_COLUMN,
] as const;
export type ListName = (typeof LIST_COLUMNS)[number];
/** Per-entry strings. */
export const STRING_COLUMNS = ['uuid', 'name', 'createdOn', 'treeRootId', 'treeParentId'] as const;
export type StringName = (typeof STRING_COLUMNS)[number];
/** Value dictionaries: one per facet, the user ids (creator and roles), and one per display field. */
export const DICTIONARIES = [
  ...DYNAMIC_FACETS,
  'users',
  'creatorName',
  'flag',
  'classification',
  'version',
  ...LATER_CODE_COLUMNS,
  FILE_TYPES_COLUMN,
] as const;
export type DictionaryName = (typeof DICTIONARIES)[number];

const CODE_DICTIONARY: Record<CodeName, DictionaryName> = {
  therapeutic_area: 'therapeutic_area',
  disease: 'disease',
  study_number: 'study_number',
  global: 'global',
  model_type: 'model_type',
  platform: 'platform',
  creator: 'users',
  creatorName: 'creatorName',
  flag: 'flag',
  classification: 'classification',
  version: 'version',
  stage: 'stage',
  mathematica: 'mathematica',
  python: 'python',
};
const LIST_DICTIONARY: Record<ListName, DictionaryName> = {
  product: 'product',
  country: 'country',
  managers: 'users',
  viewers: 'users',
  others: 'users',
  file_types: 'file_types',
};

function codeValue(entry: CatalogueEntry, column: CodeName): string | undefined {
  switch (column) {
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
    case 'creator':
      return entry.creatorId;
    case 'creatorName':
      return entry.creatorName;
    case 'flag':
      return entry.global;
    case 'classification':
      return entry.classification;
    case 'version':
      return entry.version;
    case 'stage':
      return entry.stage;
    case 'mathematica':
      return entry.mathematica;
    case 'python':
      return entry.python;
  }
}

function listValues(entry: CatalogueEntry, column: ListName): readonly string[] {
  if (column === FILE_TYPES_COLUMN) return entry.fileTypes ?? [UNKNOWN_FILE_TYPES];
  return entry[column];
}

/** A lineage root equal to the entry's own uuid (most entries) is stored as this one character. */
const SAME_AS_UUID = '=';

function stringValue(entry: CatalogueEntry, column: StringName): string {
  if (column === 'treeRootId')
    return entry.treeRootId === entry.uuid ? SAME_AS_UUID : (entry.treeRootId ?? '');
  return entry[column] ?? '';
}

/** The searchable texts of an entry (the table view's free-text search). */
function searchTexts(entry: CatalogueEntry): string[] {
  return [
    ...entry.name.split(' - '),
    entry.modelType ?? '',
    entry.creatorName,
    entry.therapeuticArea ?? '',
    entry.disease ?? '',
    ...entry.product,
    entry.studyNumber ?? '',
  ];
}

export const isRemoved = (entry: CatalogueEntry) => entry.deleted === true || entry.status === 'DELETED';

/** When a change was drawn (its ULID's time), for the tombstones' expiry. */
export function changeTime(changeId: string, fallback = Date.now()): number {
  try {
    return changeId ? decodeTime(changeId.slice(0, 26)) : fallback;
  } catch {
    return fallback;
  }
}

/** Interned values of one column: value ↔ small integer. */
export class Dictionary {
  readonly values: string[];
  private readonly ids = new Map<string, number>();
  private lowerIds: Map<string, number> | undefined;
  constructor(values: readonly string[] = []) {
    this.values = [...values];
    this.values.forEach((v, id) => {
      this.ids.set(v, id);
    });
  }
  /** -1 for no value. */
  intern(value: string | undefined): number {
    if (value === undefined || value === '') return -1;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
      if (this.lowerIds && !this.lowerIds.has(value.toLowerCase()))
        this.lowerIds.set(value.toLowerCase(), id);
    }
    return id;
  }
  /** The exact id of a value, or -2 (matches nothing). */
  id(value: string): number {
    return this.ids.get(value) ?? -2;
  }
  /** The id of a value (exact, else ignoring case); -2 for a value no entry has (matches nothing). */
  lookup(value: string): number {
    const exact = this.ids.get(value);
    if (exact !== undefined) return exact;
    if (!this.lowerIds) {
      this.lowerIds = new Map();
      this.values.forEach((v, id) => {
        if (!this.lowerIds?.has(v.toLowerCase())) this.lowerIds?.set(v.toLowerCase(), id);
      });
    }
    return this.lowerIds.get(value.trim().toLowerCase()) ?? -2;
  }
}

/** Ids of a multi-valued column: slot s holds values[starts[s] .. starts[s + 1]). */
export interface ListColumn {
  starts: Int32Array;
  values: Int32Array;
}

/** One string per slot: the snapshot's slots as one string with offsets, appended slots apart. */
export class StringColumn {
  readonly appended: string[] = [];
  constructor(
    readonly text: string,
    /** UTF-16 offsets, one more than the snapshot's slots. */
    readonly starts: Int32Array,
  ) {}
  get(slot: number): string {
    const base = this.starts.length - 1;
    if (slot < base) return this.text.slice(this.starts[slot], this.starts[slot + 1]);
    return this.appended[slot - base] ?? '';
  }
}

/** A sort order: live slots in ascending order of a key, in a growable Int32Array. */
export class SlotOrder {
  constructor(
    public slots: Int32Array,
    public length: number = slots.length,
  ) {}
  remove(slot: number): void {
    const at = this.slots.subarray(0, this.length).indexOf(slot);
    if (at < 0) return;
    this.slots.copyWithin(at, at + 1, this.length);
    this.length--;
  }
  insert(at: number, slot: number): void {
    if (this.length === this.slots.length) {
      const grown = new Int32Array(this.length + Math.max(256, this.length >> 3));
      grown.set(this.slots);
      this.slots = grown;
    }
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    this.length++;
  }
}

export interface CatalogueTombstone {
  uuid: string;
  rev: number;
  /** Epoch ms of the removal (its change id's time). */
  removedAt: number;
}

/** Everything a snapshot holds, as typed columns (snapshot-format.ts writes and reads these). */
export interface CatalogueColumns {
  /** The newest change id folded in ('' when none). */
  lastChangeId: string;
  /** Slots, sorted by uuid, all live. */
  count: number;
  tombstones: CatalogueTombstone[];
  dictionaries: Record<DictionaryName, string[]>;
  status: Uint8Array;
  revs: Int32Array;
  codes: Record<CodeName, Int32Array>;
  lists: Record<ListName, ListColumn>;
  strings: Record<StringName, { text: string; starts: Int32Array }>;
  text: TextIndexBase;
  orders: Record<SortKey, Int32Array>;
  /** Later columns not known for every entry (the snapshot predates them); absent: none. */
  partial?: LaterCodeName[];
}

/** What a compaction writes: live entries and the tombstones still remembered. */
export interface CatalogueSnapshot {
  lastChangeId: string;
  entries: CatalogueEntry[];
  tombstones: CatalogueTombstone[];
  /** Later columns the entries may lack (carried from the snapshot they were loaded from). */
  partial?: LaterCodeName[];
}

export interface CatalogueChange {
  id: string;
  entry: CatalogueEntry;
}

const DEAD = STATUS_CODE.DELETED;
/** More changes than this at once (a seed, a reload's replay) re-sort the orders once afterwards. */
const BULK_CHANGES = 2000;

const recordOf = <K extends string, V>(keys: readonly K[], make: (key: K) => V) =>
  Object.fromEntries(keys.map((k) => [k, make(k)])) as Record<K, V>;

export class CatalogueIndex {
  /** Slot count (including killed slots). */
  size: number;
  private capacity: number;
  /** Slots of the snapshot (sorted by uuid); later slots were appended by changes. */
  private readonly baseCount: number;
  /** Bumped by every applied change; caches key on it. */
  version = 0;
  status: Uint8Array;
  revs: Int32Array;
  readonly dictionaries: Record<DictionaryName, Dictionary>;
  readonly codes: Record<CodeName, Int32Array>;
  readonly lists: Record<ListName, ListColumn>;
  readonly strings: Record<StringName, StringColumn>;
  private readonly text: TextIndex;
  private readonly orders: Record<SortKey, SlotOrder>;
  private ordersStale = false;
  /** uuid → slot for the entries appended since the snapshot. */
  private readonly appendedSlot = new Map<string, number>();
  private readonly tombstones = new Map<string, CatalogueTombstone>();
  /** Later columns not known for every entry: counted by nobody (LATER_CODE_COLUMNS). */
  readonly partial: ReadonlySet<LaterCodeName>;

  constructor(columns: CatalogueColumns = emptyColumns()) {
    this.partial = new Set(columns.partial ?? []);
    this.size = columns.count;
    this.capacity = columns.count;
    this.baseCount = columns.count;
    this.status = columns.status;
    this.revs = columns.revs;
    this.dictionaries = recordOf(DICTIONARIES, (d) => new Dictionary(columns.dictionaries[d]));
    this.codes = { ...columns.codes };
    this.lists = recordOf(LIST_COLUMNS, (l) => ({ ...columns.lists[l] }));
    this.strings = recordOf(
      STRING_COLUMNS,
      (s) => new StringColumn(columns.strings[s].text, columns.strings[s].starts),
    );
    this.text = new TextIndex(columns.text);
    this.orders = recordOf(SORT_KEYS, (k) => new SlotOrder(columns.orders[k]));
    for (const t of columns.tombstones) this.tombstones.set(t.uuid, t);
  }

  /**
   * The columns of these entries, as a compaction stores them: slots sorted by uuid, sort orders and
   * the text index built.
   */
  static columnsOf(snapshot: CatalogueSnapshot): CatalogueColumns {
    const entries = snapshot.entries
      .filter((e) => !isRemoved(e))
      .sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
    const index = new CatalogueIndex();
    index.grow(entries.length);
    for (const entry of entries) index.write(index.size++, entry);
    const text = buildTextIndex(entries.map(searchTexts));
    const orders = recordOf(SORT_KEYS, (k) => index.sortedSlots(k));
    const columns = index.columns(snapshot.lastChangeId, snapshot.tombstones, text, orders);
    return snapshot.partial?.length ? { ...columns, partial: [...snapshot.partial] } : columns;
  }

  static fromSnapshot(snapshot: CatalogueSnapshot): CatalogueIndex {
    return new CatalogueIndex(CatalogueIndex.columnsOf(snapshot));
  }

  private columns(
    lastChangeId: string,
    tombstones: CatalogueTombstone[],
    text: TextIndexBase,
    orders: Record<SortKey, Int32Array>,
  ): CatalogueColumns {
    const n = this.size;
    return {
      lastChangeId,
      count: n,
      tombstones,
      dictionaries: recordOf(DICTIONARIES, (d) => [...this.dictionaries[d].values]),
      status: this.status.slice(0, n),
      revs: this.revs.slice(0, n),
      codes: recordOf(CODE_COLUMNS, (c) => this.codes[c].slice(0, n)),
      lists: recordOf(LIST_COLUMNS, (l) => {
        const { starts, values } = this.lists[l];
        return { starts: starts.slice(0, n + 1), values: values.slice(0, starts[n]) };
      }),
      strings: recordOf(STRING_COLUMNS, (s) => {
        const column = this.strings[s];
        const all = Array.from({ length: n }, (_, slot) => column.get(slot));
        const starts = new Int32Array(n + 1);
        all.forEach((value, slot) => {
          starts[slot + 1] = (starts[slot] as number) + value.length;
        });
        return { text: all.join(''), starts };
      }),
      text,
      orders,
    };
  }

  /** Grows every per-slot array to hold `min` slots (the snapshot's arrays are used as loaded until then). */
  private grow(min: number): void {
    if (min <= this.capacity) return;
    const capacity = Math.max(min, this.capacity + Math.max(256, this.capacity >> 3));
    const grown = <T extends Uint8Array | Int32Array>(old: T, make: (n: number) => T, n: number): T => {
      const next = make(n);
      next.set(old);
      return next;
    };
    this.status = grown(this.status, (n) => new Uint8Array(n), capacity);
    this.revs = grown(this.revs, (n) => new Int32Array(n), capacity);
    for (const c of CODE_COLUMNS) this.codes[c] = grown(this.codes[c], (n) => new Int32Array(n), capacity);
    for (const l of LIST_COLUMNS) {
      this.lists[l].starts = grown(this.lists[l].starts, (n) => new Int32Array(n), capacity + 1);
    }
    this.capacity = capacity;
  }

  /** Writes an entry's columns into a fresh slot (never into a slot that was written before). */
  private write(slot: number, entry: CatalogueEntry): void {
    this.status[slot] = STATUS_CODE[entry.status];
    this.revs[slot] = entry.rev ?? 0;
    for (const c of CODE_COLUMNS)
      this.codes[c][slot] = this.dictionaries[CODE_DICTIONARY[c]].intern(codeValue(entry, c));
    for (const l of LIST_COLUMNS) {
      const dictionary = this.dictionaries[LIST_DICTIONARY[l]];
      // Stored without duplicates: the facet counts count an entry once per value.
      const ids = [...new Set(listValues(entry, l))].map((v) => dictionary.intern(v)).filter((id) => id >= 0);
      const column = this.lists[l];
      const start = column.starts[slot] as number;
      const end = start + ids.length;
      if (end > column.values.length) {
        const values = new Int32Array(
          Math.max(end, column.values.length + Math.max(1024, column.values.length >> 3)),
        );
        values.set(column.values.subarray(0, start));
        column.values = values;
      }
      column.values.set(ids, start);
      column.starts[slot + 1] = end;
    }
    for (const s of STRING_COLUMNS) this.strings[s].appended.push(stringValue(entry, s));
  }

  /** The entry in a live slot, as it was applied. */
  entry(slot: number): CatalogueEntry {
    const code = (c: CodeName): string | undefined => {
      const id = this.codes[c][slot] as number;
      return id < 0 ? undefined : this.dictionaries[CODE_DICTIONARY[c]].values[id];
    };
    const list = (l: ListName): string[] => {
      const { starts, values } = this.lists[l];
      const dictionary = this.dictionaries[LIST_DICTIONARY[l]].values;
      const out: string[] = [];
      for (let x = starts[slot] as number; x < (starts[slot + 1] as number); x++)
        out.push(dictionary[values[x] as number] as string);
      return out;
    };
    const str = (s: StringName) => this.strings[s].get(slot);
    const fileTypes = list(FILE_TYPES_COLUMN);
    const uuid = str('uuid');
    const treeRootId = str('treeRootId');
    const treeParentId = str('treeParentId');
    const optional = <K extends string>(key: K, value: string | undefined) =>
      value === undefined ? {} : ({ [key]: value } as Record<K, string>);
    return {
      uuid,
      name: str('name'),
      status: STATUSES[this.status[slot] as number] as CatalogueEntry['status'],
      ...optional('modelType', code('model_type')),
      ...optional('therapeuticArea', code('therapeutic_area')),
      ...optional('disease', code('disease')),
      ...optional('studyNumber', code('study_number')),
      product: list('product'),
      country: list('country'),
      ...optional('global', code('flag')),
      ...optional('kind', code('global')),
      ...(optional('platform', code('platform')) as { platform?: CatalogueEntry['platform'] }),
      ...(optional('classification', code('classification')) as {
        classification?: CatalogueEntry['classification'];
      }),
      ...optional('version', code('version')),
      ...optional('stage', code('stage')),
      ...optional('mathematica', code('mathematica')),
      ...optional('python', code('python')),
      ...(fileTypes.includes(UNKNOWN_FILE_TYPES) ? {} : { fileTypes }),
      creatorId: code('creator') ?? '',
      creatorName: code('creatorName') ?? '',
      createdOn: str('createdOn'),
      ...optional('treeRootId', treeRootId === SAME_AS_UUID ? uuid : treeRootId || undefined),
      ...optional('treeParentId', treeParentId || undefined),
      managers: list('managers'),
      viewers: list('viewers'),
      others: list('others'),
      rev: this.revs[slot] as number,
    };
  }

  /** The slot holding an entry's current state (live, or killed by its removal), if any. */
  slotOf(uuid: string): number | undefined {
    const appended = this.appendedSlot.get(uuid);
    if (appended !== undefined) return appended;
    const column = this.strings.uuid;
    let lo = 0;
    let hi = this.baseCount - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = column.get(mid);
      if (at === uuid) return mid;
      if (at < uuid) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  /** The rev an entry holds here: its live slot's, its tombstone's, or -1 when unknown. */
  revOf(uuid: string): number {
    const tombstone = this.tombstones.get(uuid);
    if (tombstone) return tombstone.rev;
    const slot = this.slotOf(uuid);
    return slot === undefined || this.status[slot] === DEAD ? -1 : (this.revs[slot] as number);
  }

  /**
   * Whether `apply` would change anything now: false when the entry already holds this rev or a higher
   * one (the catch-up re-reads a window of recent changes, and changes may arrive out of order). What
   * an entry holds only moves to higher revs, so a change this refuses stays refused later in a batch.
   */
  private isNews(entry: CatalogueEntry): boolean {
    const rev = entry.rev ?? 0;
    const tombstone = this.tombstones.get(entry.uuid);
    if (tombstone) return rev > tombstone.rev;
    const current = this.slotOf(entry.uuid);
    if (current === undefined || this.status[current] === DEAD) return true;
    const held = this.revs[current] as number;
    // Equal revs are one change read twice, except rev 0 (changes from before revs): log order.
    return !(rev < held || (rev === held && rev > 0));
  }

  /** Applies one change; returns false when it is not news (`isNews`). */
  apply(changeId: string, entry: CatalogueEntry): boolean {
    if (!this.isNews(entry)) return false;
    const rev = entry.rev ?? 0;
    const tombstone = this.tombstones.get(entry.uuid);
    const current = tombstone ? undefined : this.slotOf(entry.uuid);
    if (current !== undefined && this.status[current] !== DEAD) this.kill(current);
    this.version++;
    if (isRemoved(entry)) {
      this.appendedSlot.delete(entry.uuid);
      this.tombstones.set(entry.uuid, { uuid: entry.uuid, rev, removedAt: changeTime(changeId) });
      return true;
    }
    this.tombstones.delete(entry.uuid);
    const slot = this.size;
    this.grow(slot + 1);
    this.size++;
    this.write(slot, entry);
    this.text.add(slot, searchTexts(entry));
    this.appendedSlot.set(entry.uuid, slot);
    if (!this.ordersStale) {
      for (const key of SORT_KEYS) {
        const order = this.orders[key];
        order.insert(this.insertionPoint(order, key, slot), slot);
      }
    }
    return true;
  }

  /**
   * Applies changes in order; returns those that applied. A batch with many changes that are news
   * leaves the sort orders to be re-sorted once when next asked for, instead of one insertion per
   * change; changes the index already holds (a load re-reads the catch-up window before its
   * snapshot's newest change, which after a burst of writes holds thousands) do not count.
   */
  applyAll(changes: readonly CatalogueChange[]): CatalogueChange[] {
    const news = changes.filter((change) => this.isNews(change.entry));
    if (news.length > BULK_CHANGES) this.ordersStale = true;
    return news.filter((change) => this.apply(change.id, change.entry));
  }

  private kill(slot: number): void {
    this.status[slot] = DEAD;
    if (!this.ordersStale) for (const key of SORT_KEYS) this.orders[key].remove(slot);
  }

  private sortKey(key: SortKey, slot: number): string {
    switch (key) {
      case 'name':
        return this.strings.name.get(slot).toLowerCase();
      case 'modelType': {
        const id = this.codes.model_type[slot] as number;
        return id < 0 ? '' : (this.dictionaries.model_type.values[id] as string).toLowerCase();
      }
      case 'creator': {
        const id = this.codes.creatorName[slot] as number;
        return id < 0 ? '' : (this.dictionaries.creatorName.values[id] as string).toLowerCase();
      }
      case 'createdOn':
        return this.strings.createdOn.get(slot);
      case 'status':
        return MODEL_STATUS_LABELS[STATUSES[this.status[slot] as number] as CatalogueEntry['status']];
    }
  }

  /** Key, then name, then uuid: a total order, so a prebuilt order equals one built by insertion. */
  private compare(key: SortKey, a: number, b: number): number {
    const ka = this.sortKey(key, a);
    const kb = this.sortKey(key, b);
    if (ka !== kb) return ka < kb ? -1 : 1;
    if (key !== 'name') {
      const na = this.sortKey('name', a);
      const nb = this.sortKey('name', b);
      if (na !== nb) return na < nb ? -1 : 1;
    }
    const ua = this.strings.uuid.get(a);
    const ub = this.strings.uuid.get(b);
    return ua < ub ? -1 : ua > ub ? 1 : 0;
  }

  private insertionPoint(order: SlotOrder, key: SortKey, slot: number): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(key, order.slots[mid] as number, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Live slots sorted by `key`, computing every key once. */
  private sortedSlots(key: SortKey): Int32Array {
    const live: number[] = [];
    for (let slot = 0; slot < this.size; slot++) if (this.status[slot] !== DEAD) live.push(slot);
    const primary: string[] = new Array(this.size);
    const names: string[] = new Array(this.size);
    const uuids: string[] = new Array(this.size);
    for (const slot of live) {
      names[slot] = this.sortKey('name', slot);
      primary[slot] = key === 'name' ? (names[slot] as string) : this.sortKey(key, slot);
      uuids[slot] = this.strings.uuid.get(slot);
    }
    const cmp = (x: string, y: string) => (x === y ? 0 : x < y ? -1 : 1);
    live.sort(
      (a, b) =>
        cmp(primary[a] as string, primary[b] as string) ||
        cmp(names[a] as string, names[b] as string) ||
        cmp(uuids[a] as string, uuids[b] as string),
    );
    return Int32Array.from(live);
  }

  /** Live slots in ascending order of `key` (ties: name, then uuid). */
  order(key: SortKey): SlotOrder {
    if (this.ordersStale) {
      for (const k of SORT_KEYS) {
        const slots = this.sortedSlots(k);
        this.orders[k] = new SlotOrder(slots);
      }
      this.ordersStale = false;
    }
    return this.orders[key];
  }

  /** Marks (1) the slots whose searchable texts contain every word (lowercase, without spaces). */
  matchWords(words: readonly string[]): Uint8Array {
    return this.text.match(words, this.size);
  }

  /** Relation bytes of recent callers, valid while `version` is unchanged. */
  private readonly relationCache = new Map<string, { version: number; rel: Uint8Array }>();

  /**
   * One byte per slot: the caller's relation code, plus REL_CREATOR_BIT where they created the entry.
   * One pass over the role columns (strongest relation wins, as relationOf does), cached per user until
   * the next change.
   */
  relations(userId: string): Uint8Array {
    const cached = this.relationCache.get(userId);
    if (cached && cached.version === this.version) return cached.rel;
    const size = this.size;
    const rel = new Uint8Array(size);
    const user = this.dictionaries.users.id(userId);
    if (user >= 0) {
      // Weakest first, so that a stronger role overwrites it.
      for (const [column, code] of [
        ['others', REL_OTHER],
        ['viewers', REL_VIEWER],
        ['managers', REL_MANAGER],
      ] as const) {
        const { starts, values } = this.lists[column];
        for (let slot = 0; slot < size; slot++) {
          const end = starts[slot + 1] as number;
          for (let x = starts[slot] as number; x < end; x++) {
            if (values[x] === user) {
              rel[slot] = code;
              break;
            }
          }
        }
      }
      const creator = this.codes.creator;
      for (let slot = 0; slot < size; slot++)
        if (creator[slot] === user) rel[slot] = (rel[slot] as number) | REL_CREATOR_BIT;
    }
    if (this.relationCache.size >= 64) this.relationCache.clear();
    this.relationCache.set(userId, { version: this.version, rel });
    return rel;
  }

  /** Live entries and the tombstones removed at or after `tombstonesSince` (epoch ms). */
  toSnapshot(lastChangeId: string, tombstonesSince: number): CatalogueSnapshot {
    const entries: CatalogueEntry[] = [];
    for (let slot = 0; slot < this.size; slot++)
      if (this.status[slot] !== DEAD) entries.push(this.entry(slot));
    const tombstones = [...this.tombstones.values()].filter((t) => t.removedAt >= tombstonesSince);
    return {
      lastChangeId,
      entries,
      tombstones,
      ...(this.partial.size ? { partial: [...this.partial] } : {}),
    };
  }

  /** Live entries (tests and tools). */
  liveCount(): number {
    let n = 0;
    for (let slot = 0; slot < this.size; slot++) if (this.status[slot] !== DEAD) n++;
    return n;
  }
}

function emptyColumns(): CatalogueColumns {
  return {
    lastChangeId: '',
    count: 0,
    tombstones: [],
    dictionaries: recordOf(DICTIONARIES, () => []),
    status: new Uint8Array(0),
    revs: new Int32Array(0),
    codes: recordOf(CODE_COLUMNS, () => new Int32Array(0)),
    lists: recordOf(LIST_COLUMNS, () => ({ starts: new Int32Array(1), values: new Int32Array(0) })),
    strings: recordOf(STRING_COLUMNS, () => ({ text: '', starts: new Int32Array(1) })),
    text: buildTextIndex([]),
    orders: recordOf(SORT_KEYS, () => new Int32Array(0)),
  };
}
