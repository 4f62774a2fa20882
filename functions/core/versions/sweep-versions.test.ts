import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineageMove } from '../../data/lineage-moves';
import type { VersionStaging } from '../../data/version-staging';

/**
 * The versions sweeper against an in-memory table (items by partition) and bucket: a failed version's
 * staged items and copied bodies go, a committed or recent one is left, and a second run does nothing.
 */
const partitions = new Map<string, Set<string>>();
const bucket = new Set<string>();
const journals = new Map<string, VersionStaging>();
const moves: LineageMove[] = [];

const staging = vi.hoisted(() => ({
  listVersionStaging: vi.fn(),
  deleteVersionStaging: vi.fn(),
  deleteItems: vi.fn(),
}));
const modelFiles = vi.hoisted(() => ({ listModelPartitionKeys: vi.fn() }));
const objects = vi.hoisted(() => ({ listObjectKeys: vi.fn(), deleteObjects: vi.fn() }));
const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const lineageMoves = vi.hoisted(() => ({ listLineageMoves: vi.fn() }));
const finisher = vi.hoisted(() => ({ finishLineageMove: vi.fn() }));

vi.mock('../../data/version-staging', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...staging,
}));
vi.mock('../../data/model-files', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...modelFiles,
}));
vi.mock('../../data/file-objects', () => objects);
vi.mock('../../data/models', () => models);
vi.mock('../../data/lineage-moves', () => lineageMoves);
vi.mock('./lineage-move', () => finisher);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { sweepVersions } = await import('./sweep-versions');

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const FAILED = '33333333-3333-4333-8333-000000000001';
const COMMITTED = '33333333-3333-4333-8333-000000000002';
const RUNNING = '33333333-3333-4333-8333-000000000003';

function stage(uuid: string, startedOn: string, files: number) {
  journals.set(uuid, { uuid, sourceUuid: 'source', startedBy: 'owner', startedOn });
  partitions.set(`MODEL#${uuid}`, new Set(Array.from({ length: files }, (_, i) => `FILE#${i}`)));
  for (let i = 0; i < files; i++) bucket.add(`models/${uuid}/files/${i}`);
}

beforeEach(() => {
  vi.clearAllMocks();
  partitions.clear();
  bucket.clear();
  journals.clear();
  moves.length = 0;
  staging.listVersionStaging.mockImplementation(async () => [...journals.values()]);
  staging.deleteVersionStaging.mockImplementation(async (uuid: string) => journals.delete(uuid));
  modelFiles.listModelPartitionKeys.mockImplementation(async (uuid: string) =>
    [...(partitions.get(`MODEL#${uuid}`) ?? [])].map((sk) => ({ pk: `MODEL#${uuid}`, sk })),
  );
  staging.deleteItems.mockImplementation(async (keys: { pk: string; sk: string }[]) => {
    for (const k of keys) partitions.get(k.pk)?.delete(k.sk);
  });
  objects.listObjectKeys.mockImplementation(async (prefix: string) =>
    [...bucket].filter((k) => k.startsWith(prefix)),
  );
  objects.deleteObjects.mockImplementation(async (keys: string[]) => {
    for (const k of keys) bucket.delete(k);
  });
  models.getModel.mockImplementation(async (uuid: string) =>
    partitions.get(`MODEL#${uuid}`)?.has('META') ? { uuid } : undefined,
  );
  lineageMoves.listLineageMoves.mockImplementation(async () => [...moves]);
  finisher.finishLineageMove.mockResolvedValue('DONE');
});

describe('sweepVersions', () => {
  it('removes the staged items and copies of a version that died before its commit, and nothing else', async () => {
    stage(FAILED, minutesAgo(45), 3);
    stage(COMMITTED, minutesAgo(45), 2);
    partitions.get(`MODEL#${COMMITTED}`)?.add('META');
    // Its function may still be copying: younger than any Lambda run could be.
    stage(RUNNING, minutesAgo(10), 2);

    const outcome = await sweepVersions(NOW);
    expect(outcome).toMatchObject({ versionsRemoved: 1, journalsClosed: 1 });
    expect(partitions.get(`MODEL#${FAILED}`)?.size).toBe(0);
    expect([...bucket].filter((k) => k.includes(FAILED))).toEqual([]);
    // The committed version keeps everything; the running one too, journal included.
    expect(partitions.get(`MODEL#${COMMITTED}`)?.size).toBe(3);
    expect([...bucket].filter((k) => k.includes(COMMITTED))).toHaveLength(2);
    expect([...bucket].filter((k) => k.includes(RUNNING))).toHaveLength(2);
    expect([...journals.keys()]).toEqual([RUNNING]);

    // Idempotent: a second run finds nothing to do.
    await expect(sweepVersions(NOW)).resolves.toMatchObject({ versionsRemoved: 0, journalsClosed: 0 });
  });

  it('keeps the journal when the removal stops, so that the next run continues', async () => {
    stage(FAILED, minutesAgo(45), 3);
    objects.deleteObjects.mockRejectedValueOnce(new Error('S3 is down'));
    await expect(sweepVersions(NOW)).rejects.toThrow('S3 is down');
    expect(journals.has(FAILED)).toBe(true);
    await expect(sweepVersions(NOW)).resolves.toMatchObject({ versionsRemoved: 1 });
    expect(bucket.size).toBe(0);
    expect(journals.size).toBe(0);
  });

  it('finishes lineage moves that stopped, not the ones still running', async () => {
    const move = (uuid: string, startedOn: string) => ({
      uuid,
      oldRoot: `${uuid}-old`,
      newRoot: 'new',
      startedBy: 'owner',
      startedOn,
    });
    moves.push(move('stopped', minutesAgo(3)), move('running', new Date(NOW - 5_000).toISOString()));
    finisher.finishLineageMove.mockResolvedValueOnce('DONE');
    await expect(sweepVersions(NOW)).resolves.toMatchObject({ movesFinished: 1, movesLeft: 0 });
    expect(finisher.finishLineageMove).toHaveBeenCalledTimes(1);
    expect(finisher.finishLineageMove).toHaveBeenCalledWith(expect.objectContaining({ uuid: 'stopped' }));
  });
});
