import { MESSAGES } from '@shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { PlainButton as Button } from '../../../components/ui/plain-button';
import { paths } from '../../../config/paths';
import { getIdToken } from '../../../lib/auth';
import { currentTarget } from '../../../lib/navigation';
import {
  isOtherUser,
  readExpiresAt,
  reconcileExpiry,
  SESSION_EXPIRES_KEY,
  SESSION_USER_KEY,
  type SessionState,
  sessionState,
  startSession,
  writeSignedInUserId,
} from '../../../lib/session';
import { type LogoutOptions, leaveSignedInArea, logout } from '../api/use-logout';

const TICK_MS = 1000;

/** A session that ran out: the welcome page says so, and signing in again comes back here. */
const expired = (): LogoutOptions => ({ redirectTo: currentTarget(), reason: 'session-expired' });

/**
 * Watches the idle session of a signed-in tab (002 §4, §9): the shared expiry is read every second,
 * the warning dialog counts down for the last 60 s, and at expiry the tab signs out and the welcome
 * page says why (coming back to this page after signing in again). Another tab that logs out (-1) or
 * signs in as a different user takes this tab along.
 */
export function SessionWatcher({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ phase: 'unknown' });
  const known = useRef<number | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    writeSignedInUserId(userId);
  }, [userId]);

  useEffect(() => {
    const leave = (signOut: boolean) => {
      if (leaving.current) return;
      leaving.current = true;
      if (signOut) void logout(queryClient, expired());
      // Signed out here or in another tab: only this tab's page and state remain to leave.
      else void leaveSignedInArea(queryClient, paths.landing.getHref());
    };

    const check = () => {
      known.current = reconcileExpiry(known.current, readExpiresAt());
      const next = sessionState(known.current, Date.now());
      if (next.phase === 'unknown') {
        startSession();
        return;
      }
      if (next.phase === 'logged-out') leave(false);
      else if (next.phase === 'expired') leave(true);
      setState((old) =>
        old.phase === next.phase &&
        (old.phase !== 'warning' || next.phase !== 'warning' || old.secondsLeft === next.secondsLeft)
          ? old
          : next,
      );
    };

    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_USER_KEY && isOtherUser(userId, event.newValue)) window.location.reload();
      else if (event.key === SESSION_EXPIRES_KEY || event.key === null) check();
    };

    check();
    const timer = setInterval(check, TICK_MS);
    window.addEventListener('storage', onStorage);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient, userId]);

  const continueSession = async () => {
    const token = await getIdToken(true);
    if (!token) {
      void logout(queryClient, expired());
      return;
    }
    startSession();
    known.current = readExpiresAt();
    setState(sessionState(known.current, Date.now()));
  };

  const visible = state.phase === 'warning';
  return (
    <ModalDialog
      visible={visible}
      header={MESSAGES.sessionAboutToExpire}
      closable={false}
      onHide={() => void continueSession()}
      style={{ width: '28rem' }}
      footer={
        <>
          <Button label="Logout" outlined onClick={() => void logout(queryClient)} />
          <Button label="Continue" onClick={() => void continueSession()} autoFocus />
        </>
      }
    >
      {state.phase === 'warning' && (
        <p aria-live="polite">
          Your session will expire in <strong data-testid="session-countdown">{state.secondsLeft}</strong>{' '}
          seconds.
        </p>
      )}
    </ModalDialog>
  );
}
