import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineageMove } from '../../data/lineage-moves';
import type { ModelRecord } from '../../data/models';
import { ConditionFailedError, type LabeledTxItem } from '../../data/transactions';
import { namedPerson, peopleById, rolesOf } from '../../testing/people';

/**
 * Lineage editing and the hierarchy against an in-memory set of entries and move journals: each
 * transaction applies its entry Puts (conditional on rev, as DynamoDB would) and journal writes
 * (with their conditions) or none of them. `failAt` makes the n-th transaction fail as if the
 * function died there.
 */
const entries = new Map<string, ModelRecord>();
const journal = new Map<string, LineageMove>();
const failAt = { transaction: -1 };
let transactionCount = 0;
const moves = vi.hoisted(() => ({ listLineageMoves: vi.fn() }));
const models = vi.hoisted(() => ({ getModel: vi.fn(), listLineage: vi.fn() }));
const files = vi.hoisted(() => ({ getModelFile: vi.fn() }));
const transactions = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const names = vi.hoisted(() => ({ getModelNameOwner: vi.fn() }));

vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...files,
}));
vi.mock('../../data/transactions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...transactions,
}));
vi.mock('../../data/model-names', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...names,
}));
vi.mock('../../data/lineage-moves', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...moves,
}));
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { updateLineage, MAX_MOVED_DESCENDANTS } = await import('./update-lineage');
const { finishLineageMove, moveBatches, DESCENDANTS_PER_BATCH } = await import('./lineage-move');
const { getHierarchy } = await import('./hierarchy');

const PEOPLE = peopleById(
  namedPerson('lead'),
  namedPerson('owner'),
  namedPerson('viewer'),
  namedPerson('stranger'),
  namedPerson('admin', 'SUPERUSER'),
  namedPerson('vendor', 'EXTERNALUSER'),
);
const as = (id: string) => PEOPLE.get(id) as User;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Entry n with parent p (0 = none) in the lineage of root r, version v; owned by 'owner' and 'lead'.
 * `status` and `viewers` vary the visibility.
 */
function entry(n: number, p: number, r: number, v: string, over: Partial<ModelRecord> = {}): ModelRecord {
  return {
    uuid: id(n),
    name: `Entry ${n}`,
    nameKey: `entry ${n}`,
    metaKey: `fp${n}`,
    status: 'PUBLISHED',
    metadata: {
      therapeutic_area: 'Oncology',
      disease: 'Melanoma',
      product: ['Tumivex'],
      model_type: 'Markov Cohort Model',
      type: 'Global',
      global: 'true',
      version_release_of_model: v,
      suffix: `S${n}`,
      tree_root_id: id(r),
      ...(p ? { tree_parent_id: id(p) } : {}),
    },
    roles: rolesOf({ owners: ['owner', 'lead'], viewers: ['viewer'] }),
    createdBy: 'lead',
    creatorName: 'Lead Test',
    createdOn: `2026-01-0${Math.min(n, 9)}T00:00:00.000Z`,
    modifiedOn: '2026-01-01T00:00:00.000Z',
    fileCount: 1,
    theorem: false,
    pneu: false,
    rev: 1,
    ...over,
  };
}

const put = (...list: ModelRecord[]) => {
  for (const m of list) entries.set(m.uuid, m);
};
const rootOf = (n: number) => entries.get(id(n))?.metadata.tree_root_id;
const parentOf = (n: number) => entries.get(id(n))?.metadata.tree_parent_id;

