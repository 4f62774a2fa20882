import type { CatalogueEntry } from '@shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { CatalogueIndex, type CatalogueSnapshot } from './catalogue-index';
import { decodeSnapshot, encodeSnapshot, isSnapshot } from './snapshot-format';

const base = (n: number, over: Partial<CatalogueEntry> = {}): CatalogueEntry => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Oncology - Melanoma - Model ${n}`,
  status: 'PUBLISHED',
  product: [],
  country: [],
  creatorId: 'owner',
  creatorName: 'Olivia Owner',
  createdOn: '2024-05-01T10:00:00.000Z',
  managers: [],
  viewers: [],
  others: [],
  rev: 1,
  ...over,
});

const entries: CatalogueEntry[] = [
  base(3, {
    name: 'Vaccins – Grippe saisonnière – Modèle 🧪',
    modelType: 'Markov Cohort Model',
    therapeuticArea: 'Vaccines',
    disease: 'Seasonal influenza',
    studyNumber: 'MR-1042-024',
    product: ['Fluvax', 'Zosteril'],
    country: ['France', 'Japan'],
    global: 'false',
    kind: 'Country Adaptation',
    platform: 'WebModel 2.0',
    classification: 'Confidential',
    version: '2.1',
    treeParentId: 'parent-uuid',
    managers: ['lead', 'owner'],
    viewers: ['viewer', 'vendor'],
    others: ['modeler'],
    rev: 7,
  }),
  base(1, { status: 'DRAFT', rev: 0 }),
  base(2, { status: 'RETIRED', creatorId: 'lead', creatorName: 'Leo Lead', treeRootId: 'elsewhere' }),
];
entries.push(base(4, { treeRootId: base(4).uuid, status: 'CREATING' }));

const snapshot: CatalogueSnapshot = {
  lastChangeId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  entries,
  tombstones: [{ uuid: 'gone', rev: 3, removedAt: 1_760_000_000_000 }],
};

describe('catalogue snapshot format', () => {
  it('round-trips every field of every entry, the tombstones and the newest change id', () => {
    const bytes = encodeSnapshot(CatalogueIndex.columnsOf(snapshot));
    expect(isSnapshot(bytes)).toBe(true);
    const index = new CatalogueIndex(decodeSnapshot(bytes));
    const back = index.toSnapshot('01JABCDEFGHJKMNPQRSTVWXYZ0', 0);
    const byUuid = (a: CatalogueEntry, b: CatalogueEntry) => (a.uuid < b.uuid ? -1 : 1);
    expect(back.entries).toEqual([...entries].sort(byUuid));
    expect(back.tombstones).toEqual(snapshot.tombstones);
    expect(decodeSnapshot(bytes).lastChangeId).toBe(snapshot.lastChangeId);
  });

  it('holds no JSON of the entries: names, ids and values are columns and dictionaries', () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      base(i, {
        name: `Model ${i}`,
        therapeuticArea: 'Oncology',
        product: ['Tumivex'],
        managers: ['owner', 'lead'],
      }),
    );
    const bytes = encodeSnapshot(
      CatalogueIndex.columnsOf({ lastChangeId: '', entries: many, tombstones: [] }),
    );
    const text = bytes.toString('latin1');
    // Once in the area's dictionary (the text index holds it lowercased).
    expect(text.split('Oncology').length - 1).toBe(1);
    expect(text).not.toContain('"therapeuticArea"');
    expect(bytes.length).toBeLessThan(Buffer.byteLength(JSON.stringify(many)));
  });

  it('reads a buffer that does not start on an 8-byte boundary', () => {
    const bytes = encodeSnapshot(CatalogueIndex.columnsOf(snapshot));
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const index = new CatalogueIndex(decodeSnapshot(shifted.subarray(3)));
    expect(index.toSnapshot('', 0).entries).toHaveLength(entries.length);
  });

  it('refuses what is not a snapshot, and a truncated one', () => {
    expect(() => decodeSnapshot(Buffer.from('{"lastChangeId":"","entries":[]}'))).toThrow(
      /Not a catalogue snapshot/,
    );
    const bytes = encodeSnapshot(CatalogueIndex.columnsOf(snapshot));
    expect(() => decodeSnapshot(bytes.subarray(0, bytes.length - 40))).toThrow(/truncated/);
  });

  it('finds entries of the snapshot by uuid and applies changes on top', () => {
    const index = new CatalogueIndex(decodeSnapshot(encodeSnapshot(CatalogueIndex.columnsOf(snapshot))));
    for (const e of entries) expect(index.revOf(e.uuid)).toBe(e.rev);
    expect(index.revOf('gone')).toBe(3);
    expect(index.revOf('unknown')).toBe(-1);
    expect(index.apply('01JB0000000000000000000000', { ...base(1), name: 'Renamed', rev: 1 })).toBe(true);
    expect(index.revOf(base(1).uuid)).toBe(1);
    expect(index.apply('01JB0000000000000000000001', { ...base(99), uuid: 'gone', rev: 3 })).toBe(false);
  });
});
