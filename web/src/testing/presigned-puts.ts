import { vi } from 'vitest';

export interface SentPut {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Stands in for the browser's XMLHttpRequest, which the presigned uploads use (api/presigned-upload.ts):
 * each PUT reports half, then all of its body and answers 200 on the next turn. Stubbing the global
 * rather than mocking the upload module keeps it working whichever copy of that module the component
 * under test was loaded with (the web project shares one module graph per worker: `isolate: false`).
 * `vi.unstubAllGlobals()` removes it. `holdNext()` keeps the next PUT open until its answer is released.
 */
export function stubPresignedPuts() {
  const sent: SentPut[] = [];
  let holdNext = false;
  let release: () => void = () => undefined;

  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    status = 0;
    private request: SentPut = { method: '', url: '', headers: {}, body: undefined };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      const answer = () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 2 });
        this.status = 200;
        this.onload?.();
      };
      if (holdNext) {
        holdNext = false;
        release = answer;
      } else setTimeout(answer);
    }
    abort() {
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    sent,
    /** Keeps the next PUT unanswered; the returned function answers it. */
    holdNext: () => {
      holdNext = true;
      return () => release();
    },
  };
}
