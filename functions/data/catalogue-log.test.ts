import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The snapshot reads against an S3 client whose HTTP layer answers as S3 does, so that the SDK itself
 * turns the answer into its exception (AccessDenied with status 403 for a role without
 * s3:ListBucket, NoSuchKey with 404 for one with it).
 */
interface Answer {
  status: number;
  body: string | Buffer;
}
const answers = vi.hoisted(() => ({ next: [] as Answer[], keys: [] as string[] }));

vi.mock('./s3-client', () => {
  const client = new S3Client({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: { path: string }) => {
        answers.keys.push(decodeURIComponent(request.path));
        const answer = answers.next.shift() ?? { status: 500, body: errorXml('InternalError', 'No answer') };
        return {
          response: {
            statusCode: answer.status,
            headers: {
              'content-type': answer.status === 200 ? 'application/gzip' : 'application/xml',
              'x-amz-request-id': 'REQ1',
            },
            body: Readable.from([Buffer.from(answer.body)]),
          },
        };
      },
    },
  });
  return { s3: () => client };
});
vi.mock('../lib/env', () => ({ env: { filesBucket: 'files', tableName: 'Table' } }));

const { getLegacySnapshot, getSnapshotBytes, SNAPSHOT_KEY } = await import('./catalogue-log');
const { s3 } = await import('./s3-client');

function errorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>REQ1</RequestId><HostId>HOST</HostId></Error>`;
}
const ACCESS_DENIED: Answer = { status: 403, body: errorXml('AccessDenied', 'Access Denied') };
const NO_SUCH_KEY: Answer = { status: 404, body: errorXml('NoSuchKey', 'The specified key does not exist.') };

beforeEach(() => {
  answers.next = [];
  answers.keys = [];
});

describe('reading the catalogue snapshot', () => {
  it("is tested against the exception the SDK raises for S3's 403 answer", async () => {
    answers.next = [ACCESS_DENIED];
    const error = await s3()
      .send(new GetObjectCommand({ Bucket: 'files', Key: SNAPSHOT_KEY }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3ServiceException);
    expect(error).toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
  });

  it('takes 403 AccessDenied (a role without s3:ListBucket asking for a missing key) as no snapshot yet', async () => {
    answers.next = [ACCESS_DENIED];
    await expect(getSnapshotBytes()).resolves.toBeUndefined();
    expect(answers.keys).toEqual([expect.stringContaining(SNAPSHOT_KEY)]);
  });

  it('takes 404 NoSuchKey (a role with s3:ListBucket) as no snapshot yet', async () => {
    answers.next = [NO_SUCH_KEY];
    await expect(getSnapshotBytes()).resolves.toBeUndefined();
  });

  it('takes either answer for the legacy snapshot as none', async () => {
    answers.next = [ACCESS_DENIED, NO_SUCH_KEY];
    await expect(getLegacySnapshot()).resolves.toBeUndefined();
    await expect(getLegacySnapshot()).resolves.toBeUndefined();
  });

  it('returns the snapshot bytes, decompressed, when the object exists', async () => {
    answers.next = [{ status: 200, body: gzipSync(Buffer.from('columns')) }];
    const bytes = await getSnapshotBytes();
    expect(bytes?.toString('utf8')).toBe('columns');
  });

  it('still fails on any other error (a 403 that is not AccessDenied, a 500)', async () => {
    answers.next = [{ status: 403, body: errorXml('InvalidAccessKeyId', 'The key does not exist') }];
    await expect(getSnapshotBytes()).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    answers.next = [{ status: 500, body: errorXml('InternalError', 'We encountered an internal error') }];
    await expect(getSnapshotBytes()).rejects.toMatchObject({ name: 'InternalError' });
  });
});
