import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { unzipSync } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArchiveJob, ArchiveManifestEntry } from '../../data/archive-jobs';

const objects = vi.hoisted(() => ({
  openObject: vi.fn(),
  getObjectBytes: vi.fn(),
  objectSize: vi.fn(),
}));
const upload = vi.hoisted(() => ({ uploadStream: vi.fn() }));
const jobs = vi.hoisted(() => ({
  claimArchiveJob: vi.fn(),
  recordArchiveProgress: vi.fn(),
  finishArchiveJob: vi.fn(),
}));
const connections = vi.hoisted(() => ({ listUserConnectionIds: vi.fn() }));
const push = vi.hoisted(() => ({ pushToConnection: vi.fn() }));

vi.mock('../../data/file-objects', () => objects);
vi.mock('../../data/object-upload', () => upload);
vi.mock('../../data/archive-jobs', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...jobs,
}));
vi.mock('../../data/connections', () => connections);
vi.mock('../connections/push-to-connection', () => push);

const {
  buildArchive,
  writeZip,
  isCompressible,
  ProgressReporter,
  ARCHIVE_FAILED_MESSAGE,
  ARCHIVE_TOO_SLOW_MESSAGE,
  MAX_OPEN_BODIES,
  PREFETCH_BYTES,
} = await import('./build-archive');

const UUID = '11111111-1111-4111-8111-111111111111';
const ARCHIVE = '01J00000000000000000000000';
const MiB = 1024 * 1024;

function job(overrides: Partial<ArchiveJob> = {}): ArchiveJob {
  return {
    archiveId: ARCHIVE,
    modelUuid: UUID,
    requester: 'viewer',
    status: 'BUILDING',
    filesTotal: 0,
    filesDone: 0,
    bytesTotal: 0,
    bytesDone: 0,
    fileName: 'Model.zip',
    objectKey: `downloads/${UUID}/${ARCHIVE}.zip`,
    manifestKey: `downloads/${UUID}/${ARCHIVE}.manifest.json`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ttl: 0,
    ...overrides,
  };
}

const key = (n: number) => `models/${UUID}/files/${n}`;

/** Bodies by key, served as streams of 64 KiB chunks; `opened`/`open` count the streams. */
function serveBodies(bodies: Map<string, Buffer>) {
  const stats = { opened: [] as string[], open: 0, maxOpen: 0 };
  objects.openObject.mockImplementation(async (k: string) => {
    const body = bodies.get(k);
    if (!body) throw new Error(`Object ${k} does not exist`);
    stats.opened.push(k);
    stats.open++;
    stats.maxOpen = Math.max(stats.maxOpen, stats.open);
    const chunks = Array.from({ length: Math.ceil(body.length / (64 * 1024)) }, (_, i) =>
      body.subarray(i * 64 * 1024, (i + 1) * 64 * 1024),
    );
    const stream = Readable.from(chunks, { objectMode: false });
    stream.once('close', () => stats.open--);
    return stream;
  });
  return stats;
}

/** The upload keeps what it reads; a failing zip stream rejects it, as lib-storage's Upload does. */
function captureUploads() {
  const written = new Map<string, Buffer>();
  upload.uploadStream.mockImplementation(async (k: string, stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    written.set(k, Buffer.concat(chunks));
  });
  return written;
}

function manifestOf(entries: ArchiveManifestEntry[]) {
  objects.getObjectBytes.mockResolvedValue(Buffer.from(JSON.stringify({ entries })));
}

const text = (n: number) =>
  Buffer.from(
    Array.from({ length: n }, (_, i) => `${i},alpha,${i * 7}\n`)
      .join('')
      .slice(0, n),
  );

beforeEach(() => {
  vi.resetAllMocks();
  jobs.recordArchiveProgress.mockResolvedValue(true);
  jobs.finishArchiveJob.mockResolvedValue(true);
  connections.listUserConnectionIds.mockResolvedValue(['c1', 'c2']);
  push.pushToConnection.mockResolvedValue(true);
  objects.objectSize.mockResolvedValue(123);
});

