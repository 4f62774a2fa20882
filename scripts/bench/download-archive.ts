import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DownloadArchive } from '@shared/schemas/download-archive';
import {
  getArchive,
  openMessageSocket,
  startDownloadAll,
  waitForArchive,
} from '../../test/support/download-archive';
import { api, documentClient, idToken } from '../../test/support/local-cloud';
import { createModelEntry, demoMetadata, demoRoles, type Json } from '../../test/support/model-entries';
import { type LocalEndpoints, readEndpoints } from '../local/endpoints';
import { LOCAL_CREDENTIALS } from '../local/env';
import { formatTable, option } from './stats';

/**
 * "Download all" of a large entry, end to end: creates a draft with `--files` (500) files totalling
 * `--total-mb` (2048 MiB) through the API (upload tickets, presigned PUTs, attach), runs the archive
 * job (`POST .../download-all`, progress and ready over the WebSocket), then checks the archive:
 * its size and central directory (entry count, names and sizes, read with two ranged GETs of the
 * presigned URL) against the files. Prints the job's time (request to ready), its throughput, and the
 * build's figures from the job item (duration and the peak memory of the process that built it: the
 * heap and ArrayBuffers are the jobs worker's own; RSS is the whole local cloud process, s3rver
 * included). The bodies are cheap to make and incompressible: one random MiB repeated, each file's
 * first bytes its number (so every body differs), the way a workbook or PDF would be stored.
 * Afterwards the entry (its bodies and archives go with it) and the uploads are deleted.
 *
 * Usage (a local cloud running, e.g. `MR_PORT_OFFSET=... npx tsx scripts/local/start.ts --test`):
 *   MR_ENDPOINTS_FILE=.local/test/endpoints.json npx tsx scripts/bench/download-archive.ts [--files 500] [--total-mb 2048]
 * Needs about three times the total on the disk of the cloud's data dir (uploads, bodies, archive).
 */
const CALLER = 'lead';
/** One upload ticket and one attach call take at most 90 files. */
const BATCH = 90;
/** Presigned PUTs in flight at once. */
const PUT_CONCURRENCY = 4;
const MiB = 1024 * 1024;

interface Timed<T> {
  value: T;
  ms: number;
}
async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function callApi(
  endpoints: LocalEndpoints,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await api(
    path,
    {
      method,
      token,
      ...(body !== undefined
        ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
        : {}),
    },
    endpoints,
  );
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
}

/** File `i`'s body: the shared random block repeated to `size` bytes, its first 8 bytes `i`. */
function bodyOf(block: Buffer, i: number, size: number): Buffer {
  const body = Buffer.allocUnsafe(size);
  for (let at = 0; at < size; at += block.length) block.copy(body, at, 0, Math.min(block.length, size - at));
  body.writeBigUInt64BE(BigInt(i), 0);
  return body;
}

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/** The draft and its files, uploaded and attached in batches; returns the upload ids too. */
async function createLargeEntry(
  endpoints: LocalEndpoints,
  token: string,
  files: number,
  size: number,
): Promise<{ uuid: string; uploadIds: string[]; names: string[] }> {
  const entry = await createModelEntry(
    token,
    {
      files: [],
      metadata: demoMetadata({ suffix: `bench archive ${Date.now().toString(36)}` }),
      roles: demoRoles(),
    },
    endpoints,
  );
  const block = randomBytes(MiB);
  const names = Array.from({ length: files }, (_, i) => `part-${String(i).padStart(4, '0')}.bin`);
  const uploadIds: string[] = [];
  for (let start = 0; start < files; start += BATCH) {
    const batch = names.slice(start, start + BATCH);
    const ticket = await callApi(endpoints, token, 'POST', '/v2/uploads', {
      modelUuid: entry.uuid,
      files: batch.map((name) => ({ name, size, contentType: 'application/octet-stream' })),
    });
    if (ticket.status !== 201)
      throw new Error(`upload ticket: ${ticket.status} ${JSON.stringify(ticket.body)}`);
    uploadIds.push(ticket.body.uploadId);
    const puts = (ticket.body.files as Json[]).map((f, i) => ({ f, i: start + i }));
    await forEachLimited(puts, PUT_CONCURRENCY, async ({ f, i }) => {
      const put = await fetch(f.url, {
        method: 'PUT',
        body: new Uint8Array(bodyOf(block, i, size)),
        headers: f.headers,
      });
      if (put.status !== 200) throw new Error(`PUT ${f.name}: ${put.status}`);
    });
    const attached = await callApi(endpoints, token, 'POST', `/v2/models/${entry.uuid}/files`, {
      uploadId: ticket.body.uploadId,
      files: (ticket.body.files as Json[]).map((f, i) => ({
        uploadFileId: f.uploadFileId,
        name: batch[i],
        path: '',
        mainFile: false,
      })),
    });
    if (attached.status !== 200)
      throw new Error(`attach: ${attached.status} ${JSON.stringify(attached.body)}`);
    process.stdout.write(`  ${Math.min(start + BATCH, files)} of ${files} files uploaded and attached\n`);
  }
  return { uuid: entry.uuid, uploadIds, names };
}

