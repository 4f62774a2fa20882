import { useSyncExternalStore } from 'react';

/**
 * Model entries and files the user has asked access to in this browser session (000 §4: after a
 * successful request the button is disabled). Kept in sessionStorage so that a re-render, a remount or
 * a reload keeps the button disabled while the request waits for an answer; a new session may ask
 * again (the server allows one request per entry or file every 10 minutes). A granted file shows its
 * Download instead, so its entry here no longer matters.
 */
const KEY = 'mr.accessRequested';
const listeners = new Set<() => void>();

/** The key of a file's request; a model's request is keyed by the model uuid alone. */
export const fileRequestKey = (modelUuid: string, fileUuid: string) => `${modelUuid}/${fileUuid}`;

let cachedRaw: string | null = null;
let cached: readonly string[] = [];

/** The stored list; the same array while the storage holds the same text (useSyncExternalStore). */
function read(): readonly string[] {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return cached;
  }
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    cached = Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    cached = [];
  }
  return cached;
}

export function wasAccessRequested(key: string): boolean {
  return read().includes(key);
}

/** Records a request that went out: a model uuid, or `fileRequestKey(...)` for a file. */
export function markAccessRequested(key: string): void {
  const list = read();
  if (list.includes(key)) return;
  window.sessionStorage.setItem(KEY, JSON.stringify([...list, key]));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether access to this model (or file key) was already requested in this session; re-renders when that changes. */
export function useAccessRequested(key: string): boolean {
  return useSyncExternalStore(subscribe, () => wasAccessRequested(key));
}

/** Every request of this session, for lists of files: `requested.includes(fileRequestKey(...))`. */
export function useAccessRequests(): readonly string[] {
  return useSyncExternalStore(subscribe, read);
}
