import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { putPresigned } from './presigned-upload';

/** Stands in for XMLHttpRequest: reports half of the upload, then answers `status`. */
class FakeXhr {
  static status = 200;
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  private request = {
    method: '',
    url: '',
    headers: {} as Record<string, string>,
    body: undefined as unknown,
  };
  open(method: string, url: string) {
    this.request.method = method;
    this.request.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: unknown) {
    this.request.body = body;
    FakeXhr.sent.push(this.request);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      this.status = FakeXhr.status;
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

beforeEach(() => {
  FakeXhr.status = 200;
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('putPresigned', () => {
  const target = { url: 'http://s3.test/key', headers: { 'content-type': 'text/csv' } };

  it('PUTs the body with the signed headers and reports progress', async () => {
    const onProgress = vi.fn();
    const body = new Blob(['a,b']);
    await putPresigned(target, body, { onProgress });
    expect(FakeXhr.sent).toEqual([
      { method: 'PUT', url: 'http://s3.test/key', headers: { 'content-type': 'text/csv' }, body },
    ]);
    expect(onProgress).toHaveBeenCalledWith(0.5);
  });

  it('rejects a refused PUT with its status and the caller’s failure message', async () => {
    FakeXhr.status = 403;
    const refused = putPresigned(target, new Blob(['x']), { failureMessage: 'Upload of a.csv failed' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 403, message: 'Upload of a.csv failed' });
  });

  it('rejects with an AbortError when aborted', async () => {
    const controller = new AbortController();
    const aborted = putPresigned(target, new Blob(['x']), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});
