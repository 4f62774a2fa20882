import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { CatalogueIndex } from '../catalogue/catalogue-index';
import { decodeSnapshot, encodeSnapshot } from '../catalogue/snapshot-format';
import { entriesUsing, isCounted, usageCounts } from './option-usage';

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

  it('does not count the properties the projection does not hold', () => {
    for (const type of [
      'stage_of_model_development',
      'file_tag',
      'python_environment',
      'mathematica_environment',
    ] as const) {
      expect(isCounted(type)).toBe(false);
      expect(usageCounts(indexOf([a]), type)).toBeUndefined();
    }
  });
});
