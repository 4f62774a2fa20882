import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../catalogue/catalogue-index';
import { decodeSnapshot, encodeSnapshot } from '../catalogue/snapshot-format';
import { entriesUsing, isCounted, isProjected, usageCounts } from './option-usage';

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

  it('does not count file types, which are tags on files and not in the projection', () => {
    expect(isProjected('file_tag')).toBe(false);
    expect(isCounted(indexOf([a]), 'file_tag')).toBe(false);
    expect(usageCounts(indexOf([a]), 'file_tag')).toBeUndefined();
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
      decodeSnapshot(withoutSections(bytes, ['stage', 'mathematica', 'python'])),
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

/** A snapshot as an older writer made it: the header lists no section for these code columns. */
function withoutSections(bytes: Buffer, codes: string[]): Buffer {
  const magic = 8;
  const length = bytes.readUInt32LE(magic);
  const header = JSON.parse(bytes.toString('utf8', magic + 4, magic + 4 + length)) as {
    sections: [string, string, number, number][];
  };
  header.sections = header.sections.filter(([name]) => !codes.some((c) => name === `code.${c}`));
  // Same length, so the sections' offsets stay valid: pad the shorter header with spaces.
  const text = JSON.stringify(header).padEnd(length, ' ');
  const out = Buffer.from(bytes);
  out.write(text, magic + 4, 'utf8');
  return out;
}
