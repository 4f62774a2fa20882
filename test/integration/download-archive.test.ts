import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { getArchive, openMessageSocket, startDownloadAll, waitForArchive } from '../support/download-archive';
import { localCloud, waitFor } from '../support/local-cloud';
import { type Json, uploadFiles } from '../support/model-entries';
import { call, createEntry, getItem, tokenOf } from './catalogue-helpers';
import { auditOf, filesByName, objectKeys } from './files-helpers';

/**
 * "Download all" as a job (issue 8 §1): 202 with the job, the zip built by the jobs function (invoked
 * through the gateway's Lambda Invoke emulation), progress and ready over the WebSocket, the archive
 * through a presigned URL.
 */
const FILE_COUNT = 500;
/** Files per attach call: one save uploads at most 48 (each writes two items of one transaction). */
const BATCH = 45;

const bodyOf = (i: number) => `file ${i}: ${'abcdefghij'.repeat((i % 7) + 1)}\n`;
const nameOf = (i: number) => (i % 5 === 0 ? `inputs/f${i}.csv` : `f${i}.txt`);

/** A draft with `count` small files, the first created with the entry and the rest attached. */
async function entryWithFiles(count: number): Promise<Json> {
  const files = Array.from({ length: count }, (_, i) => ({
    name: nameOf(i).split('/').pop() as string,
    path: nameOf(i).includes('/') ? 'inputs' : '',
    content: bodyOf(i),
    mainFile: i === 0,
  }));
  const entry = await createEntry({ files: files.slice(0, BATCH) });
  const token = await tokenOf('lead');
  for (let start = BATCH; start < count; start += BATCH) {
    const batch = files.slice(start, start + BATCH);
    const up = await uploadFiles(token, batch, entry.uuid);
    const attached = await call('lead', 'POST', `/v2/models/${entry.uuid}/files`, {
      uploadId: up.uploadId,
      files: up.refs,
    });
    if (attached.status !== 200)
      throw new Error(`attach: ${attached.status} ${JSON.stringify(attached.body)}`);
  }
  return entry;
}

const s3 = new S3Client({
  endpoint: localCloud().s3,
  region: localCloud().region,
  forcePathStyle: true,
  credentials: { ...LOCAL_CREDENTIALS },
});

