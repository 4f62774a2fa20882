import { optionKey } from '@shared/rules/metadata-options';
import type { MetadataOptionType } from '@shared/schemas/metadata-option';
import {
  type CatalogueIndex,
  type CodeName,
  type DictionaryName,
  FILE_TYPES_COLUMN,
  type ListName,
  UNKNOWN_FILE_TYPES,
} from '../catalogue/catalogue-index';
import { STATUS_CODE } from '../catalogue/visibility';

/**
 * Usage counts of metadata options WITHOUT a Scan (issue 20 §5), from the catalogue projection that
 * every model write already keeps (a change item in the entry's own transaction; snapshot + log,
 * docs/data-model.md "Catalogue search"). Counting is one pass over a dictionary-coded column in memory
 * (100,000 entries: 16-29 ms median on the shared 2-core machine, scripts/bench/admin-options.ts), and the projection is up to date with every write that
 * returned (read-your-writes), so a count is never stale the way a separately maintained counter can
 * drift when a writer forgets it.
 *
 * Why not counters on the option items: every entry write (create, edit, version, lifecycle, delete)
 * would have to add and subtract in its transaction, in code outside this feature, and one missed path
 * makes Delete lie. Why not a GSI: products and countries are lists, and a GSI indexes one scalar.
 *
 * The projection holds all ten properties (stage and the two environments since issue 20's
 * leftovers; a snapshot older than those columns leaves them `partial`, and then not counted).
 *
 * File Types are tags on files, not entry metadata: the model item keeps the set of its files' tags
 * (`fileTypes`, written by every file write in its own transaction, data/models.ts), and the entry's
 * catalogue change carries it like any field, so a File Type counts the ENTRIES whose current files
 * carry it, read-your-writes and without a Scan, and its rename job finds them the same way. Why not
 * a sparse GSI on the file items (one per tagged file): the count would be a Query per option paging
 * through every tagged file of every entry (the grid shows all options at once), eventually
 * consistent, and counting files, not the entries the screen speaks of ('affect N model entries').
 * An entry whose file types are not known (an older change of an entry with files, or a snapshot
 * from before the column) makes File Types uncounted until it is written again (catalogue-index.ts
 * FILE_TYPES_COLUMN): a count missing it would let Delete remove a type in use. The fill after each
 * catalogue compaction writes such entries (core/files/fill-file-types.ts).
 */
type Column =
  | { kind: 'code'; name: CodeName & DictionaryName }
  | { kind: 'list'; name: ListName & DictionaryName };

const COLUMN_OF: Partial<Record<MetadataOptionType, Column>> = {
  model_type: { kind: 'code', name: 'model_type' },
  therapeutic_area: { kind: 'code', name: 'therapeutic_area' },
  disease: { kind: 'code', name: 'disease' },
  study_number: { kind: 'code', name: 'study_number' },
  product: { kind: 'list', name: 'product' },
  country: { kind: 'list', name: 'country' },
  stage_of_model_development: { kind: 'code', name: 'stage' },
  mathematica_environment: { kind: 'code', name: 'mathematica' },
  python_environment: { kind: 'code', name: 'python' },
  file_tag: { kind: 'list', name: FILE_TYPES_COLUMN },
};

/** Whether the catalogue knows the property for every entry (a partial later column is not counted). */
export function isCounted(index: CatalogueIndex, type: MetadataOptionType): boolean {
  const column = COLUMN_OF[type];
  if (!column) return false;
  if (column.name === FILE_TYPES_COLUMN) return !holdsUnknownFileTypes(index);
  return !(index.partial as ReadonlySet<string>).has(column.name);
}

/** Whether a live entry's file types are not known (catalogue-index.ts UNKNOWN_FILE_TYPES). */
const holdsUnknownFileTypes = (index: CatalogueIndex): boolean => unknownFileTypeSlots(index, 1).length > 0;

