import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import { ConditionFailedError, type LabeledTxItem } from '../../data/transactions';

const data = vi.hoisted(() => ({ scanLegacyVersionLists: vi.fn() }));
const transactions = vi.hoisted(() => ({ runTransaction: vi.fn() }));
vi.mock('../../data/file-versions-migration', () => data);
vi.mock('../../data/transactions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...transactions,
}));
vi.mock('../../lib/env', () => ({ env: { tableName: 'T' } }));

const { migrateFileVersions } = await import('./migrate-file-versions');

const file = (uuid: string, versions: number, rev?: number): ModelFileRecord => ({
  uuid,
  modelUuid: 'm',
  name: `${uuid}.R`,
  path: '',
  folder: false,
  mainFile: false,
  owner: { id: 'lead', firstName: 'L', lastName: 'T' },
  isPrivate: false,
  cdd: 'No',
  createdOn: 't0',
  updatedOn: 't0',
  updatedBy: 'lead',
  s3Key: `k-${uuid}`,
  userAccess: [],
  ...(rev !== undefined ? { rev } : {}),
  versions: Array.from({ length: versions }, (_, i) => ({
    versionNumber: i + 1,
    action: i === 0 ? ('UPLOADED' as const) : ('REPLACED' as const),
    isid: 'lead',
    timestamp: `t${i + 1}`,
    s3Key: `k-${uuid}-${i + 1}`,
  })),
});

const written = () => transactions.runTransaction.mock.calls.map((c) => c[0] as LabeledTxItem[]);

beforeEach(() => {
  vi.clearAllMocks();
  transactions.runTransaction.mockResolvedValue(undefined);
});

describe('migrateFileVersions', () => {
  it('writes each listed body as an item, then drops the list conditional on the revision, page by page', async () => {
    data.scanLegacyVersionLists
      .mockResolvedValueOnce({ files: [file('a', 2, 3)], cursor: 'c1' })
      .mockResolvedValueOnce({ files: [file('b', 150)] });
    const pages: (string | undefined)[] = [];
    const result = await migrateFileVersions({ onPage: (cursor) => pages.push(cursor) });
    expect(result).toEqual({ migrated: 2, skipped: 0 });
    expect(pages).toEqual(['c1', undefined]);
    expect(data.scanLegacyVersionLists.mock.calls.map((c) => c[0])).toEqual([undefined, 'c1']);
    const [aVersions, aFile, ...rest] = written();
    expect(aVersions?.map((i) => i.item.Put?.Item?.sk)).toEqual(['FILEVER#a#000001', 'FILEVER#a#000002']);
    // Re-runs write the same items again: no condition on the version items.
    expect(aVersions?.every((i) => i.item.Put?.ConditionExpression === undefined)).toBe(true);
    expect(aFile?.[0]?.item.Put).toMatchObject({
      Item: { uuid: 'a', currentVersion: 2, rev: 4 },
      ExpressionAttributeValues: { ':rev': 3 },
    });
    expect(aFile?.[0]?.item.Put?.Item?.versions).toBeUndefined();
    // 150 bodies: two transactions of items (100 + 50), then the file.
    expect(rest.map((t) => t.length)).toEqual([100, 50, 1]);
  });

  it('resumes from a cursor and leaves a file changed meanwhile for the next run', async () => {
    data.scanLegacyVersionLists.mockResolvedValueOnce({ files: [file('a', 1), file('b', 1)] });
    transactions.runTransaction.mockImplementation(async (items: LabeledTxItem[]) => {
      if (items[0]?.item.Put?.Item?.uuid === 'a') throw new ConditionFailedError('stale', [0]);
    });
    const result = await migrateFileVersions({ from: 'c7' });
    expect(data.scanLegacyVersionLists).toHaveBeenCalledWith('c7');
    expect(result).toEqual({ migrated: 1, skipped: 1 });
  });
});
