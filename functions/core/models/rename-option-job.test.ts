import { assembleModelName, nameKey } from '@shared/rules/model-name';
import type { ModelMetadata } from '@shared/schemas/model';
import { describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';

// The items name the table; no table is reached.
vi.stubEnv('TABLE_NAME', 'test-table');
const { entryRenameItems, fileTypeRenameSteps, renamedMetadata } = await import('./rename-option-job');

const metadata: ModelMetadata = {
  therapeutic_area: 'Oncology',
  disease: 'Melanoma',
  product: ['Oncolira', 'Tumivex'],
  model_type: 'Cost-effectiveness',
  type: 'Global',
  version_release_of_model: '1.0',
  country: ['France', 'Spain'],
} as ModelMetadata;

const model = (over: Partial<ModelRecord> = {}): ModelRecord =>
  ({
    uuid: '11111111-1111-4111-8111-111111111111',
    name: assembleModelName(metadata),
    nameKey: nameKey(assembleModelName(metadata)),
    metaKey: 'old-fingerprint',
    status: 'PUBLISHED',
    metadata,
    roles: {
      owners: ['owner'],
      viewers: [],
      displayViewers: [],
      calibrationModelers: [],
      scenarioModelers: [],
    },
    createdBy: 'owner',
    creatorName: 'Olivia Owner',
    createdOn: '2026-01-01T00:00:00.000Z',
    modifiedOn: '2026-01-01T00:00:00.000Z',
    fileCount: 0,
    theorem: false,
    pneu: false,
    rev: 4,
    ...over,
  }) as ModelRecord;

describe('renamedMetadata', () => {
  it.each([
    ['disease', 'Melanoma', 'Cutaneous melanoma', { disease: 'Cutaneous melanoma' }],
    ['product', 'Tumivex', 'Tumivex XR', { product: ['Oncolira', 'Tumivex XR'] }],
    ['product', 'Tumivex', 'Oncolira', { product: ['Oncolira'] }],
    ['country', 'Spain', 'Kingdom of Spain', { country: ['France', 'Kingdom of Spain'] }],
    ['model_type', 'Cost-effectiveness', 'Cost-utility', { model_type: 'Cost-utility' }],
  ] as const)('%s %s → %s', (type, from, to, changed) => {
    expect(renamedMetadata(metadata, type, from, to)).toEqual({ ...metadata, ...changed });
  });

  it('renames the stage and the two environments, which the projection now counts', () => {
    const held = {
      ...metadata,
      stage_of_model_development: 'Early',
      python_environment: 'Python 3.11',
      mathematica_environment: 'Mathematica 13.3',
    };
    expect(renamedMetadata(held, 'stage_of_model_development', 'Early', 'Early stage')).toEqual({
      ...held,
      stage_of_model_development: 'Early stage',
    });
    expect(renamedMetadata(held, 'python_environment', 'Python 3.11', 'Python 3.12')).toEqual({
      ...held,
      python_environment: 'Python 3.12',
    });
    expect(renamedMetadata(held, 'mathematica_environment', 'Mathematica 13.3', 'Wolfram 14')).toEqual({
      ...held,
      mathematica_environment: 'Wolfram 14',
    });
  });

  it('answers undefined for an entry that does not hold the exact former value', () => {
    expect(renamedMetadata(metadata, 'disease', 'melanoma', 'X')).toBeUndefined();
    expect(renamedMetadata(metadata, 'product', 'Glucora', 'X')).toBeUndefined();
    expect(renamedMetadata(metadata, 'stage_of_model_development', 'Early', 'X')).toBeUndefined();
  });
});

describe('entryRenameItems', () => {
  const job = { type: 'product' as const, from: 'Tumivex', to: 'Tumivex XR', startedBy: 'admin' };
  const now = new Date('2026-03-01T00:00:00.000Z');

  it('writes the next revision, moves the assembled name and fingerprint, and projects the change', () => {
    const change = entryRenameItems(model(), job, now);
    expect(change?.next).toMatchObject({
      rev: 5,
      modifiedBy: 'admin',
      name: assembleModelName({ ...metadata, product: ['Oncolira', 'Tumivex XR'] }),
      metadata: { product: ['Oncolira', 'Tumivex XR'] },
    });
    const kinds = change?.items.map((i) => Object.keys(i.item)[0]);
    // entry, old name out, new name in, old fingerprint out, new fingerprint in, catalogue change
    expect(kinds).toEqual(['Put', 'Delete', 'Put', 'Delete', 'Put', 'Put']);
    const put = change?.items[0]?.item.Put;
    expect(put?.ConditionExpression).toContain('#rev = :rev');
    expect(put?.ExpressionAttributeValues).toEqual({ ':rev': 4 });
    const projected = change?.items[5]?.item.Put?.Item as { entry: { product: string[]; rev: number } };
    expect(projected.entry).toMatchObject({ product: ['Oncolira', 'Tumivex XR'], rev: 5 });
  });

  it('keeps a name that was not assembled from the metadata', () => {
    const change = entryRenameItems(model({ name: 'Legacy name', nameKey: 'legacy name' }), job, now);
    expect(change?.next.name).toBe('Legacy name');
    expect(change?.items.map((i) => Object.keys(i.item)[0])).toEqual(['Put', 'Delete', 'Put', 'Put']);
  });

  it('answers undefined for an entry already renamed (a resumed run skips it)', () => {
    const renamed = model({
      metadata: { ...metadata, product: ['Oncolira', 'Tumivex XR'] } as ModelMetadata,
    });
    expect(entryRenameItems(renamed, job, now)).toBeUndefined();
  });
});

describe('fileTypeRenameSteps (a File Type is a tag on files)', () => {
  const job = { from: 'Data', to: 'Dataset', startedBy: 'admin' };
  const now = new Date('2026-03-01T00:00:00.000Z');
  let n = 0;
  const file = (over: Partial<ModelFileRecord> = {}): ModelFileRecord => {
    n++;
    return {
      uuid: `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`,
      modelUuid: '11111111-1111-4111-8111-111111111111',
      name: `f${n}.csv`,
      path: '',
      folder: false,
      mainFile: false,
      owner: { id: 'owner', firstName: 'O', lastName: 'O' },
      isPrivate: false,
      cdd: 'No',
      createdOn: '2026-01-01T00:00:00.000Z',
      updatedOn: '2026-01-01T00:00:00.000Z',
      updatedBy: 'owner',
      s3Key: `k${n}`,
      userAccess: [],
      ...over,
    };
  };
  type Put = {
    Item: Record<string, unknown>;
    ConditionExpression?: string;
    ExpressionAttributeValues?: object;
  };
  const put = (item: { item: { Put?: unknown } }) => item.item.Put as Put;

  it('retags the files that carry the former type, then the entry and its catalogue change, in one transaction', () => {
    const data = file({ fileTag: 'Data', rev: 2 });
    const model0 = file({ fileTag: 'Model' });
    const folder = file({ folder: true });
    const steps = fileTypeRenameSteps(
      model({ fileCount: 2, fileTypes: ['Data', 'Model'] }),
      [data, model0, folder],
      job,
      now,
    );
    expect(steps).toHaveLength(1);
    const [entry, retagged, change] = steps?.[0] ?? [];
    // The entry: next revision, conditional on the one read, with the recomputed file types.
    expect(put(entry as never).Item).toMatchObject({
      rev: 5,
      fileTypes: ['Dataset', 'Model'],
      modifiedBy: 'admin',
    });
    expect(put(entry as never).ExpressionAttributeValues).toEqual({ ':rev': 4 });
    // The file: only its tag changes, conditional on its own revision.
    expect(put(retagged as never).Item).toMatchObject({
      uuid: data.uuid,
      fileTag: 'Dataset',
      rev: 3,
      s3Key: data.s3Key,
    });
    expect(put(retagged as never).ExpressionAttributeValues).toEqual({ ':rev': 2 });
    // The catalogue follows: the count of the former type drops, the new one rises.
    expect((put(change as never).Item.entry as { fileTypes: string[] }).fileTypes).toEqual([
      'Dataset',
      'Model',
    ]);
  });

  it('answers undefined for an entry whose files no longer carry the former type (a resumed run skips it)', () => {
    expect(
      fileTypeRenameSteps(
        model({ fileCount: 1, fileTypes: ['Model'] }),
        [file({ fileTag: 'Model' })],
        job,
        now,
      ),
    ).toBeUndefined();
  });

  it('heals an entry whose kept file types still name the former type although no file does', () => {
    const steps = fileTypeRenameSteps(model({ fileCount: 1, fileTypes: ['Data'] }), [file()], job, now);
    expect(steps?.[0]?.map((i) => put(i as never).Item.entity)).toEqual(['Model', 'CatalogChange']);
    expect(put(steps?.[0]?.[0] as never).Item.fileTypes).toEqual([]);
  });

  it('splits an entry with more tagged files than one transaction holds; the entry is written last', () => {
    const files = Array.from({ length: 150 }, () => file({ fileTag: 'Data' }));
    const steps = fileTypeRenameSteps(model({ fileCount: 150, fileTypes: ['Data'] }), files, job, now) ?? [];
    expect(steps.map((s) => s.length)).toEqual([98, 54]);
    expect(steps.every((s) => s.length <= 100)).toBe(true);
    expect(steps[0]?.every((i) => put(i as never).Item.entity === 'ModelFile')).toBe(true);
    expect(put(steps[1]?.[0] as never).Item.entity).toBe('Model');
    expect(put(steps[1]?.at(-1) as never).Item.entity).toBe('CatalogChange');
  });
});
