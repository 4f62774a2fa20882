import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the page is being printed: true from the window's `beforeprint` to its `afterprint`, for the
 * Print item of step 3 and for the browser's own Print alike. A virtualised result table draws only
 * the rows in view; while printing it draws every row, so the printed pages hold the whole table
 * (issue 19 §2: print gives the same pages as the PDF). The update is flushed synchronously in
 * `beforeprint`, before the browser lays the page out for print.
 */
let printing = false;
const listeners = new Set<() => void>();

function setPrinting(value: boolean) {
  if (printing === value) return;
  printing = value;
  flushSync(() => {
    for (const listener of listeners) listener();
  });
}

const onBeforePrint = () => setPrinting(true);
const onAfterPrint = () => setPrinting(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('beforeprint', onBeforePrint);
    window.addEventListener('afterprint', onAfterPrint);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('beforeprint', onBeforePrint);
      window.removeEventListener('afterprint', onAfterPrint);
      printing = false;
    }
  };
}

export function usePrinting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => printing,
    () => false,
  );
}
