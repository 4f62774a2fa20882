import { LIMITS } from '@shared/constants';
import { isWholeEmail } from '@shared/rules/user-search';
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

/**
 * The user directory search of the pickers (enrolled and not yet enrolled employees). An external
 * user may not browse the directory: only a whole e-mail address is looked up for them (the server
 * refuses anything else), so nothing else is sent.
 */
export function useUserSearch(limit: number = LIMITS.userSearchLimit, wholeEmailOnly = false) {
  return useDebouncedPickerSearch<UserSummary>(
    (q, signal) =>
      wholeEmailOnly && !isWholeEmail(q)
        ? Promise.resolve([])
        : searchUsers(q, limit, { includeUnenrolled: true }, { signal }).then((r) => r.items),
    `${limit}/${wholeEmailOnly}`,
  );
}

export const userLabel = (u: Pick<UserSummary, 'firstName' | 'lastName' | 'id'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.id;
