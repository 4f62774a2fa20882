import type { Readable } from 'node:stream';
import {
  type AwsBody,
  AwsRequestError,
  awsPresign,
  awsSend,
  drain,
  encodeKeyPath,
  errorInsideOk,
  escapeUri,
  readBytes,
  readText,
  xmlEscape,
  xmlUnescape,
} from '../lib/aws-rest';
import { env } from '../lib/env';

/**
 * The objects of the files bucket: file bodies (keys from model-files.ts), upload tickets' bodies,
 * zips of "download all", run documents and the catalogue snapshot. S3 REST calls through
 * lib/aws-rest.ts (which says why not the SDK's S3 client); kept apart from the file nodes so that a
 * handler which never touches a body does not load them. Locally
 * the bucket is s3rver's, addressed path-style (`<endpoint>/<bucket>/<key>`); in AWS the regional
 * virtual-hosted endpoint (`https://<bucket>.s3.<region>.amazonaws.com/<key>`).
 */

function bucketAddress(): { endpoint: string; prefix: string } {
  const local = env.s3Endpoint;
  if (local) return { endpoint: local, prefix: `/${encodeKeyPath(env.filesBucket)}` };
  return { endpoint: `https://${env.filesBucket}.s3.${env.region}.amazonaws.com`, prefix: '' };
}

/** A call on the bucket: `path` is below it (`/` for the bucket itself, `/<encoded key>` for an object). */
function bucketCall(
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  extra: { query?: Record<string, string>; headers?: Record<string, string>; body?: AwsBody } = {},
) {
  const { endpoint, prefix } = bucketAddress();
  return {
    service: 's3' as const,
    method,
    endpoint,
    path: `${prefix}${path}`,
    query: extra.query ?? {},
    // Over HTTPS the body need not be hashed into the signature (and a stream cannot be).
    headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...extra.headers },
    ...(extra.body !== undefined ? { body: extra.body } : {}),
  };
}

const objectCall = (
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE',
  key: string,
  extra?: Parameters<typeof bucketCall>[2],
) => bucketCall(method, `/${encodeKeyPath(key)}`, extra);

const isMissing = (error: unknown) =>
  error instanceof AwsRequestError && (error.status === 404 || error.code === 'NoSuchKey');

/** Size of an object in bytes, or undefined when it does not exist. */
export async function objectSize(key: string): Promise<number | undefined> {
  try {
    const reply = await awsSend(objectCall('HEAD', key));
    await drain(reply);
    return Number(reply.headers['content-length'] ?? 0);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The object's body as a stream, or undefined when it does not exist. */
export async function getObjectStream(key: string): Promise<Readable | undefined> {
  try {
    return (await awsSend(objectCall('GET', key))).body;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The body of an object that must exist (a file's, for the zip of "download all"). */
export async function openObject(key: string): Promise<Readable> {
  const body = await getObjectStream(key);
  if (!body) throw new Error(`Object ${key} does not exist`);
  return body;
}

/** The object's bytes, or undefined when it does not exist. */
export async function getObjectBytes(key: string): Promise<Buffer | undefined> {
  const body = await getObjectStream(key);
  return body ? readBytes(body) : undefined;
}

export async function putObject(
  key: string,
  body: string | Uint8Array,
  options: { contentType?: string; contentEncoding?: string } = {},
): Promise<void> {
  const headers: Record<string, string> = {};
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.contentEncoding) headers['content-encoding'] = options.contentEncoding;
  await drain(await awsSend(objectCall('PUT', key, { headers, body })));
}

/** Server-side copy within the bucket. */
export async function copyObject(fromKey: string, toKey: string): Promise<void> {
  const reply = await awsSend(
    objectCall('PUT', toKey, {
      headers: { 'x-amz-copy-source': `/${encodeKeyPath(env.filesBucket)}/${encodeKeyPath(fromKey)}` },
    }),
  );
  const failure = errorInsideOk('s3', await readText(reply.body), reply.status);
  if (failure) throw failure;
}

/** Deletes objects; deleting a missing key succeeds, as in S3. */
export async function deleteObjects(keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map(async (key) => drain(await awsSend(objectCall('DELETE', key)))));
}

/** Every key under a prefix (ListObjectsV2, 1,000 a page). */
export async function listObjectKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const reply = await awsSend(
      bucketCall('GET', '/', {
        query: { 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) },
      }),
    );
    const page = parseListPage(await readText(reply.body));
    keys.push(...page.keys);
    token = page.nextToken;
  } while (token);
  return keys;
}

/** One ListObjectsV2 result document: the keys of its <Contents>, and the token of the next page. */
export function parseListPage(xml: string): { keys: string[]; nextToken?: string } {
  const keys: string[] = [];
  for (const contents of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = /<Key>([^<]*)<\/Key>/.exec(contents[1] ?? '')?.[1];
    if (key !== undefined) keys.push(xmlUnescape(key));
  }
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { keys, ...(truncated && next ? { nextToken: xmlUnescape(next) } : {}) };
}

