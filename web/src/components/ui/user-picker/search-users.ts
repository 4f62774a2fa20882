import { LIMITS } from '@shared/constants';
import type { UserSummary } from '@shared/schemas/model-api';
import { useEffect, useRef, useState } from 'react';
import { searchUsers } from '../../../api/users';

/** User search strips angle brackets (000 §5); the server does the same, this keeps the request clean. */
export const sanitizeUserQuery = (q: string) => q.replace(/[<>]/g, '').trim();

/**
 * Debounced user search: waits 1000 ms after the last keystroke (000 §9), drops stale answers and
 * does not search for an empty (or brackets-only) text.
 */
export function useUserSearch(limit: number = LIMITS.userSearchLimit) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<UserSummary[]>([]);
  const [loading, setLoading] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);

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
      searchUsers(q, limit, { includeUnenrolled: true }, { signal: ac.signal })
        .then((r) => {
          if (!ac.signal.aborted) setResults(r.items);
        })
        .catch(() => {
          if (!ac.signal.aborted) setResults([]);
        })
        .finally(() => {
          if (!ac.signal.aborted) setLoading(false);
        });
    }, LIMITS.userSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, limit]);

  useEffect(() => () => controller.current?.abort(), []);

  return { text, setText, results, loading, clear: () => setText('') };
}

export const userLabel = (u: Pick<UserSummary, 'firstName' | 'lastName' | 'id'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.id;
