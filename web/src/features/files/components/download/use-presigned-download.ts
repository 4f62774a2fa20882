import { useEffect, useRef, useState } from 'react';
import { startDownload } from './start-download';

/**
 * The download buttons' common course (000 §4): one request for a presigned URL at a time, which
 * Cancel (or closing) aborts. Failures are swallowed: the busy state ends and the dialog stays for
 * another try.
 *
 * 1. `run(key, call)` aborts any pending request, marks `key` busy and asks `call` for the link.
 * 2. Unless aborted meanwhile, the browser gets the link; `run` resolves true.
 * 3. The busy state ends when the request that set it ends (a newer one keeps its own).
 */
export function usePresignedDownload<K extends string>() {
  const [busy, setBusy] = useState<K | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => controller.current?.abort(), []);

  const run = async (key: K, call: (signal: AbortSignal) => Promise<{ url: string }>): Promise<boolean> => {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    setBusy(key);
    try {
      const link = await call(ctrl.signal);
      if (ctrl.signal.aborted) return false;
      startDownload(link.url);
      return true;
    } catch {
      return false;
    } finally {
      if (controller.current === ctrl) {
        controller.current = undefined;
        setBusy(undefined);
      }
    }
  };

  const abort = () => {
    controller.current?.abort();
    controller.current = undefined;
    setBusy(undefined);
  };

  return { busy, run, abort };
}
