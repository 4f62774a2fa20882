import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../catalogue/catalogue-index';
import { decodeSnapshot, encodeSnapshot } from '../catalogue/snapshot-format';
import {
  entriesUsing,
  entriesWithUnknownFileTypes,
  isCounted,
  isProjected,
  usageCounts,
} from './option-usage';

let seq = 0;
function entry(over: Partial<CatalogueEntry> = {}): CatalogueEntry {
  seq++;
  return {
    uuid: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: `Model ${String(seq).padStart(3, '0')}`,
    status: 'PUBLISHED',
    product: [],
    country: [],
    creatorId: 'owner',
    creatorName: 'Olivia Owner',
    createdOn: '2024-01-01T00:00:00.000Z',
    managers: ['owner'],
    viewers: [],
    others: [],
    rev: 1,
    ...over,
  };
}

/** A snapshot as a compaction writes it, then changes applied on top (as a warm projection holds). */
function indexOf(entries: CatalogueEntry[], changes: CatalogueEntry[] = []): CatalogueIndex {
  const columns = CatalogueIndex.columnsOf({ lastChangeId: '', entries, tombstones: [] });
  const index = new CatalogueIndex(decodeSnapshot(encodeSnapshot(columns)));
  index.applyAll(changes.map((e, i) => ({ id: `01J${String(i).padStart(23, '0')}`, entry: e })));
  return index;
}

describe('usage counts from the catalogue projection (no Scan)', () => {
  const a = entry({ disease: 'Melanoma', product: ['Oncolira', 'Tumivex'], country: ['France'] });
  const b = entry({ disease: 'melanoma', product: ['Oncolira'], status: 'RETIRED' });
  const c = entry({ disease: 'Chronic cough', product: ['Tussiva'] });
  const removed = entry({ disease: 'Melanoma', product: ['Oncolira'] });

  it('counts entries per option, ignoring case, retired entries included, removed ones not', () => {
    const index = indexOf([a, b, c, removed], [{ ...removed, deleted: true, rev: 2 }]);
    expect(usageCounts(index, 'disease')).toEqual(
      new Map([
        ['melanoma', 2],
        ['chronic cough', 1],
      ]),
    );
    expect(usageCounts(index, 'product')?.get('oncolira')).toBe(2);
    expect(usageCounts(index, 'product')?.get('tumivex')).toBe(1);
    expect(usageCounts(index, 'country')?.get('france')).toBe(1);
  });

  it('follows changes applied after the snapshot (an entry that changed its disease moves its count)', () => {
    const index = indexOf([a, c], [{ ...c, disease: 'Melanoma', rev: 2 }]);
    expect(usageCounts(index, 'disease')?.get('melanoma')).toBe(2);
    expect(usageCounts(index, 'disease')?.get('chronic cough')).toBeUndefined();
  });

  it('counts an entry once even if a list names the value twice', () => {
    const twice = entry({ product: ['Glucora', 'Glucora'] });
    expect(usageCounts(indexOf([twice]), 'product')?.get('glucora')).toBe(1);
  });

  it('lists the affected entries by name; exact matching leaves other spellings out', () => {
    const index = indexOf([a, b, c]);
    expect(entriesUsing(index, 'disease', 'MELANOMA').map((e) => e.uuid)).toEqual([a.uuid, b.uuid]);
    expect(entriesUsing(index, 'disease', 'Melanoma', true).map((e) => e.uuid)).toEqual([a.uuid]);
    expect(entriesUsing(index, 'product', 'Nothing')).toEqual([]);
  });
});

describe("file types (the tags over each entry's files)", () => {
  const typed = (fileTypes: string[] | undefined, over: Partial<CatalogueEntry> = {}) => {
    const e = entry(over);
    if (fileTypes) e.fileTypes = fileTypes;
    else delete e.fileTypes;
    return e;
  };

  it('counts entries per File Type, ignoring case, retired entries included, removed ones not', () => {
    const x = typed(['Data', 'Model']);
    const y = typed(['model'], { status: 'RETIRED' });
    const none = typed([]);
    const removed = typed(['Model']);
    const index = indexOf([x, y, none, removed], [{ ...removed, deleted: true, rev: 2 }]);
    expect(isProjected('file_tag')).toBe(true);
    expect(isCounted(index, 'file_tag')).toBe(true);
    expect(usageCounts(index, 'file_tag')).toEqual(
      new Map([
        ['data', 1],
        ['model', 2],
      ]),
    );
    expect(entriesUsing(index, 'file_tag', 'MODEL').map((e) => e.uuid)).toEqual([x.uuid, y.uuid]);
    expect(entriesUsing(index, 'file_tag', 'Model', true).map((e) => e.uuid)).toEqual([x.uuid]);
  });

  it("follows a file write: the entry's next change moves its count (read-your-writes)", () => {
    const x = typed(['Data']);
    const index = indexOf([x], [{ ...x, fileTypes: ['Report'], rev: 2 }]);
    expect(usageCounts(index, 'file_tag')).toEqual(new Map([['report', 1]]));
    expect(index.entry(index.slotOf(x.uuid) as number).fileTypes).toEqual(['Report']);
  });

  it("does not count them while a live entry's file types are unknown, and counts once it is written again", () => {
    const known = typed(['Data']);
    const unknown = typed(undefined);
    const index = indexOf([known, unknown]);
    expect(index.entry(index.slotOf(unknown.uuid) as number).fileTypes).toBeUndefined();
    expect(isCounted(index, 'file_tag')).toBe(false);
    expect(usageCounts(index, 'file_tag')).toBeUndefined();
    expect(entriesUsing(index, 'file_tag', 'Data')).toEqual([]);
    // The other properties are not affected.
    expect(isCounted(index, 'disease')).toBe(true);
    // Unknown survives a compaction: a count never forgets an entry it cannot see.
    const compacted = new CatalogueIndex(
      decodeSnapshot(encodeSnapshot(CatalogueIndex.columnsOf(index.toSnapshot('x', 0)))),
    );
    expect(isCounted(compacted, 'file_tag')).toBe(false);
    // What the fill (core/files/fill-file-types.ts) writes: the unknown entries, no others.
    expect(entriesWithUnknownFileTypes(compacted, 10)).toEqual([unknown.uuid]);
    compacted.applyAll([
      { id: '01J00000000000000000000001', entry: { ...unknown, fileTypes: ['Data'], rev: 2 } },
    ]);
    expect(usageCounts(compacted, 'file_tag')).toEqual(new Map([['data', 2]]));
    expect(entriesWithUnknownFileTypes(compacted, 10)).toEqual([]);
  });

  it('reads a snapshot written before the column: every entry unknown until written again', () => {
    const x = typed(['Data']);
    const y = typed([]);
    const columns = CatalogueIndex.columnsOf({ lastChangeId: '', entries: [x, y], tombstones: [] });
    const old = withoutSections(encodeSnapshot(columns), ['list.file_types.'], 'file_types');
    const index = new CatalogueIndex(decodeSnapshot(old));
    expect(index.entry(index.slotOf(x.uuid) as number)).toMatchObject({ uuid: x.uuid, name: x.name });
    expect(index.entry(index.slotOf(x.uuid) as number).fileTypes).toBeUndefined();
    expect(isCounted(index, 'file_tag')).toBe(false);
    expect(isCounted(index, 'product')).toBe(true);
    index.applyAll([
      { id: '01J00000000000000000000001', entry: { ...x, rev: 2 } },
      { id: '01J00000000000000000000002', entry: { ...y, rev: 2 } },
    ]);
    expect(usageCounts(index, 'file_tag')).toEqual(new Map([['data', 1]]));
  });
});