describe('buildArchive', () => {
  it('zips every body of the manifest under its name, then records READY and tells the requester', async () => {
    const csv = text(200_000);
    const packed = randomBytes(100_000);
    const bodies = new Map([
      [key(1), csv],
      [key(2), packed],
      [key(3), Buffer.alloc(0)],
    ]);
    serveBodies(bodies);
    const written = captureUploads();
    const entries = [
      { name: 'inputs/data.csv', key: key(1), size: csv.length, modifiedAt: '2025-05-01T10:00:00.000Z' },
      { name: 'model.xlsx', key: key(2), size: packed.length },
      { name: 'empty.txt', key: key(3), size: 0 },
    ];
    manifestOf(entries);
    jobs.claimArchiveJob.mockResolvedValue(job({ filesTotal: 3, bytesTotal: csv.length + packed.length }));

    expect(await buildArchive(ARCHIVE, { deadline: Date.now() + 60_000 })).toBe('READY');

    const zip = unzipSync(new Uint8Array(written.get(job().objectKey) ?? Buffer.alloc(0)));
    expect(Object.keys(zip)).toEqual(['inputs/data.csv', 'model.xlsx', 'empty.txt']);
    expect(Buffer.from(zip['inputs/data.csv'] ?? []).equals(csv)).toBe(true);
    expect(Buffer.from(zip['model.xlsx'] ?? []).equals(packed)).toBe(true);
    expect(zip['empty.txt']).toHaveLength(0);
    expect(jobs.finishArchiveJob).toHaveBeenCalledWith(
      ARCHIVE,
      expect.objectContaining({
        status: 'READY',
        filesDone: 3,
        bytesDone: csv.length + packed.length,
        stats: expect.objectContaining({ zipBytes: 123, peakHeapUsedBytes: expect.any(Number) }),
      }),
      expect.any(String),
    );
    const ready = push.pushToConnection.mock.calls.filter(([, m]) => m.type === 'archive-ready');
    expect(ready.map(([id]) => id)).toEqual(['c1', 'c2']);
    expect(ready[0]?.[1]).toMatchObject({
      archiveId: ARCHIVE,
      modelUuid: UUID,
      filesDone: 3,
      fileName: 'Model.zip',
    });
    // Nothing after the final message.
    expect(push.pushToConnection.mock.calls.at(-1)?.[1].type).toBe('archive-ready');
  });

  it('does nothing when the job cannot be claimed (a repeated delivery of the event)', async () => {
    jobs.claimArchiveJob.mockResolvedValue(undefined);
    expect(await buildArchive(ARCHIVE, { deadline: Date.now() + 60_000 })).toBe('SKIPPED');
    expect(objects.getObjectBytes).not.toHaveBeenCalled();
    expect(upload.uploadStream).not.toHaveBeenCalled();
    expect(jobs.finishArchiveJob).not.toHaveBeenCalled();
  });

  it('ends FAILED with a message, and tells the requester, when a body breaks off', async () => {
    objects.openObject.mockImplementation(async () =>
      Readable.from(
        (async function* () {
          yield Buffer.alloc(70_000, 1);
          throw new Error('connection reset');
        })(),
        { objectMode: false },
      ),
    );
    captureUploads();
    manifestOf([{ name: 'a.bin', key: key(1), size: 200_000 }]);
    jobs.claimArchiveJob.mockResolvedValue(job({ filesTotal: 1, bytesTotal: 200_000 }));

    expect(await buildArchive(ARCHIVE, { deadline: Date.now() + 60_000 })).toBe('FAILED');
    expect(jobs.finishArchiveJob).toHaveBeenCalledWith(
      ARCHIVE,
      expect.objectContaining({ status: 'FAILED', message: ARCHIVE_FAILED_MESSAGE }),
      expect.any(String),
    );
    expect(push.pushToConnection).toHaveBeenCalledWith(
      'c1',
      { type: 'archive-failed', archiveId: ARCHIVE, modelUuid: UUID, message: ARCHIVE_FAILED_MESSAGE },
      'viewer',
    );
    expect(push.pushToConnection.mock.calls.some(([, m]) => m.type === 'archive-ready')).toBe(false);
  });

  it('fails when a body is not as long as the manifest says', async () => {
    serveBodies(new Map([[key(1), Buffer.from('short')]]));
    captureUploads();
    manifestOf([{ name: 'a.txt', key: key(1), size: 50 }]);
    jobs.claimArchiveJob.mockResolvedValue(job({ filesTotal: 1, bytesTotal: 50 }));
    expect(await buildArchive(ARCHIVE, { deadline: Date.now() + 60_000 })).toBe('FAILED');
    expect(jobs.finishArchiveJob.mock.calls[0]?.[1]).toMatchObject({ status: 'FAILED' });
  });

  it('gives up with its own message before the function runs out of time', async () => {
    // A body that never delivers its second chunk.
    objects.openObject.mockImplementation(async () => {
      const stream = new Readable({ read() {} });
      stream.push(Buffer.alloc(70_000));
      return stream;
    });
    captureUploads();
    manifestOf([{ name: 'slow.bin', key: key(1), size: 1_000_000 }]);
    jobs.claimArchiveJob.mockResolvedValue(job({ filesTotal: 1, bytesTotal: 1_000_000 }));
    expect(await buildArchive(ARCHIVE, { deadline: Date.now() + 200 })).toBe('FAILED');
    expect(jobs.finishArchiveJob.mock.calls[0]?.[1]).toMatchObject({
      status: 'FAILED',
      message: ARCHIVE_TOO_SLOW_MESSAGE,
    });
  });

  it('refuses a manifest that names anything but file bodies', async () => {
    manifestOf([{ name: 'x', key: 'catalog/snapshot.v2.bin.gz', size: 1 }]);
    jobs.claimArchiveJob.mockResolvedValue(job({ filesTotal: 1, bytesTotal: 1 }));
    expect(await buildArchive(ARCHIVE, { deadline: Date.now() + 60_000 })).toBe('FAILED');
    expect(objects.openObject).not.toHaveBeenCalled();
  });
});

