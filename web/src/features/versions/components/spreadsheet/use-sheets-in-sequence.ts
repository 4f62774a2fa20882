import type { SheetSummary } from '@shared/diffs/spreadsheet';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DiffSource, sheetPageQuery } from '../../../../api/versions';

export interface SequenceProgress {
  /** Sheets fetched so far (successes and failures). */
  done: number;
  total: number;
  /** Sheets whose first page could not be fetched (still computing, or failed). */
  failed: string[];
  running: boolean;
  cancelled: boolean;
  cancel: () => void;
}

/**
 * Fetches the first page of every changed sheet one after another (000 §4: "spreadsheet diffs load in
 * sequence, can be cancelled"), so the sheet tabs fill in without a burst of parallel requests to the
 * diff function; the pages land in the query cache, where the grid finds them. Cancel fetches no
 * more; the request in flight is left to finish, since the sheet on screen may be waiting for it.
 */
export function useSheetsInSequence(source: DiffSource, sheets: readonly SheetSummary[]): SequenceProgress {
  const queryClient = useQueryClient();
  const stop = useRef<() => void>(() => undefined);
  const ids = sheets.filter((s) => s.diffCount > 0).map((s) => s.id);
  const sheetKey = ids.join('\u0000');
  const { uuid, fileUuid, otherUuid, otherFileUuid } = source;
  const [progress, setProgress] = useState({
    done: 0,
    failed: [] as string[],
    running: true,
    cancelled: false,
  });

  useEffect(() => {
    const pending = sheetKey ? sheetKey.split('\u0000') : [];
    const pair = { uuid, fileUuid, otherUuid, otherFileUuid };
    let stopped = false;
    stop.current = () => {
      stopped = true;
    };
    setProgress({ done: 0, failed: [], running: pending.length > 0, cancelled: false });
    void (async () => {
      for (const id of pending) {
        if (stopped) return;
        let ok = true;
        try {
          await queryClient.fetchQuery(sheetPageQuery(pair, id, 0));
        } catch {
          ok = false;
        }
        if (stopped) return;
        setProgress((p) => ({ ...p, done: p.done + 1, failed: ok ? p.failed : [...p.failed, id] }));
      }
      setProgress((p) => ({ ...p, running: false }));
    })();
    return () => stop.current();
  }, [sheetKey, uuid, fileUuid, otherUuid, otherFileUuid, queryClient]);

  const cancel = useCallback(() => {
    stop.current();
    setProgress((p) => ({ ...p, running: false, cancelled: true }));
  }, []);
  return { ...progress, total: ids.length, cancel };
}
