import { listNotificationsAfter } from '../../data/notifications';
import { pushToConnection } from '../connections/push-to-connection';

/** A reconnecting client gets at most this many missed notifications pushed; the rest it lists. */
const CATCH_UP_MAX = 100;

/**
 * A client that reconnected asks for what it missed.
 * 1. Read the caller's notifications created after `since` (a key-range Query).
 * 2. Push them, oldest first, to the asking connection only.
 */
export async function catchUpNotifications(
  userId: string,
  connectionId: string,
  since: string,
): Promise<number> {
  const missed = await listNotificationsAfter(userId, Date.parse(since), CATCH_UP_MAX);
  for (const notification of missed) {
    await pushToConnection(connectionId, { type: 'notification', notification }, userId);
  }
  return missed.length;
}
