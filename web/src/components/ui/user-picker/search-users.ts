import { LIMITS } from '@shared/constants';
import type { UserSummary } from '@shared/schemas/model-api';
import { useEffect, useRef, useState } from 'react';
import { searchUsers } from '../../../api/users';

/** User search strips angle brackets (000 §5); the server does the same, this keeps the request clean. */
export const sanitizeUserQuery = (q: string) => q.replace(/[<>]/g, '').trim();

/**
 * A debounced search for a picker: waits 1000 ms after the last keystroke (000 §9), drops stale
 * answers and does not search for an empty (or brackets-only) text. `search` may change between
 * renders; `key` names what else the answer depends on (a limit, an instance), and a new key searches
 * again.
 */
export function useDebouncedPickerSearch<T>(
  search: (query: string, signal: AbortSignal) => Promise<readonly T[]>,
  key = '',
) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<readonly T[]>([]);
  const [loading, setLoading] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const searchRef = useRef(search);
  searchRef.current = search;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `search` reads.
  useEffect(() => {
    const q = sanitizeUserQuery(text);
    if (!q) {
      setResults([]);
      return;
    }
    const timer = setTimeout(() => {
      controller.current?.abort();
      const ac = new AbortController();
      controller.current = ac;
      setLoading(true);
      searchRef
        .current(q, ac.signal)
        .then((items) => {
          if (!ac.signal.aborted) setResults(items);
        })
        .catch(() => {
          if (!ac.signal.aborted) setResults([]);
        })
        .finally(() => {
          if (!ac.signal.aborted) setLoading(false);
        });
    }, LIMITS.userSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, key]);

  useEffect(() => () => controller.current?.abort(), []);

  return { text, setText, results, loading, clear: () => setText('') };
}

/** The user directory search of the pickers (enrolled and not yet enrolled employees). */
export function useUserSearch(limit: number = LIMITS.userSearchLimit) {
  return useDebouncedPickerSearch<UserSummary>(
    (q, signal) => searchUsers(q, limit, { includeUnenrolled: true }, { signal }).then((r) => r.items),
    String(limit),
  );
}

export const userLabel = (u: Pick<UserSummary, 'firstName' | 'lastName' | 'id'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.id;
