import { useSyncExternalStore } from 'react';

/**
 * Models the user has asked access to in this browser session (000 §4: after a successful request
 * the button is disabled). Kept in sessionStorage so that a re-render, a remount or a reload of the
 * detail page keeps the button disabled; a new session may ask again (the server throttles).
 */
const KEY = 'mr.accessRequested';
const listeners = new Set<() => void>();

function read(): readonly string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function wasAccessRequested(modelUuid: string): boolean {
  return read().includes(modelUuid);
}

export function markAccessRequested(modelUuid: string): void {
  const list = read();
  if (list.includes(modelUuid)) return;
  window.sessionStorage.setItem(KEY, JSON.stringify([...list, modelUuid]));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether access to this model was already requested in this session; re-renders when that changes. */
export function useAccessRequested(modelUuid: string): boolean {
  return useSyncExternalStore(subscribe, () => wasAccessRequested(modelUuid));
}