describe('writeZip', () => {
  it('opens a body only when it is close to being read, and never many at once', async () => {
    const size = 3 * MiB;
    const count = 12;
    const bodies = new Map(Array.from({ length: count }, (_, i) => [key(i), Buffer.alloc(size, i)]));
    const stats = serveBodies(bodies);
    // What had been read when each body was opened.
    const readWhenOpened: number[] = [];
    let read = 0;
    const open = objects.openObject.getMockImplementation();
    objects.openObject.mockImplementation(async (k: string) => {
      readWhenOpened.push(read);
      return open?.(k);
    });
    const written = captureUploads();
    const entries = [...bodies.keys()].map((k, i) => ({ name: `f${i}.bin`, key: k, size }));
    await writeZip(
      'downloads/x.zip',
      entries,
      { read: (n) => (read += n), fileDone: () => undefined },
      60_000,
    );

    expect(stats.opened).toEqual([...bodies.keys()]);
    readWhenOpened.forEach((atOpen, i) => {
      expect(i * size - atOpen).toBeLessThanOrEqual(PREFETCH_BYTES);
    });
    expect(stats.maxOpen).toBeLessThanOrEqual(MAX_OPEN_BODIES);
    expect(stats.maxOpen).toBeLessThan(count);
    expect(Object.keys(unzipSync(new Uint8Array(written.get('downloads/x.zip') ?? [])))).toHaveLength(count);
  });

  it('opens the bodies of small files ahead, several at a time', async () => {
    const bodies = new Map(Array.from({ length: 30 }, (_, i) => [key(i), Buffer.from(`body ${i}`)]));
    const stats = serveBodies(bodies);
    let pending = 0;
    let maxPending = 0;
    const open = objects.openObject.getMockImplementation();
    objects.openObject.mockImplementation(async (k: string) => {
      pending++;
      maxPending = Math.max(maxPending, pending);
      await new Promise((resolve) => setTimeout(resolve, 5));
      pending--;
      return open?.(k);
    });
    const written = captureUploads();
    const entries = [...bodies].map(([k, b], i) => ({ name: `f${i}.txt`, key: k, size: b.length }));
    await writeZip('downloads/y.zip', entries, { read: () => undefined, fileDone: () => undefined }, 60_000);
    expect(stats.opened).toHaveLength(30);
    expect(maxPending).toBeGreaterThan(1);
    expect(maxPending).toBeLessThanOrEqual(MAX_OPEN_BODIES);
    const zip = unzipSync(new Uint8Array(written.get('downloads/y.zip') ?? []));
    expect(new TextDecoder().decode(zip['f29.txt'])).toBe('body 29');
  });
});

describe('isCompressible', () => {
  it('deflates text and stores what is compressed already', () => {
    expect(isCompressible(text(64 * 1024))).toBe(true);
    expect(isCompressible(randomBytes(64 * 1024))).toBe(false);
    expect(isCompressible(Buffer.from('tiny'))).toBe(true);
  });
});

describe('ProgressReporter', () => {
  const counts = { archiveId: ARCHIVE, modelUuid: UUID, requester: 'viewer', filesTotal: 2, bytesTotal: 100 };

  /** Lets a report in flight finish (its calls are all resolved mocks). */
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('writes and pushes progress at most once a second, and none after it stopped', async () => {
    let now = 10_000;
    const reporter = new ProgressReporter(counts, () => now);
    reporter.read(10); // the first read is reported at once
    await flush();
    reporter.read(10);
    reporter.fileDone();
    now += 999;
    reporter.read(10);
    await flush();
    expect(jobs.recordArchiveProgress).toHaveBeenCalledTimes(1);

    now += 1;
    reporter.read(10);
    await flush();
    expect(jobs.recordArchiveProgress).toHaveBeenCalledTimes(2);
    expect(jobs.recordArchiveProgress).toHaveBeenLastCalledWith(
      ARCHIVE,
      { filesDone: 1, bytesDone: 40 },
      expect.any(String),
    );
    await reporter.stop();
    now += 5000;
    reporter.read(1);
    await flush();
    expect(jobs.recordArchiveProgress).toHaveBeenCalledTimes(2);

    const progress = push.pushToConnection.mock.calls.filter(([, m]) => m.type === 'archive-progress');
    expect(progress.map(([id]) => id)).toEqual(['c1', 'c2', 'c1', 'c2']);
    expect(progress.at(-1)?.[1]).toEqual({
      type: 'archive-progress',
      archiveId: ARCHIVE,
      modelUuid: UUID,
      filesDone: 1,
      filesTotal: 2,
      bytesDone: 40,
      bytesTotal: 100,
    });
  });

  it('pushes nothing once the job has stopped building', async () => {
    jobs.recordArchiveProgress.mockResolvedValue(false);
    const reporter = new ProgressReporter(counts, () => 50_000);
    reporter.read(5);
    await reporter.stop();
    expect(jobs.recordArchiveProgress).toHaveBeenCalledTimes(1);
    expect(push.pushToConnection).not.toHaveBeenCalled();
  });
});
