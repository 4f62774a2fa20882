import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UnprocessableError } from '../../lib/errors';
import type { WorkbookDiffer } from './workbook-differ';

/** The files bucket as a map of key → JSON text; listing and reads behave as S3's do. */
const bucket = vi.hoisted(() => new Map<string, string>());
const objects = vi.hoisted(() => ({
  listChildren: vi.fn(async (prefix: string) => {
    const names = new Set<string>();
    for (const key of bucket.keys()) {
      if (!key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length);
      const slash = rest.indexOf('/');
      names.add(slash < 0 ? rest : rest.slice(0, slash + 1));
    }
    return names;
  }),
  getJson: vi.fn(async (key: string) =>
    bucket.has(key) ? JSON.parse(bucket.get(key) as string) : undefined,
  ),
  findJson: vi.fn(async (key: string) =>
    bucket.has(key) ? JSON.parse(bucket.get(key) as string) : undefined,
  ),
  putJson: vi.fn(async (key: string, value: unknown) => {
    bucket.set(key, JSON.stringify(value));
  }),
}));
const jobs = vi.hoisted(() => ({ startJob: vi.fn(async () => undefined) }));
vi.mock('../../data/diff-objects', () => objects);
vi.mock('../../lib/job-invoker', () => jobs);

const { computeWorkbookDiff, DIFF_FAULT, DIFF_STALLED, readSheetPage, restartWorkbookDiff, workbookDiff } =
  await import('./workbook-diffs');

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const pair = {
  before: { key: 'models/m1/files/f1', sha256: A, size: 10, name: 'model.xlsm' },
  after: { key: 'models/m2/files/f2', sha256: B, size: 12, name: 'model.xlsm' },
};
const prefix = `diffs/workbooks/${A}/${B}/`;
const T0 = Date.parse('2026-11-28T10:00:00.000Z');

const differ = (overview = { sheets: [{ id: 'Inputs', name: 'Inputs', status: 'changed', diffCount: 1 }] }) =>
  ({
    diff: vi.fn(async () => ({
      overview,
      sheetPages: [
        () => [
          { pageIndex: 0, rows: 'first' },
          { pageIndex: 1, rows: 'second' },
        ],
      ],
      macros: [{ summary: { name: 'Module1', status: 'changed' }, diff: async () => ({ hunks: [] }) }],
    })),
  }) satisfies WorkbookDiffer;
const open = async () => Readable.from([]);

beforeEach(() => {
  bucket.clear();
  vi.clearAllMocks();
});