beforeEach(() => {
  vi.clearAllMocks();
  entries.clear();
  models.getModel.mockImplementation(async (uuid: string) => entries.get(uuid));
  models.listLineage.mockImplementation(async (root: string) =>
    [...entries.values()].filter((m) => m.metadata.tree_root_id === root),
  );
  names.getModelNameOwner.mockResolvedValue(undefined);
  files.getModelFile.mockResolvedValue(undefined);
  journal.clear();
  failAt.transaction = -1;
  transactionCount = 0;
  moves.listLineageMoves.mockImplementation(async () => [...journal.values()]);
  transactions.runTransaction.mockImplementation(async (items: LabeledTxItem[]) => {
    if (transactionCount++ === failAt.transaction) throw new Error('the function stopped here');
    const puts = items.flatMap(({ item }) =>
      item.Put?.Item?.entity === 'Model'
        ? [item.Put as unknown as { Item: ModelRecord; ExpressionAttributeValues?: Record<string, unknown> }]
        : [],
    );
    const failed = (index: number) => new ConditionFailedError(items[index]?.conflict, [index]);
    for (const p of puts) {
      const expected = p.ExpressionAttributeValues?.[':rev'];
      if (expected !== undefined && entries.get(p.Item.uuid)?.rev !== expected)
        throw failed(items.findIndex(({ item }) => item.Put === (p as unknown)));
    }
    items.forEach(({ item }, index) => {
      const key = item.ConditionCheck?.Key ?? item.Delete?.Key ?? item.Put?.Item;
      if (key?.pk !== 'LINEAGEMOVES') return;
      const exists = journal.has(String(key.sk));
      const condition = (item.ConditionCheck ?? item.Delete ?? item.Put)?.ConditionExpression;
      if (condition === 'attribute_not_exists(pk)' && exists) throw failed(index);
      if (condition === 'attribute_exists(pk)' && !exists) throw failed(index);
    });
    for (const { item } of items) {
      if (item.Put?.Item?.pk === 'LINEAGEMOVES') {
        journal.set(String(item.Put.Item.sk), item.Put.Item as unknown as LineageMove);
      }
      if (item.Delete?.Key?.pk === 'LINEAGEMOVES') journal.delete(String(item.Delete.Key.sk));
    }
    for (const p of puts) {
      const {
        pk: _pk,
        sk: _sk,
        entity: _e,
        gsi2pk: _g,
        gsi2sk: _s,
        ...record
      } = p.Item as ModelRecord & Record<string, unknown>;
      entries.set(p.Item.uuid, record as ModelRecord);
    }
  });
});

/*
 * Lineage A:  1 (v1) ─ 2 (v2) ─ 3 (v3) ─ 4 (v4)
 *                           └─ 5 (v2.5)
 * Lineage B:  10 (v1) ─ 11 (v2)
 */
function twoLineages() {
  put(
    entry(1, 0, 1, '1'),
    entry(2, 1, 1, '2'),
    entry(3, 2, 1, '3'),
    entry(4, 3, 1, '4'),
    entry(5, 2, 1, '2.5'),
    entry(10, 0, 10, '1'),
    entry(11, 10, 10, '2'),
  );
}

