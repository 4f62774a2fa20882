import { findJson, headBody, putJson, sha256OfBody } from '../../data/diff-objects';
import { bodyHashKey, keyIdProblem } from '../../data/storage-keys';

/**
 * The SHA-256 of a file body, which keys its computed diffs (issue 18 §4). File items do not store
 * it, so it is computed on first use (a streamed read of the body) and kept under the body's ETag and
 * size (storage-keys.ts, bodyHashKey): every copy of the body and every later look finds it with one
 * HEAD and one small read.
 */
export interface HashedBody {
  readonly key: string;
  readonly sha256: string;
  readonly size: number;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The body's hash, or undefined when S3 holds no such body (a data fault the caller reports). */
export async function hashBody(key: string): Promise<HashedBody | undefined> {
  const head = await headBody(key);
  if (!head) return undefined;
  // An ETag that cannot name a key (none, or an unusual emulator's) only costs the cache.
  const cacheKey = keyIdProblem(head.etag) ? undefined : bodyHashKey(head.etag, head.size);
  if (cacheKey) {
    const cached = (await findJson(cacheKey)) as { sha256?: unknown } | undefined;
    if (typeof cached?.sha256 === 'string' && SHA256_HEX.test(cached.sha256))
      return { key, sha256: cached.sha256, size: head.size };
  }
  const sha256 = await sha256OfBody(key);
  if (cacheKey) await putJson(cacheKey, { sha256 });
  return { key, sha256, size: head.size };
}