describe('workbook diffs, computed once per pair of bodies', () => {
  it('starts the computation on the first look and answers PENDING until the overview is stored', async () => {
    expect(await workbookDiff(pair, T0)).toEqual({ status: 'PENDING', retryAfterSeconds: 3 });
    expect(jobs.startJob).toHaveBeenCalledWith({ job: 'compute-workbook-diff', ...pair });
    expect(JSON.parse(bucket.get(`${prefix}pending.json`) ?? '{}')).toEqual({
      startedAt: '2026-11-28T10:00:00.000Z',
      attempts: 1,
    });

    // A second look while it runs starts nothing more.
    expect(await workbookDiff(pair, T0 + 2000)).toEqual({ status: 'PENDING', retryAfterSeconds: 3 });
    expect(jobs.startJob).toHaveBeenCalledTimes(1);

    expect(await computeWorkbookDiff(pair, differ(), open, { deadline: T0 + 60_000 })).toBe('READY');
    const ready = await workbookDiff(pair, T0 + 4000);
    expect(ready).toEqual({
      status: 'READY',
      overview: {
        sheets: [{ id: 'Inputs', name: 'Inputs', status: 'changed', diffCount: 1 }],
        macros: [{ name: 'Module1', status: 'changed' }],
      },
    });
    expect(await readSheetPage(pair, 0, 1)).toEqual({ pageIndex: 1, rows: 'second' });
    expect(await readSheetPage(pair, 0, 2)).toBeUndefined();
    expect(jobs.startJob).toHaveBeenCalledTimes(1);
  });

  it('keys the stored diff by both hashes, in order: the reverse comparison is another diff', async () => {
    await computeWorkbookDiff(pair, differ(), open, { deadline: T0 + 60_000 });
    expect([...bucket.keys()].every((k) => k.startsWith(prefix))).toBe(true);
    const reversed = { before: pair.after, after: pair.before };
    expect((await workbookDiff(reversed, T0)).status).toBe('PENDING');
    expect(jobs.startJob).toHaveBeenCalledTimes(1);
  });

  it('computes nothing again when the job is delivered twice', async () => {
    const engine = differ();
    await computeWorkbookDiff(pair, engine, open, { deadline: T0 + 60_000 });
    expect(await computeWorkbookDiff(pair, engine, open, { deadline: T0 + 60_000 })).toBe('READY');
    expect(engine.diff).toHaveBeenCalledTimes(1);
  });

  it("keeps the engine's refusal of a workbook and answers it without computing again", async () => {
    await workbookDiff(pair, T0);
    const refusing: WorkbookDiffer = {
      diff: async () => {
        throw new UnprocessableError('This workbook is password-protected, so it cannot be compared.');
      },
    };
    expect(await computeWorkbookDiff(pair, refusing, open, { deadline: T0 + 60_000 })).toBe('REFUSED');
    const later = T0 + 24 * 3600_000;
    expect(await workbookDiff(pair, later)).toEqual({
      status: 'FAILED',
      message: 'This workbook is password-protected, so it cannot be compared.',
    });
    expect(jobs.startJob).toHaveBeenCalledTimes(1);
  });

  it('shows a fault of the server for a while, then tries again', async () => {
    await workbookDiff(pair, T0);
    const broken: WorkbookDiffer = {
      diff: async () => {
        throw new TypeError('boom');
      },
    };
    expect(await computeWorkbookDiff(pair, broken, open, { deadline: T0, now: () => T0 + 1000 })).toBe(
      'FAILED',
    );
    expect(await workbookDiff(pair, T0 + 60_000)).toEqual({ status: 'FAILED', message: DIFF_FAULT });
    expect(jobs.startJob).toHaveBeenCalledTimes(1);

    const afterwards = T0 + 11 * 60_000;
    expect(await workbookDiff(pair, afterwards)).toEqual({ status: 'PENDING', retryAfterSeconds: 3 });
    expect(jobs.startJob).toHaveBeenCalledTimes(2);
    // The new start is later than the fault: polling sees PENDING, not the old fault.
    expect((await workbookDiff(pair, afterwards + 3000)).status).toBe('PENDING');
    expect(jobs.startJob).toHaveBeenCalledTimes(2);
  });

  it('starts a stalled computation once more, then gives up with a stored message', async () => {
    await workbookDiff(pair, T0);
    const stalled = T0 + 20 * 60_000;
    expect((await workbookDiff(pair, stalled)).status).toBe('PENDING');
    expect(jobs.startJob).toHaveBeenCalledTimes(2);
    expect(await workbookDiff(pair, stalled + 20 * 60_000)).toEqual({
      status: 'FAILED',
      message: DIFF_STALLED,
    });
    expect(jobs.startJob).toHaveBeenCalledTimes(2);
  });

  it('records a fault when Lambda refuses the invocation, so that clients do not poll for nothing', async () => {
    jobs.startJob.mockRejectedValueOnce(new Error('TooManyRequestsException'));
    await expect(workbookDiff(pair, T0)).rejects.toThrow('TooManyRequestsException');
    expect(await workbookDiff(pair, T0 + 1000)).toEqual({ status: 'FAILED', message: DIFF_FAULT });
  });
});

describe('a stored diff that lost documents to the lifecycle rule (diffs/ expire after 30 days)', () => {
  it('is computed again once, with the documents written anew, and answers PENDING meanwhile', async () => {
    expect(await computeWorkbookDiff(pair, differ(), open, { deadline: T0 + 60_000 })).toBe('READY');
    bucket.set(
      `${prefix}pending.json`,
      JSON.stringify({ startedAt: new Date(T0).toISOString(), attempts: 1 }),
    );
    // Thirty days on, a page went first; the overview is still there.
    bucket.delete(`${prefix}sheets/0/1.json`);
    const later = T0 + 30 * 24 * 3600 * 1000;

    expect(await restartWorkbookDiff(pair, later)).toEqual({ status: 'PENDING', retryAfterSeconds: 3 });
    expect(jobs.startJob).toHaveBeenCalledWith({ job: 'compute-workbook-diff', ...pair, recompute: true });
    // A second reader meanwhile starts nothing more.
    expect(await restartWorkbookDiff(pair, later + 5000)).toEqual({
      status: 'PENDING',
      retryAfterSeconds: 3,
    });
    expect(jobs.startJob).toHaveBeenCalledTimes(1);

    // The job computes again although the overview exists (a plain delivery would not).
    const engine = differ();
    expect(await computeWorkbookDiff(pair, engine, open, { deadline: later + 60_000 })).toBe('READY');
    expect(engine.diff).not.toHaveBeenCalled();
    expect(await computeWorkbookDiff(pair, engine, open, { deadline: later + 60_000, recompute: true })).toBe(
      'READY',
    );
    expect(engine.diff).toHaveBeenCalledTimes(1);
    expect(await readSheetPage(pair, 0, 1)).toEqual({ pageIndex: 1, rows: 'second' });
  });
});