describe('Download all as a job', () => {
  let entry: Json;
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    entry = await entryWithFiles(FILE_COUNT);
  }, 300_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await call('lead', 'DELETE', `/v2/models/${entry.uuid}`);
  });

  it('builds the zip of 500 files, pushes progress and ready over the WebSocket, and hands it over', async () => {
    const token = await tokenOf('viewer');
    const { messages, socket } = await openMessageSocket(token);
    sockets.push(socket);

    const started = await startDownloadAll(token, entry.uuid);
    expect(started.status).toBe(202);
    const bytesTotal = Array.from({ length: FILE_COUNT }, (_, i) => Buffer.byteLength(bodyOf(i))).reduce(
      (a, b) => a + b,
    );
    expect(started.body).toEqual({
      archiveId: expect.stringMatching(/^[0-9A-Z]{26}$/),
      status: 'QUEUED',
      filesTotal: FILE_COUNT,
      bytesTotal,
    });
    const { archiveId } = started.body;
    const mine = () => messages.filter((m) => m.archiveId === archiveId);

    const ready = await waitFor(
      'archive-ready',
      async () => mine().find((m) => m.type === 'archive-ready'),
      120_000,
    );
    expect(ready).toEqual({
      type: 'archive-ready',
      archiveId,
      modelUuid: entry.uuid,
      filesDone: FILE_COUNT,
      filesTotal: FILE_COUNT,
      bytesDone: bytesTotal,
      bytesTotal,
      fileName: `${entry.name.replace(/[^\w .,()+-]+/g, '_')}.zip`,
    });
    const progress = mine().filter((m) => m.type === 'archive-progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(mine().at(-1)?.type).toBe('archive-ready');
    for (const m of progress) {
      expect(m).toMatchObject({ modelUuid: entry.uuid, filesTotal: FILE_COUNT, bytesTotal });
      expect(m.filesDone).toBeLessThanOrEqual(FILE_COUNT);
    }
    expect(progress.map((m) => m.bytesDone)).toEqual(progress.map((m) => m.bytesDone).sort((a, b) => a - b));

    const job = await getArchive(token, entry.uuid, archiveId);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ status: 'READY', filesDone: FILE_COUNT, bytesDone: bytesTotal });
    expect(new URL(job.body.url).searchParams.get('X-Amz-Expires')).toBe('900');
    const zip = unzipSync(new Uint8Array(await (await fetch(job.body.url)).arrayBuffer()));
    expect(Object.keys(zip)).toHaveLength(FILE_COUNT);
    for (let i = 0; i < FILE_COUNT; i++) {
      expect(new TextDecoder().decode(zip[nameOf(i)]), nameOf(i)).toBe(bodyOf(i));
    }
    expect((await auditOf(entry.uuid)).filter((r) => r.action === 'FILES_DOWNLOADED_ALL')).toEqual([
      expect.objectContaining({ actor: 'viewer', detail: `${FILE_COUNT} files` }),
    ]);
    expect(await objectKeys(`downloads/${entry.uuid}/${archiveId}`)).toEqual([
      `downloads/${entry.uuid}/${archiveId}.manifest.json`,
      `downloads/${entry.uuid}/${archiveId}.zip`,
    ]);
  }, 240_000);

  it('lets only the requester and super users read the job', async () => {
    const started = await startDownloadAll(await tokenOf('viewer'), entry.uuid);
    expect(started.status).toBe(202);
    const { archiveId } = started.body;
    const path = `/v2/models/${entry.uuid}/archives/${archiveId}`;

    // The owner may download the entry too, but the archive is the viewer's.
    const owner = await call('owner', 'GET', path);
    expect([owner.status, owner.body.message]).toEqual([
      403,
      'Only the user who requested this archive can download it.',
    ]);
    expect((await call('employee', 'GET', path)).status).toBe(404);
    expect((await call('admin', 'GET', path)).status).toBe(200);
    expect((await call('viewer', 'GET', `/v2/models/${entry.uuid}/archives/not-an-id`)).status).toBe(400);
    expect(
      (await call('viewer', 'GET', `/v2/models/${entry.uuid}/archives/01J00000000000000000000000`)).status,
    ).toBe(404);
    // Ready, the owner still gets no link.
    const ready = await waitForArchive(await tokenOf('viewer'), entry.uuid, archiveId, {
      timeoutMs: 120_000,
    });
    expect(ready.status).toBe('READY');
    const refused = await call('owner', 'GET', path);
    expect(refused.status).toBe(403);
    expect(refused.body.url).toBeUndefined();
  }, 180_000);
});

describe('Download all of an entry whose file body is missing', () => {
  it('answers 409 naming the file, records nothing and starts no job', async () => {
    const entry = await createEntry({
      files: [
        { name: 'model.xlsx', content: 'model', mainFile: true },
        { name: 'lost.csv', content: 'gone', path: 'inputs' },
      ],
    });
    const lost = (await filesByName('lead', entry.uuid)).get('lost.csv');
    const item = await getItem(`MODEL#${entry.uuid}`, `FILE#${lost.uuid}`);
    await s3.send(new DeleteObjectCommand({ Bucket: localCloud().filesBucket, Key: String(item?.s3Key) }));

    const refused = await startDownloadAll(await tokenOf('viewer'), entry.uuid);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.message).toContain("'inputs/lost.csv'");
    expect((await auditOf(entry.uuid)).some((r) => r.action === 'FILES_DOWNLOADED_ALL')).toBe(false);
    expect(await objectKeys(`downloads/${entry.uuid}/`)).toEqual([]);
    await call('lead', 'DELETE', `/v2/models/${entry.uuid}`);
  });
});
