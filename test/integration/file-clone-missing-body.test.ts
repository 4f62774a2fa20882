import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { localCloud } from '../support/local-cloud';
import { call, createEntry, getItem } from './catalogue-helpers';
import { filesByName, footprint } from './files-helpers';

/**
 * Issue 9 §7 (clone): a file whose body is gone from the bucket is a data fault. Cloning it in the
 * file manager answers 409 naming the file (not 500), writes nothing and copies nothing; the fault is
 * logged (functions/core/files/file-owner-rules.test.ts checks the log record).
 */
const cloud = localCloud();
const s3 = new S3Client({
  endpoint: cloud.s3,
  region: cloud.region,
  forcePathStyle: true,
  credentials: { ...LOCAL_CREDENTIALS },
});
afterAll(() => s3.destroy());

describe('cloning a spreadsheet whose body is missing', () => {
  it('answers 409 naming the file and changes nothing', async () => {
    const entry = await createEntry({
      files: [
        { name: 'model.xlsx', content: 'model', mainFile: true },
        { name: 'lost.xlsx', content: 'gone', path: 'inputs' },
      ],
    });
    const lost = (await filesByName('lead', entry.uuid)).get('lost.xlsx');
    const item = await getItem(`MODEL#${entry.uuid}`, `FILE#${lost.uuid}`);
    await s3.send(new DeleteObjectCommand({ Bucket: cloud.filesBucket, Key: String(item?.s3Key) }));
    const before = await footprint(entry.uuid);

    const res = await call('lead', 'PATCH', `/v2/models/${entry.uuid}/files`, {
      clone: [{ fromUuid: lost.uuid, name: 'lost copy.xlsx' }],
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'CONFLICT',
      message:
        "The file 'inputs/lost.xlsx' has no content in storage, so it cannot be cloned. Please report this problem (it was logged).",
    });
    expect(await footprint(entry.uuid)).toEqual(before);

    // A clone of a file whose body is there still works.
    const model = (await filesByName('lead', entry.uuid)).get('model.xlsx');
    const ok = await call('lead', 'PATCH', `/v2/models/${entry.uuid}/files`, {
      clone: [{ fromUuid: model.uuid, name: 'model copy.xlsx' }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await call('lead', 'DELETE', `/v2/models/${entry.uuid}`);
  });
});
