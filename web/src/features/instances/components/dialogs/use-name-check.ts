import { InstanceNameSchema, instanceNameTaken, needsNameCheck } from '@shared/sub-models/instances';
import { SUB_MODEL_LIMITS } from '@shared/sub-models/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkInstanceName } from '../../api/instances-api';

export type NameCheckState = 'idle' | 'checking' | 'free' | 'taken';

/**
 * The server check of an instance name (spec 001 §5: unique within the model, debounced 1000 ms; an
 * unchanged name is exempt when editing). `name` is the field's current value: 1000 ms after it last
 * changed, a valid name is checked. `verify` checks at once (on submit) and answers whether the name
 * may be used; answers are remembered per name.
 */
export function useNameCheck(
  uuid: string,
  name: string,
  options: { originalName?: string; instanceId?: string } = {},
) {
  const { originalName, instanceId } = options;
  const known = useRef(new Map<string, boolean>());
  const [state, setState] = useState<{ name: string; state: NameCheckState }>({ name: '', state: 'idle' });

  const lookup = useCallback(
    async (candidate: string): Promise<boolean> => {
      const cached = known.current.get(candidate);
      if (cached !== undefined) return cached;
      const { exists } = await checkInstanceName(uuid, candidate, instanceId, { handleErrors: true });
      known.current.set(candidate, exists);
      return exists;
    },
    [uuid, instanceId],
  );

  const trimmed = name.trim();
  const checkable = InstanceNameSchema.safeParse(name).success && needsNameCheck(name, originalName);

  useEffect(() => {
    if (!checkable) {
      setState({ name: trimmed, state: 'idle' });
      return;
    }
    let live = true;
    const cached = known.current.get(trimmed);
    if (cached !== undefined) {
      setState({ name: trimmed, state: cached ? 'taken' : 'free' });
      return;
    }
    setState({ name: trimmed, state: 'checking' });
    const timer = setTimeout(() => {
      lookup(trimmed)
        .then((exists) => {
          if (live) setState({ name: trimmed, state: exists ? 'taken' : 'free' });
        })
        // A failed check does not block the form: the server refuses a taken name on save (409).
        .catch(() => {
          if (live) setState({ name: trimmed, state: 'idle' });
        });
    }, SUB_MODEL_LIMITS.nameCheckDebounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [trimmed, checkable, lookup]);

  /** Checks `candidate` now; true when it may be used. */
  const verify = useCallback(
    async (candidate: string): Promise<boolean> => {
      if (!needsNameCheck(candidate, originalName)) return true;
      try {
        const exists = await lookup(candidate.trim());
        setState({ name: candidate.trim(), state: exists ? 'taken' : 'free' });
        return !exists;
      } catch {
        return true;
      }
    },
    [lookup, originalName],
  );

  const current = state.name === trimmed ? state.state : 'idle';
  return {
    state: current,
    error: current === 'taken' ? instanceNameTaken() : undefined,
    hint: current === 'checking' ? 'Checking the name…' : undefined,
    verify,
  };
}