/** Parts of a streamed upload: S3's minimum is 5 MiB (but for the last). */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** Parts in flight at once; with the part being filled, memory stays under 3 parts. */
const PARTS_IN_FLIGHT = 2;

/**
 * Streams a body into an object without holding it in memory: one PUT when it fits in one part,
 * otherwise a multipart upload (aborted on any failure, so no orphaned parts are left to bill).
 */
export async function uploadStream(
  key: string,
  body: Readable,
  contentType: string,
  partBytes = UPLOAD_PART_BYTES,
): Promise<void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let uploadId: string | undefined;
  let partNumber = 0;
  const etags: string[] = [];
  const inFlight = new Set<Promise<void>>();
  let failed: unknown;

  const sendPart = async (bytes: Buffer) => {
    uploadId ??= await createMultipartUpload(key, contentType);
    const number = ++partNumber;
    const task = uploadPart(key, uploadId, number, bytes).then(
      (etag) => {
        etags[number - 1] = etag;
      },
      (error: unknown) => {
        failed ??= error;
      },
    );
    const tracked = task.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
    if (failed) throw failed;
  };

  try {
    for await (const chunk of body) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      pending.push(buffer);
      pendingBytes += buffer.byteLength;
      while (pendingBytes >= partBytes) {
        const all = Buffer.concat(pending);
        await sendPart(all.subarray(0, partBytes));
        const rest = all.subarray(partBytes);
        pending = rest.byteLength > 0 ? [rest] : [];
        pendingBytes = rest.byteLength;
      }
    }
    const last = Buffer.concat(pending);
    if (uploadId === undefined) {
      await putObject(key, last, { contentType });
      return;
    }
    if (last.byteLength > 0) await sendPart(last);
    await Promise.all(inFlight);
    if (failed) throw failed;
    await completeMultipartUpload(key, uploadId, etags);
  } catch (error) {
    await Promise.allSettled(inFlight);
    if (uploadId !== undefined) await abortMultipartUpload(key, uploadId).catch(() => undefined);
    throw error;
  }
}

async function createMultipartUpload(key: string, contentType: string): Promise<string> {
  const reply = await awsSend(
    objectCall('POST', key, { query: { uploads: '' }, headers: { 'content-type': contentType } }),
  );
  const text = await readText(reply.body);
  const uploadId = /<UploadId>([^<]*)<\/UploadId>/.exec(text)?.[1];
  if (!uploadId) throw new Error(`S3 started no multipart upload for ${key}`);
  return xmlUnescape(uploadId);
}

async function uploadPart(key: string, uploadId: string, partNumber: number, bytes: Buffer): Promise<string> {
  const reply = await awsSend(
    objectCall('PUT', key, { query: { partNumber: String(partNumber), uploadId }, body: bytes }),
  );
  await drain(reply);
  const etag = reply.headers.etag;
  if (!etag) throw new Error(`S3 returned no ETag for part ${partNumber} of ${key}`);
  return etag;
}

async function completeMultipartUpload(
  key: string,
  uploadId: string,
  etags: readonly string[],
): Promise<void> {
  const parts = etags
    .map((etag, i) => `<Part><ETag>${xmlEscape(etag)}</ETag><PartNumber>${i + 1}</PartNumber></Part>`)
    .join('');
  const reply = await awsSend(
    objectCall('POST', key, {
      query: { uploadId },
      headers: { 'content-type': 'application/xml' },
      body: `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts}</CompleteMultipartUpload>`,
    }),
  );
  const failure = errorInsideOk('s3', await readText(reply.body), reply.status);
  if (failure) throw failure;
}

async function abortMultipartUpload(key: string, uploadId: string): Promise<void> {
  await drain(await awsSend(objectCall('DELETE', key, { query: { uploadId } })));
}

/** A presigned GET; `responseHeaders` are S3's response-* overrides (content-disposition, ...). */
export function presignGetObject(
  key: string,
  expiresInSeconds: number,
  responseHeaders: Record<string, string> = {},
): Promise<string> {
  return awsPresign(objectCall('GET', key, { query: responseHeaders }), expiresInSeconds);
}

/**
 * A presigned PUT. The length is signed, so S3 refuses a body of any other size; the content type is
 * not signed (browsers may add a charset) but should be sent as given.
 */
export function presignPutObject(
  key: string,
  expiresInSeconds: number,
  contentLength: number,
  contentType?: string,
): Promise<string> {
  return awsPresign(
    objectCall('PUT', key, {
      headers: {
        'content-length': String(contentLength),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
    }),
    expiresInSeconds,
  );
}

/**
 * A presigned GET that makes browsers save the body under `fileName`. S3 refuses header values outside
 * ISO-8859-1, so the plain `filename` is an ASCII stand-in (accents dropped, anything else `_`) and
 * the real name travels in `filename*` (RFC 6266), which browsers prefer.
 */
export function presignDownload(key: string, fileName: string, expiresInSeconds: number): Promise<string> {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return presignGetObject(key, expiresInSeconds, {
    'response-content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${escapeUri(fileName)}`,
  });
}
