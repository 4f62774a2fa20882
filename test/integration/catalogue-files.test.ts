import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { downloadAllArchive } from '../support/download-archive';
import { documentClient, localCloud } from '../support/local-cloud';
import {
  call,
  createEntry,
  metadataOf,
  queryPartition,
  tokenOf,
  upload,
  withModeler,
} from './catalogue-helpers';

/** Catalogue API against the local cloud: uploads, attach, file list, downloads. */
function s3(): S3Client {
  const cloud = localCloud();
  return new S3Client({
    endpoint: cloud.s3,
    region: cloud.region,
    forcePathStyle: true,
    credentials: { ...LOCAL_CREDENTIALS },
  });
}

async function objectKeys(prefix: string): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: localCloud().filesBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key ?? '');
}

const accepted = { legalNoticeAccepted: true };

describe('catalogue: uploads', () => {
  it('answers presigned PUT URLs valid for at most 15 minutes', async () => {
    const res = await call('lead', 'POST', '/v2/uploads', { files: [{ name: 'a.xlsx', size: 3 }] });
    expect(res.status).toBe(201);
    const expires = Date.parse(res.body.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000);
    expect(new URL(res.body.files[0].url).searchParams.get('X-Amz-Expires')).toBe('900');
  });

  it('refuses files over the size limit (413), bad names (400) and inactive callers (403); external callers may upload', async () => {
    const big = await call('lead', 'POST', '/v2/uploads', {
      files: [{ name: 'huge.bin', size: 3 * 1024 ** 3 }],
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('huge.bin is too large (3 GB): the largest allowed file is 2 GB.');
    for (const name of ['../etc/passwd', 'a/b.txt', '..', 'x\\y.txt', 'tab\there']) {
      const bad = await call('lead', 'POST', '/v2/uploads', { files: [{ name, size: 1 }] });
      expect(bad.status, name).toBe(400);
    }
    // External users may upload the files of a new entry (000 §2, issue 21 §25).
    expect(
      (await call('vendor', 'POST', '/v2/uploads', { files: [{ name: 'a.txt', size: 1 }] })).status,
    ).toBe(201);
    expect(
      (await call('inactive', 'POST', '/v2/uploads', { files: [{ name: 'a.txt', size: 1 }] })).status,
    ).toBe(403);
  });

  it('refuses a folder path with ..', async () => {
    const up = await upload('lead', [{ name: 'a.txt', content: 'a', path: '../../other' }]);
    const res = await call('lead', 'POST', '/v2/models', {
      uploadId: up.uploadId,
      files: up.refs,
      metadata: metadataOf(),
      roles: {
        vestLead: 'lead',
        steward: 'steward',
        owners: ['lead'],
        viewers: [],
        displayViewers: [],
        calibrationModelers: [],
        scenarioModelers: [],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain("'../../other' is not an allowed folder path");
  });

  it("refuses another user's upload ticket", async () => {
    const up = await upload('owner', [{ name: 'a.txt', content: 'a' }]);
    const res = await call('lead', 'POST', '/v2/models', {
      uploadId: up.uploadId,
      files: up.refs,
      metadata: metadataOf(),
      roles: {
        vestLead: 'lead',
        steward: 'steward',
        owners: [],
        viewers: [],
        displayViewers: [],
        calibrationModelers: [],
        scenarioModelers: [],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The upload was not found or has expired. Upload the files again.');
  });
});

describe('catalogue: files of an entry', () => {
  it('attaches files, lists them, replaces by path and name; a published entry keeps its main file and language', async () => {
    const entry = await createEntry({
      files: [
        { name: 'model.py', content: 'print(1)', mainFile: true },
        { name: 'notes.txt', content: 'notes', path: 'docs' },
      ],
    });
    const list = await call('viewer', 'GET', `/v2/models/${entry.uuid}/files`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((f: { path: string; name: string }) => `${f.path}/${f.name}`)).toEqual([
      '/model.py',
      'docs/notes.txt',
    ]);
    expect(list.body.items[0]).toMatchObject({ mainFile: true, cdd: 'No', owner: { id: 'lead' }, size: 8 });
    expect(list.body.items[0].s3Key).toBeUndefined();

    const more = await upload(
      'owner',
      [
        { name: 'notes.txt', content: 'notes v2', path: 'docs' },
        { name: 'report.pdf', content: 'pdf' },
      ],
      entry.uuid,
    );
    const attached = await call('owner', 'POST', `/v2/models/${entry.uuid}/files`, {
      uploadId: more.uploadId,
      files: more.refs,
    });
    expect(attached.status).toBe(200);
    expect(attached.body.items).toHaveLength(3);
    expect(attached.body.items.find((f: { name: string }) => f.name === 'notes.txt').size).toBe(8);
    expect((await call('lead', 'GET', `/v2/models/${entry.uuid}`)).body.fileCount).toBe(3);

    expect((await call('lead', 'POST', `/v2/models/${entry.uuid}/publish`, {})).status).toBe(200);
    const pyTicket = await call('lead', 'POST', '/v2/uploads', {
      modelUuid: entry.uuid,
      files: [{ name: 'helper.py', size: 4 }],
    });
    expect(pyTicket.status).toBe(422);
    expect(pyTicket.body.message).toBe(
      'helper.py: Python files cannot be added to or replaced in a published model entry.',
    );

    const mainUp = await call('lead', 'POST', '/v2/uploads', {
      modelUuid: entry.uuid,
      files: [{ name: 'model.txt', size: 1 }],
    });
    expect(mainUp.status).toBe(201);
    const replaceMain = await call('lead', 'POST', `/v2/models/${entry.uuid}/files`, {
      uploadId: mainUp.body.uploadId,
      files: [{ uploadFileId: mainUp.body.files[0].uploadFileId, name: 'model.txt', mainFile: true }],
    });
    expect(replaceMain.status).toBe(422);
    expect(replaceMain.body.message).toBe(
      'model.txt: a published model entry cannot get a new main model file.',
    );
    expect(
      (
        await call('viewer', 'POST', `/v2/models/${entry.uuid}/files`, {
          uploadId: more.uploadId,
          files: more.refs,
        })
      ).status,
    ).toBe(403);
  });

  it('downloads one file after the legal notice, with the file rule deciding (403 tells nothing)', async () => {
    const entry = await createEntry(
      withModeler({
        metadata: metadataOf({ global: 'false', country: ['Germany'], type: 'Country Adaptation' }),
        files: [
          { name: 'model.xlsx', content: 'model body', mainFile: true },
          { name: 'confidential.xlsx', content: 'secret' },
        ],
      }),
    );
    const files = (await call('lead', 'GET', `/v2/models/${entry.uuid}/files`)).body.items as {
      uuid: string;
      name: string;
    }[];
    const open = files.find((f) => f.name === 'model.xlsx');
    const secret = files.find((f) => f.name === 'confidential.xlsx');
    const path = (f: { uuid: string } | undefined) => `/v2/models/${entry.uuid}/files/${f?.uuid}/download`;

    expect((await call('viewer', 'POST', path(open), { legalNoticeAccepted: false })).status).toBe(400);
    expect((await call('viewer', 'POST', path(open), {})).status).toBe(400);
    const link = await call('viewer', 'POST', path(open), accepted);
    expect(link.status).toBe(200);
    expect(link.body.fileName).toBe('model.xlsx');
    expect(new URL(link.body.url).searchParams.get('X-Amz-Expires')).toBe('900');
    const body = await fetch(link.body.url);
    expect(body.status).toBe(200);
    expect(await body.text()).toBe('model body');

    // Mark the second file cdd: 'Yes' (file sharing arrives with a later issue).
    await documentClient().send(
      new UpdateCommand({
        TableName: localCloud().tableName,
        Key: { pk: `MODEL#${entry.uuid}`, sk: `FILE#${secret?.uuid}` },
        UpdateExpression: 'SET cdd = :yes',
        ExpressionAttributeValues: { ':yes': 'Yes' },
      }),
    );
    const refused = await call('viewer', 'POST', path(secret), accepted);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You do not have access to this file.', code: 'FORBIDDEN' });
    expect((await call('lead', 'POST', path(secret), accepted)).status).toBe(200); // the file's owner
    expect((await call('admin', 'POST', path(secret), accepted)).status).toBe(200);
    expect((await call('modeler', 'POST', path(open), accepted)).status).toBe(403);
    expect((await call('employee', 'POST', path(open), accepted)).status).toBe(404);
    expect(
      (
        await call(
          'viewer',
          'POST',
          `/v2/models/${entry.uuid}/files/00000000-0000-4000-8000-000000000000/download`,
          accepted,
        )
      ).status,
    ).toBe(404);

    // Download all: a zip of the files the caller may read, built by a job (download-archive.test.ts).
    const all = await downloadAllArchive(await tokenOf('viewer'), entry.uuid);
    expect(all.fileName).toBe(`${entry.name.replace(/[^\w .,()+-]+/g, '_')}.zip`);
    const zip = unzipSync(new Uint8Array(await (await fetch(all.url ?? '')).arrayBuffer()));
    expect(Object.keys(zip)).toEqual(['model.xlsx']);
    expect(new TextDecoder().decode(zip['model.xlsx'])).toBe('model body');
    const ownerZip = await downloadAllArchive(await tokenOf('lead'), entry.uuid);
    const both = unzipSync(new Uint8Array(await (await fetch(ownerZip.url ?? '')).arrayBuffer()));
    expect(Object.keys(both).sort()).toEqual(['confidential.xlsx', 'model.xlsx']);
    expect((await objectKeys(`downloads/${entry.uuid}/`)).filter((k) => k.endsWith('.zip'))).toHaveLength(2);
    expect((await call('viewer', 'POST', `/v2/models/${entry.uuid}/download-all`, {})).status).toBe(400);
    expect((await call('modeler', 'POST', `/v2/models/${entry.uuid}/download-all`, accepted)).status).toBe(
      403,
    );
  });

  it('deleting a draft removes its S3 objects', async () => {
    const entry = await createEntry({
      files: [
        { name: 'a.xlsx', content: 'a', mainFile: true },
        { name: 'b.txt', content: 'b' },
      ],
    });
    expect(await objectKeys(`models/${entry.uuid}/`)).toHaveLength(2);
    await downloadAllArchive(await tokenOf('lead'), entry.uuid);
    expect((await call('lead', 'DELETE', `/v2/models/${entry.uuid}`)).status).toBe(204);
    expect(await objectKeys(`models/${entry.uuid}/`)).toEqual([]);
    expect(await objectKeys(`downloads/${entry.uuid}/`)).toEqual([]);
    expect(await queryPartition(`MODEL#${entry.uuid}`)).toEqual([]);
  });
});