describe('updateLineage: subtree moves', () => {
  it('moves an entry under a parent of another lineage with its whole subtree, in one transaction', async () => {
    twoLineages();
    const moved = await updateLineage(as('owner'), id(2), { parentId: id(11), version: '2.1', rev: 1 });
    expect(moved.metadata).toMatchObject({ tree_parent_id: id(11), tree_root_id: id(10) });
    expect([2, 3, 4, 5].map(rootOf)).toEqual([id(10), id(10), id(10), id(10)]);
    // Descendants keep their own parents; entries outside the subtree stay where they were.
    expect([3, 4, 5].map(parentOf)).toEqual([id(2), id(3), id(2)]);
    expect(rootOf(1)).toBe(id(1));
    expect(transactions.runTransaction).toHaveBeenCalledTimes(1);
  });

  it('starts a new lineage with the subtree (the entry is its own root, with no parent)', async () => {
    twoLineages();
    await updateLineage(as('owner'), id(3), { parentId: null, rev: 1 });
    expect(parentOf(3)).toBeUndefined();
    expect([3, 4].map(rootOf)).toEqual([id(3), id(3)]);
    expect([1, 2, 5].map(rootOf)).toEqual([id(1), id(1), id(1)]);
  });

  it('moves within its own lineage without touching the descendants', async () => {
    twoLineages();
    await updateLineage(as('owner'), id(4), { parentId: id(5), rev: 1 });
    expect(parentOf(4)).toBe(id(5));
    const items = transactions.runTransaction.mock.calls[0]?.[0] as LabeledTxItem[];
    expect(items.filter((i) => i.item.Put?.Item?.entity === 'Model')).toHaveLength(1);
  });

  it.each([
    ['itself', 2],
    ['its child', 3],
    ['a grandchild', 4],
  ])('refuses to link an entry under %s (409)', async (_what, target) => {
    twoLineages();
    const before = structuredClone([...entries.values()]);
    await expect(updateLineage(as('owner'), id(2), { parentId: id(target), rev: 1 })).rejects.toMatchObject({
      statusCode: 409,
      message: 'A model entry cannot be linked under itself or one of its descendants.',
    });
    expect([...entries.values()]).toEqual(before);
  });

  it('refuses a cycle the lineage index has not caught up with yet (ancestors read item by item)', async () => {
    twoLineages();
    // 11 was just moved under 4; the index still lists it in lineage 10.
    put(entry(11, 4, 1, '5'));
    models.listLineage.mockImplementation(async () => []);
    await expect(updateLineage(as('owner'), id(2), { parentId: id(11), rev: 1 })).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it.each([
    ['2', 'Enter a version number greater than the parent version number 2'],
    ['2.5', 'Enter a version number lower than the smallest child version number 2.5'],
    ['1.1.1', 'Version must match number format like "1" or "1.1"'],
  ])('checks version %s against the new place: %s', async (version, message) => {
    twoLineages();
    // Entry 3 (child 4, v4) under 11 (v2)... and entry 2's children: 3 (v3), 5 (v2.5).
    const target = version === '2.5' ? 2 : 3;
    await expect(
      updateLineage(as('owner'), id(target), { parentId: id(11), version, rev: 1 }),
    ).rejects.toMatchObject({ statusCode: 422, issues: [{ path: 'body.version', message }] });
    expect(rootOf(target)).toBe(id(1));
  });

  it('refuses a stale revision, an invisible parent, and callers without the Lineage action', async () => {
    twoLineages();
    put(entry(20, 0, 20, '1', { status: 'DRAFT', roles: rolesOf({ owners: ['lead'] }) }));
    await expect(updateLineage(as('owner'), id(3), { parentId: id(11), rev: 0 })).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(updateLineage(as('owner'), id(3), { parentId: id(20), rev: 1 })).rejects.toMatchObject({
      statusCode: 422,
      issues: [{ path: 'body.parentId', message: 'Selected parent model is not valid.' }],
    });
    await expect(updateLineage(as('viewer'), id(3), { parentId: null, rev: 1 })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(updateLineage(as('stranger'), id(3), { parentId: null, rev: 1 })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(transactions.runTransaction).not.toHaveBeenCalled();
  });

  it('moves the changelog link with the entry, only to a file of the entry', async () => {
    twoLineages();
    const changelog = '99999999-9999-4999-8999-999999999999';
    await expect(
      updateLineage(as('owner'), id(3), { parentId: null, changelogFile: changelog, rev: 1 }),
    ).rejects.toMatchObject({ statusCode: 422 });
    files.getModelFile.mockResolvedValue({ uuid: changelog, folder: false });
    const moved = await updateLineage(as('owner'), id(3), {
      parentId: null,
      changelogFile: changelog,
      rev: 1,
    });
    expect(moved.metadata.changelog_file).toBe(changelog);
  });

  it('renames the entry when its version changes (the name carries the version)', async () => {
    twoLineages();
    const moved = await updateLineage(as('owner'), id(4), { parentId: id(11), version: '2.1', rev: 1 });
    expect(moved.name).toContain('Version: 2.1');
    const items = transactions.runTransaction.mock.calls[0]?.[0] as LabeledTxItem[];
    expect(items.map((i) => i.item.Put?.Item?.entity ?? (i.item.Delete ? 'Delete' : ''))).toEqual(
      expect.arrayContaining(['ModelName', 'Delete']),
    );
  });

  /** Entry 1 (root of lineage A) with `n` descendants in a chain of children of 1; lineage B is 10. */
  function largeSubtree(n: number) {
    put(entry(1, 0, 1, '1'), entry(10, 0, 10, '1'));
    for (let i = 0; i < n; i++) put(entry(100 + i, i % 3 === 0 ? 1 : 100 + i - 1, 1, `${2 + i}`));
  }
  const rootsOfSubtree = (n: number) =>
    new Set(Array.from({ length: n }, (_, i) => rootOf(100 + i)).concat(rootOf(1)));

  it(`moves one transaction's worth (${MAX_MOVED_DESCENDANTS} descendants) without a journal`, async () => {
    largeSubtree(MAX_MOVED_DESCENDANTS);
    await updateLineage(as('owner'), id(1), { parentId: id(10), version: '1.5', rev: 1 });
    expect(transactions.runTransaction).toHaveBeenCalledTimes(1);
    expect(rootsOfSubtree(MAX_MOVED_DESCENDANTS)).toEqual(new Set([id(10)]));
    expect(journal.size).toBe(0);
  });

  it('moves a subtree of 150 descendants in journaled batches, the last one closing the journal', async () => {
    largeSubtree(150);
    await updateLineage(as('owner'), id(1), { parentId: id(10), version: '1.5', rev: 1 });
    expect(rootsOfSubtree(150)).toEqual(new Set([id(10)]));
    expect(parentOf(100)).toBe(id(1));
    expect(parentOf(1)).toBe(id(10));
    expect(journal.size).toBe(0);
    const calls = transactions.runTransaction.mock.calls.map((c) => c[0] as LabeledTxItem[]);
    // The entry's own transaction opens the journal; every transaction fits DynamoDB's limit.
    expect(calls[0]?.some(({ item }) => item.Put?.Item?.entity === 'LineageMove')).toBe(true);
    expect(Math.max(...calls.map((c) => c.length))).toBeLessThanOrEqual(100);
    expect(calls.at(-1)?.at(-1)?.item.Delete?.Key).toEqual({ pk: 'LINEAGEMOVES', sk: id(1) });
    // Each descendant was written once.
    const writes = calls.flat().filter(({ item }) => item.Put?.Item?.entity === 'Model');
    expect(writes).toHaveLength(151);
  });

  it('shows the subtree moved while the journal is open, refuses other moves there, and is finished by a second run', async () => {
    largeSubtree(150);
    failAt.transaction = 1;
    // The move is committed with the entry's transaction: the caller is told it is done.
    await updateLineage(as('owner'), id(1), { parentId: id(10), version: '1.5', rev: 1 });
    // Half written: the entry and the first batch name the new root, the rest the old one.
    expect(journal.size).toBe(1);
    expect(new Set(Array.from({ length: 150 }, (_, i) => rootOf(100 + i)))).toEqual(new Set([id(1), id(10)]));

    // Readers see the whole subtree under the new root, from either side.
    for (const asked of [id(149), id(100), id(10)]) {
      const tree = await getHierarchy(as('owner'), asked);
      expect(tree.rootId).toBe(id(10));
      expect(tree.nodes).toHaveLength(152);
    }
    // Another move touching either lineage waits.
    await expect(
      updateLineage(as('owner'), id(149), { parentId: null, rev: entries.get(id(149))?.rev ?? 0 }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'A lineage of this model entry is being moved. Please try again in a minute.',
    });

    const [move] = [...journal.values()];
    await expect(finishLineageMove(move as LineageMove)).resolves.toBe('DONE');
    expect(rootsOfSubtree(150)).toEqual(new Set([id(10)]));
    expect(journal.size).toBe(0);
    // A second finisher finds nothing left and changes nothing.
    const writes = transactions.runTransaction.mock.calls.length;
    await expect(finishLineageMove(move as LineageMove)).resolves.toBe('DONE');
    expect(transactions.runTransaction.mock.calls.length).toBe(writes + 1);
  });

  it('reads a descendant again when a concurrent edit made its revision stale', async () => {
    largeSubtree(120);
    const move = { uuid: id(1), oldRoot: id(1), newRoot: id(10), startedBy: 'owner', startedOn: 'now' };
    journal.set(id(1), move);
    // Someone edits a descendant right after it was read: its batch is refused, then read again.
    let edited = false;
    models.getModel.mockImplementation(async (uuid: string) => {
      const read = entries.get(uuid);
      if (uuid === id(105) && !edited && read) {
        edited = true;
        entries.set(uuid, { ...read, rev: 7 });
      }
      return read;
    });
    await expect(finishLineageMove(move)).resolves.toBe('DONE');
    expect(edited).toBe(true);
    expect(entries.get(id(105))).toMatchObject({ rev: 8, metadata: { tree_root_id: id(10) } });
    expect(journal.size).toBe(0);
  });

  it('plans batches of at most 99 items, the journal deleted by the last', () => {
    const move = { uuid: id(1), oldRoot: id(1), newRoot: id(10), startedBy: 'owner', startedOn: 'now' };
    const descendants = Array.from({ length: 100 }, (_, i) => entry(100 + i, 1, 1, '2'));
    const batches = moveBatches(move, descendants, new Date());
    expect(DESCENDANTS_PER_BATCH).toBe(49);
    expect(batches.map((b) => b.length)).toEqual([98, 98, 5]);
    expect(moveBatches(move, [], new Date()).map((b) => b.length)).toEqual([1]);
  });
});

describe('getHierarchy: restricted nodes per persona', () => {
  function mixedLineage() {
    put(
      entry(1, 0, 1, '1'),
      entry(2, 1, 1, '2'),
      // A draft of someone else: only its managers (and super users) see it.
      entry(3, 2, 1, '3', { status: 'DRAFT', roles: rolesOf({ owners: ['lead'], viewers: [] }) }),
      entry(4, 3, 1, '4'),
      entry(5, 1, 1, '1.5', { status: 'DELETED' }),
    );
  }

  it.each([
    ['owner', [false, false, true, false]],
    ['lead', [false, false, false, false]],
    ['admin', [false, false, false, false]],
    ['stranger', [false, false, true, false]],
  ])('%s sees the restricted nodes %j (parents first), deleted entries left out', async (who, restricted) => {
    mixedLineage();
    const tree = await getHierarchy(as(who), id(2));
    expect(tree.rootId).toBe(id(1));
    expect(tree.nodes.map((n) => [n.uuid, n.parentId])).toEqual([
      [id(1), null],
      [id(2), id(1)],
      [id(3), id(2)],
      [id(4), id(3)],
    ]);
    expect(tree.nodes.map((n) => n.restricted)).toEqual(restricted);
    for (const node of tree.nodes.filter((n) => n.restricted)) {
      expect(Object.keys(node).sort()).toEqual(['parentId', 'restricted', 'uuid']);
    }
  });

  it('answers 404 to a caller who may not see the entry asked about', async () => {
    mixedLineage();
    await expect(getHierarchy(as('stranger'), id(3))).rejects.toMatchObject({ statusCode: 404 });
    await expect(getHierarchy(as('vendor'), id(2))).rejects.toMatchObject({ statusCode: 404 });
  });

  it('keeps a parent link that leads outside the lineage as originalParentId', async () => {
    put(entry(1, 0, 1, '1'), entry(2, 77, 1, '2'));
    const tree = await getHierarchy(as('owner'), id(2));
    expect(tree.nodes.find((n) => n.uuid === id(2))).toMatchObject({
      parentId: null,
      originalParentId: id(77),
    });
  });
});
