import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  computeExpiresAt,
  isOtherUser,
  isSessionOver,
  LOGGED_OUT,
  markLoggedOut,
  readExpiresAt,
  reconcileExpiry,
  SESSION_EXPIRES_KEY,
  sessionState,
  setSessionTimeoutSeconds,
  startSession,
  touchSession,
} from './session';

describe('session expiry (pure)', () => {
  it('expires the configured timeout minus one second after the last call', () => {
    expect(computeExpiresAt(1_000_000, 1800)).toBe(1_000_000 + 1_799_000);
  });

  it('is active until the last 60 s, then warns with whole seconds, then expires', () => {
    const expiresAt = 100_000;
    expect(sessionState(expiresAt, 100_000 - 61_000)).toEqual({ phase: 'active', msLeft: 61_000 });
    expect(sessionState(expiresAt, 100_000 - 60_000)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(sessionState(expiresAt, 100_000 - 4_200)).toEqual({ phase: 'warning', secondsLeft: 5 });
    expect(sessionState(expiresAt, 100_000)).toEqual({ phase: 'expired' });
    expect(sessionState(LOGGED_OUT, 0)).toEqual({ phase: 'logged-out' });
    expect(sessionState(null, 0)).toEqual({ phase: 'unknown' });
  });

  it('adopts another tab’s expiry only beyond the 1000 ms tolerance', () => {
    expect(reconcileExpiry(50_000, 50_900)).toBe(50_000);
    expect(reconcileExpiry(50_000, 51_001)).toBe(51_001);
    expect(reconcileExpiry(50_000, LOGGED_OUT)).toBe(LOGGED_OUT);
    expect(reconcileExpiry(null, 42)).toBe(42);
    expect(reconcileExpiry(42, null)).toBe(42);
  });

  it('knows when a session is over', () => {
    expect(isSessionOver(LOGGED_OUT, 0)).toBe(true);
    expect(isSessionOver(10, 10)).toBe(true);
    expect(isSessionOver(11, 10)).toBe(false);
    expect(isSessionOver(null, 10)).toBe(false);
  });

  it('reloads only for a different signed-in user', () => {
    expect(isOtherUser('alice', 'bob')).toBe(true);
    expect(isOtherUser('alice', 'alice')).toBe(false);
    expect(isOtherUser('alice', null)).toBe(false);
  });
});

describe('session storage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    setSessionTimeoutSeconds(600);
  });
  afterEach(() => {
    setSessionTimeoutSeconds(1800);
    vi.useRealTimers();
  });

  it('pushes the shared expiry forward on activity', () => {
    startSession();
    const first = readExpiresAt();
    expect(first).toBe(Date.now() + 599_000);
    vi.advanceTimersByTime(10_000);
    touchSession();
    expect(readExpiresAt()).toBe((first as number) + 10_000);
  });

  it('does not revive a logged-out session on a late call', () => {
    markLoggedOut();
    touchSession();
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).toBe('-1');
  });

  it('reads a value written by a test or another tab', () => {
    window.localStorage.setItem(SESSION_EXPIRES_KEY, String(Date.now() + 5000));
    expect(sessionState(readExpiresAt(), Date.now())).toEqual({ phase: 'warning', secondsLeft: 5 });
  });
});