describe('stage of model development and the two environments (later columns)', () => {
  const staged = (stage: string, python?: string, mathematica?: string) =>
    entry({ stage, ...(python ? { python } : {}), ...(mathematica ? { mathematica } : {}) });

  it('counts them like the other single-valued properties, ignoring case, and lists the entries', () => {
    const x = staged('Conceptualization', 'Python 3.11');
    const y = staged('conceptualization', undefined, 'Mathematica 13.3');
    const z = staged('Validation', 'Python 3.11');
    const index = indexOf([x, y], [z]);
    expect(usageCounts(index, 'stage_of_model_development')).toEqual(
      new Map([
        ['conceptualization', 2],
        ['validation', 1],
      ]),
    );
    expect(usageCounts(index, 'python_environment')).toEqual(new Map([['python 3.11', 2]]));
    expect(usageCounts(index, 'mathematica_environment')).toEqual(new Map([['mathematica 13.3', 1]]));
    expect(entriesUsing(index, 'python_environment', 'python 3.11').map((e) => e.uuid)).toEqual([
      x.uuid,
      z.uuid,
    ]);
  });

  it('reads a snapshot written before the columns existed, and then does not count them', () => {
    const old = staged('Validation', 'Python 3.11');
    const columns = CatalogueIndex.columnsOf({ lastChangeId: '', entries: [old], tombstones: [] });
    const bytes = encodeSnapshot(columns);
    const index = new CatalogueIndex(
      decodeSnapshot(withoutSections(bytes, ['code.stage', 'code.mathematica', 'code.python'])),
    );
    // The entry still reads (its other fields intact); the later fields are simply absent.
    const slot = index.slotOf(old.uuid) as number;
    expect(index.entry(slot)).toMatchObject({ uuid: old.uuid, name: old.name, status: 'PUBLISHED' });
    expect(index.entry(slot).stage).toBeUndefined();
    // A count that misses old entries would let Delete remove an option in use: not counted at all.
    expect(isCounted(index, 'stage_of_model_development')).toBe(false);
    expect(usageCounts(index, 'python_environment')).toBeUndefined();
    expect(entriesUsing(index, 'stage_of_model_development', 'Validation')).toEqual([]);
    // The partial mark survives the next compaction, even after new entries brought the field.
    index.applyAll([{ id: '01J00000000000000000000001', entry: staged('Validation') }]);
    const next = new CatalogueIndex(
      decodeSnapshot(encodeSnapshot(CatalogueIndex.columnsOf(index.toSnapshot('x', 0)))),
    );
    expect(isCounted(next, 'stage_of_model_development')).toBe(false);
    expect(isCounted(next, 'disease')).toBe(true);
  });
});

/**
 * A snapshot as an older writer made it: the header lists no section whose name starts with one of
 * `prefixes`, nor the `dictionary`.
 */
function withoutSections(bytes: Buffer, prefixes: string[], dictionary?: string): Buffer {
  const magic = 8;
  const length = bytes.readUInt32LE(magic);
  const header = JSON.parse(bytes.toString('utf8', magic + 4, magic + 4 + length)) as {
    sections: [string, string, number, number][];
    dictionaries: Record<string, string[]>;
  };
  header.sections = header.sections.filter(([name]) => !prefixes.some((p) => name.startsWith(p)));
  if (dictionary) delete header.dictionaries[dictionary];
  // Same length, so the sections' offsets stay valid: pad the shorter header with spaces.
  const text = JSON.stringify(header).padEnd(length, ' ');
  const out = Buffer.from(bytes);
  out.write(text, magic + 4, 'utf8');
  return out;
}