interface CentralEntry {
  name: string;
  size: number;
}

/** The archive's size and its central directory, from two ranged GETs of its presigned URL. */
async function readCentralDirectory(url: string): Promise<{ size: number; entries: CentralEntry[] }> {
  const probe = await fetch(url, { headers: { range: 'bytes=0-0' } });
  await probe.arrayBuffer();
  const size = Number(probe.headers.get('content-range')?.split('/')[1]);
  if (!Number.isFinite(size)) throw new Error(`no content-range in the answer (${probe.status})`);
  const tailBytes = Math.min(size, 4 * MiB);
  const tailRes = await fetch(url, { headers: { range: `bytes=${size - tailBytes}-${size - 1}` } });
  const tail = Buffer.from(await tailRes.arrayBuffer());
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory record');
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  const locator = eocd - 20;
  if (locator >= 0 && tail.readUInt32LE(locator) === 0x07064b50) {
    const record = Number(tail.readBigUInt64LE(locator + 8)) - (size - tailBytes);
    count = Number(tail.readBigUInt64LE(record + 32));
    cdSize = Number(tail.readBigUInt64LE(record + 40));
    cdOffset = Number(tail.readBigUInt64LE(record + 48));
  }
  let at = cdOffset - (size - tailBytes);
  if (at < 0) throw new Error('the central directory is larger than the tail read');
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (tail.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const nameLength = tail.readUInt16LE(at + 28);
    const extraLength = tail.readUInt16LE(at + 30);
    const commentLength = tail.readUInt16LE(at + 32);
    let entrySize = tail.readUInt32LE(at + 24);
    const name = tail.toString('utf8', at + 46, at + 46 + nameLength);
    if (entrySize === 0xffffffff) {
      // The zip64 extended information extra field holds the real size first.
      let x = at + 46 + nameLength;
      while (x < at + 46 + nameLength + extraLength) {
        const id = tail.readUInt16LE(x);
        if (id === 0x0001) entrySize = Number(tail.readBigUInt64LE(x + 4));
        x += 4 + tail.readUInt16LE(x + 2);
      }
    }
    entries.push({ name, size: entrySize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (cdSize <= 0) throw new Error('empty central directory');
  return { size, entries };
}

async function deleteUploads(endpoints: LocalEndpoints, uploadIds: readonly string[]): Promise<void> {
  const s3 = new S3Client({
    endpoint: endpoints.s3,
    region: endpoints.region,
    forcePathStyle: true,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  for (const uploadId of uploadIds) {
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: endpoints.filesBucket, Prefix: `uploads/${uploadId}/` }),
    );
    const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    await forEachLimited(keys, 8, async (Key) => {
      await s3.send(new DeleteObjectCommand({ Bucket: endpoints.filesBucket, Key }));
    });
  }
  s3.destroy();
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const files = Number(option('files', '500'));
  const totalMiB = Number(option('total-mb', '2048'));
  const size = Math.floor((totalMiB * MiB) / files);
  const endpoints = readEndpoints();
  const token = await idToken(CALLER, endpoints);

  console.log(`Creating a draft with ${files} files of ${(size / MiB).toFixed(2)} MiB (${totalMiB} MiB)...`);
  const setup = await timed(() => createLargeEntry(endpoints, token, files, size));
  const { uuid, uploadIds, names } = setup.value;
  const { messages, socket } = await openMessageSocket(token, endpoints);
  // When `archive-ready` arrived: the end of the measured time (the polling below only backs it up).
  let readyAt: number | undefined;
  socket.on('message', (data) => {
    if (JSON.parse(data.toString()).type === 'archive-ready') readyAt ??= performance.now();
  });
  try {
    const requested = performance.now();
    const started = await startDownloadAll(token, uuid, endpoints);
    const acceptedMs = performance.now() - requested;
    if (started.status !== 202)
      throw new Error(`download-all: ${started.status} ${JSON.stringify(started.body)}`);
    const { archiveId, bytesTotal } = started.body;
    console.log(`Archive ${archiveId} started (${acceptedMs.toFixed(0)} ms); building...`);

    const ready = await waitForArchive(token, uuid, archiveId, {
      timeoutMs: 15 * 60_000,
      intervalMs: 1000,
      endpoints,
    });
    const readyMs = (readyAt ?? performance.now()) - requested;
    if (ready.status !== 'READY') throw new Error(`the archive failed: ${ready.message}`);
    const link = (await getArchive(token, uuid, archiveId, endpoints)).body as DownloadArchive;
    const archive = await readCentralDirectory(link.url ?? '');

    const mine = messages.filter((m) => m.archiveId === archiveId);
    const progress = mine.filter((m) => m.type === 'archive-progress');
    // The zip holds the files in the entry's order (by file id), not by name.
    const zipped = [...archive.entries].sort((a, b) => a.name.localeCompare(b.name));
    const sameEntries =
      zipped.length === files && zipped.every((e, i) => e.name === names[i] && e.size === size);
    const item = await documentClient(endpoints).send(
      new GetCommand({ TableName: endpoints.tableName, Key: { pk: `ARCHIVE#${archiveId}`, sk: 'META' } }),
    );
    const stats = (item.Item?.stats ?? {}) as Record<string, number>;
    const mb = (bytes: number | undefined) => `${((bytes ?? 0) / MiB).toFixed(0)} MiB`;
    const seconds = readyMs / 1000;

    console.log(
      formatTable(
        ['figure', 'value'],
        [
          ['files / total', `${files} / ${mb(bytesTotal)}`],
          ['setup (upload + attach, not measured below)', `${(setup.ms / 1000).toFixed(1)} s`],
          ['POST download-all (HEAD of every body, job, invoke)', `${acceptedMs.toFixed(0)} ms`],
          ['request to READY', `${seconds.toFixed(1)} s`],
          ['throughput (file bytes / request to READY)', `${(bytesTotal / MiB / seconds).toFixed(1)} MB/s`],
          ['build (job item stats.durationMs)', `${((stats.durationMs ?? 0) / 1000).toFixed(1)} s`],
          ['archive size (ranged GET) / stats.zipBytes', `${archive.size} / ${stats.zipBytes}`],
          [
            'central directory: entries, names and sizes',
            `${archive.entries.length}, ${sameEntries ? 'match' : 'DIFFER'}`,
          ],
          [
            'WebSocket: progress messages, ready',
            `${progress.length}, ${mine.some((m) => m.type === 'archive-ready') ? 'yes' : 'no'}`,
          ],
          ['jobs worker: peak heap used', mb(stats.peakHeapUsedBytes)],
          ['jobs worker: peak ArrayBuffers (stream chunks, parts)', mb(stats.peakArrayBuffersBytes)],
          ['local cloud process: peak RSS (all of it)', mb(stats.peakRssBytes)],
        ],
      ),
    );
    if (!sameEntries || archive.size !== stats.zipBytes || archive.size < bytesTotal)
      throw new Error('The archive does not hold what the entry holds');
  } finally {
    socket.close();
    console.log('Cleaning up: the entry, its bodies and archives, and the uploads...');
    const deleted = await callApi(endpoints, token, 'DELETE', `/v2/models/${uuid}`);
    if (deleted.status !== 204) console.error(`delete: ${deleted.status} ${JSON.stringify(deleted.body)}`);
    await deleteUploads(endpoints, uploadIds);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
