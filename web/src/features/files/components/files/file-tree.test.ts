import type { CallerFileNode } from '@shared/schemas/collaboration';
import { describe, expect, it } from 'vitest';
import { file } from '../../../../testing/model-fixtures';
import { buildRows, initialChanges } from './file-changes';
import { buildTree, depthOf, lastUpdates } from './file-tree';

const node = (over: Partial<CallerFileNode>): CallerFileNode => ({ ...file(), mainFile: false, ...over });

const stored = [
  node({ uuid: '55555555-5555-4555-8555-000000000001', name: 'model.xlsx', mainFile: true }),
  node({
    uuid: '55555555-5555-4555-8555-000000000002',
    name: 'a.csv',
    path: 'inputs',
    updatedOn: '2025-01-01T10:00:00.000Z',
    updatedBy: 'olivia',
  }),
  node({
    uuid: '55555555-5555-4555-8555-000000000003',
    name: 'c.csv',
    path: 'inputs/inputs_folder/sub',
    updatedOn: '2025-03-01T10:00:00.000Z',
    updatedBy: 'stella',
  }),
];

describe('file tree rows', () => {
  const rows = buildRows(initialChanges(stored), false);

  it('gives every folder the newest change below it, also folders that exist only in file paths', () => {
    const updates = lastUpdates(rows);
    expect(updates.get('dir:inputs')).toEqual({ updatedOn: '2025-03-01T10:00:00.000Z', updatedBy: 'stella' });
    expect(updates.get('dir:inputs/inputs_folder')).toEqual({
      updatedOn: '2025-03-01T10:00:00.000Z',
      updatedBy: 'stella',
    });
    expect(updates.get('dir:inputs/inputs_folder/sub')?.updatedBy).toBe('stella');
    expect(updates.get('55555555-5555-4555-8555-000000000002')).toEqual({
      updatedOn: '2025-01-01T10:00:00.000Z',
      updatedBy: 'olivia',
    });
  });

  it('nests files under their folders and knows how deep each row sits', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.data.name)).toEqual(['inputs', 'model.xlsx']);
    const deep = rows.find((r) => r.name === 'c.csv');
    expect(deep && depthOf(deep)).toBe(3);
    expect(depthOf(rows.find((r) => r.name === 'model.xlsx') ?? { path: 'x' })).toBe(0);
  });
});