/** Live slots whose file types are not known, at most `limit`. */
function unknownFileTypeSlots(index: CatalogueIndex, limit: number): number[] {
  const unknown = index.dictionaries[FILE_TYPES_COLUMN].id(UNKNOWN_FILE_TYPES);
  if (unknown < 0) return [];
  const slots: number[] = [];
  const { starts, values } = index.lists[FILE_TYPES_COLUMN];
  for (let slot = 0; slot < index.size && slots.length < limit; slot++) {
    if (index.status[slot] === DEAD) continue;
    // An unknown entry holds the mark as its only value.
    if ((starts[slot + 1] ?? 0) > (starts[slot] ?? 0) && values[starts[slot] ?? 0] === unknown)
      slots.push(slot);
  }
  return slots;
}

/** The live entries whose file types are not known (fill-file-types.ts writes them), at most `limit`. */
export const entriesWithUnknownFileTypes = (index: CatalogueIndex, limit: number): string[] =>
  unknownFileTypeSlots(index, limit).map((slot) => index.strings.uuid.get(slot));

/** Whether the property can be counted at all (a catalogue is needed to know if it is, isCounted). */
export const isProjected = (type: MetadataOptionType) => COLUMN_OF[type] !== undefined;

const DEAD = STATUS_CODE.DELETED;

/** Dictionary ids per slot of a property, live slots only: calls `visit(slot, valueId)`. */
function eachValue(index: CatalogueIndex, column: Column, visit: (slot: number, id: number) => void): void {
  if (column.kind === 'code') {
    const codes = index.codes[column.name];
    for (let slot = 0; slot < index.size; slot++) {
      if (index.status[slot] === DEAD) continue;
      const id = codes[slot] ?? -1;
      if (id >= 0) visit(slot, id);
    }
    return;
  }
  const { starts, values } = index.lists[column.name];
  for (let slot = 0; slot < index.size; slot++) {
    if (index.status[slot] === DEAD) continue;
    const end = starts[slot + 1] ?? 0;
    for (let i = starts[slot] ?? 0; i < end; i++) visit(slot, values[i] ?? -1);
  }
}

function dictionaryOf(index: CatalogueIndex, column: Column) {
  return index.dictionaries[column.name];
}

/**
 * Entries per option key (optionKey of the value) for one property; undefined when not counted. An
 * entry that names a value twice (a list) counts once.
 */
export function usageCounts(
  index: CatalogueIndex,
  type: MetadataOptionType,
): Map<string, number> | undefined {
  const column = COLUMN_OF[type];
  if (!column || !isCounted(index, type)) return undefined;
  const perId = new Map<number, number>();
  let lastSlot = -1;
  const seen = new Set<number>();
  eachValue(index, column, (slot, id) => {
    if (slot !== lastSlot) {
      seen.clear();
      lastSlot = slot;
    }
    if (seen.has(id)) return;
    seen.add(id);
    perId.set(id, (perId.get(id) ?? 0) + 1);
  });
  const values = dictionaryOf(index, column).values;
  const counts = new Map<string, number>();
  for (const [id, n] of perId) {
    const value = values[id];
    if (value === undefined) continue;
    const key = optionKey(value);
    counts.set(key, (counts.get(key) ?? 0) + n);
  }
  return counts;
}

/**
 * The live entries whose property holds `value`, sorted by name: compared as option keys (what an
 * option covers), or `exact`ly (a rename job looks for the former spelling only: after a change of
 * case, entries already renamed share the key).
 */
export function entriesUsing(
  index: CatalogueIndex,
  type: MetadataOptionType,
  value: string,
  exact = false,
): { uuid: string; name: string }[] {
  const column = COLUMN_OF[type];
  if (!column || !isCounted(index, type)) return [];
  const wanted = exact ? value : optionKey(value);
  const values = dictionaryOf(index, column).values;
  const ids = new Set<number>();
  values.forEach((v, id) => {
    if ((exact ? v : optionKey(v)) === wanted) ids.add(id);
  });
  if (ids.size === 0) return [];
  const slots = new Set<number>();
  eachValue(index, column, (slot, id) => {
    if (ids.has(id)) slots.add(slot);
  });
  return [...slots]
    .map((slot) => ({ uuid: index.strings.uuid.get(slot), name: index.strings.name.get(slot) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
