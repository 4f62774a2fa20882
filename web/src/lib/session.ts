import { LIMITS } from '@shared/constants';

/**
 * Idle-session expiry (002 §4, §9). The expiry instant lives in localStorage so that every tab of
 * the app shares it: any successful API call (except logout/settings/version) pushes it forward,
 * -1 means "logged out" and makes every tab leave. The last signed-in user id is kept too: a tab
 * that sees another user sign in reloads.
 *
 * The pure functions take `now` so tests need no clock; the storage helpers are thin.
 */
export const SESSION_EXPIRES_KEY = 'mr.session.expiresAt';
export const SESSION_USER_KEY = 'mr.session.userId';
/** Set before a hosted-UI redirect: the returning page starts a fresh session. */
export const SESSION_PENDING_LOGIN_KEY = 'mr.session.pendingLogin';
export const LOGGED_OUT = -1;
export const DEFAULT_SESSION_TIMEOUT_SECONDS = 1800;

let timeoutSeconds = DEFAULT_SESSION_TIMEOUT_SECONDS;

export function setSessionTimeoutSeconds(seconds: number): void {
  if (Number.isFinite(seconds) && seconds > 1) timeoutSeconds = seconds;
}

export function getSessionTimeoutSeconds(): number {
  return timeoutSeconds;
}

/** The configured timeout minus one second from the time of the last call (002 §9). */
export function computeExpiresAt(now: number, sessionTimeoutSeconds: number): number {
  return now + (sessionTimeoutSeconds - 1) * 1000;
}

export type SessionState =
  | { phase: 'unknown' }
  | { phase: 'logged-out' }
  | { phase: 'active'; msLeft: number }
  | { phase: 'warning'; secondsLeft: number }
  | { phase: 'expired' };

export function sessionState(
  expiresAt: number | null,
  now: number,
  warningSeconds: number = LIMITS.sessionWarningSeconds,
): SessionState {
  if (expiresAt === null) return { phase: 'unknown' };
  if (expiresAt === LOGGED_OUT) return { phase: 'logged-out' };
  const msLeft = expiresAt - now;
  if (msLeft <= 0) return { phase: 'expired' };
  if (msLeft <= warningSeconds * 1000) return { phase: 'warning', secondsLeft: Math.ceil(msLeft / 1000) };
  return { phase: 'active', msLeft };
}

/**
 * Which expiry a tab should believe: its own unless the shared value differs by more than the
 * cross-tab tolerance (clock jitter between tabs writing the same instant is not a change).
 */
export function reconcileExpiry(
  local: number | null,
  shared: number | null,
  toleranceMs: number = LIMITS.crossTabToleranceMs,
): number | null {
  if (shared === null) return local;
  if (local === null || shared === LOGGED_OUT || local === LOGGED_OUT) return shared;
  return Math.abs(shared - local) > toleranceMs ? shared : local;
}

/** A signed-in session is over when the shared expiry says so (logged out or past). */
export function isSessionOver(expiresAt: number | null, now: number): boolean {
  return expiresAt === LOGGED_OUT || (expiresAt !== null && expiresAt <= now);
}

/** True when another tab signed in as a different user than the one this tab shows. */
export function isOtherUser(shownUserId: string | null, storedUserId: string | null): boolean {
  return shownUserId !== null && storedUserId !== null && storedUserId !== shownUserId;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function parseExpiry(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function readExpiresAt(): number | null {
  return parseExpiry(storage()?.getItem(SESSION_EXPIRES_KEY));
}

export function writeExpiresAt(value: number): void {
  storage()?.setItem(SESSION_EXPIRES_KEY, String(value));
}

/** Called after every successful API call that counts as activity. A logged-out session stays out. */
export function touchSession(now: number = Date.now()): void {
  if (readExpiresAt() === LOGGED_OUT) return;
  writeExpiresAt(computeExpiresAt(now, timeoutSeconds));
}

/** A fresh sign-in: the session starts now, whatever another tab left behind. */
export function startSession(now: number = Date.now()): void {
  writeExpiresAt(computeExpiresAt(now, timeoutSeconds));
}

export function markLoggedOut(): void {
  writeExpiresAt(LOGGED_OUT);
}

/** This browser has signed out (here or in another tab) and not signed in again since. */
export function isLoggedOut(): boolean {
  return readExpiresAt() === LOGGED_OUT;
}

export function readSignedInUserId(): string | null {
  return storage()?.getItem(SESSION_USER_KEY) ?? null;
}

export function writeSignedInUserId(id: string): void {
  storage()?.setItem(SESSION_USER_KEY, id);
}

export function setPendingLogin(pending: boolean): void {
  if (pending) storage()?.setItem(SESSION_PENDING_LOGIN_KEY, '1');
  else storage()?.removeItem(SESSION_PENDING_LOGIN_KEY);
}

export function isPendingLogin(): boolean {
  return storage()?.getItem(SESSION_PENDING_LOGIN_KEY) === '1';
}
