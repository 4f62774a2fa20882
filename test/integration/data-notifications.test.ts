import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Notifications from '../../functions/data/notifications';
import { dataLayerFixture } from './data-layer-helpers';

/**
 * functions/data/notifications.ts against DynamoDB Local (moved from a unit test that matched the
 * commands sent): which items are written, listed, counted and deleted. Every user id is fresh per
 * run. Batches of 25 and the retry of unprocessed writes are table.ts's (functions/data/table.test.ts).
 */
const data = dataLayerFixture();
let notifications: typeof Notifications;
let ulid: (time?: number) => string;

beforeAll(async () => {
  notifications = await import('../../functions/data/notifications');
  ({ ulid } = await import('ulid'));
});

const user = (name: string) => `it-notif-${name}-${randomUUID()}`;
const BASE = Date.parse('2026-01-01T00:00:00.000Z');

function notification(createdMs: number, note = 'v2 is out') {
  return {
    notificationId: ulid(createdMs),
    createdBy: { id: 'lead', firstName: 'Leo', lastName: 'Lead' },
    createdOn: new Date(createdMs).toISOString(),
    userNote: note,
    notificationAction: 'NEW_MODEL_VERSION' as const,
    modelUuid: 'm-1',
  };
}

async function give(userIds: readonly string[], n: ReturnType<typeof notification>) {
  for (const id of userIds) data.forget(notifications.notificationKey(id, n.notificationId));
  await notifications.putNotifications(userIds, n);
}

describe('notifications data', () => {
  it('writes one item per recipient, more than one batch of them', async () => {
    const recipients = Array.from({ length: 30 }, (_, i) => user(`r${i}`));
    const n = notification(BASE);
    await give(recipients, n);
    for (const id of recipients) {
      expect(await notifications.listLatestNotifications(id, 10)).toEqual([n]);
    }
  });

  it("deletes only under the caller's own key, whatever ids are given", async () => {
    const viewer = user('viewer');
    const other = user('other');
    const [a, b, c] = [notification(BASE), notification(BASE + 1), notification(BASE + 2)];
    for (const n of [a, b, c]) await give([viewer, other], n);
    await notifications.deleteNotifications(viewer, [a.notificationId, b.notificationId, a.notificationId]);
    expect(await notifications.listLatestNotifications(viewer, 10)).toEqual([c]);
    expect(await notifications.listLatestNotifications(other, 10)).toEqual([c, b, a]);
  });

  it('lists the latest items newest first with the limit', async () => {
    const viewer = user('viewer');
    const all = [0, 1, 2, 3, 4].map((i) => notification(BASE + i * 1000, `note ${i}`));
    for (const n of all) await give([viewer], n);
    expect((await notifications.listLatestNotifications(viewer, 3)).map((n) => n.userNote)).toEqual([
      'note 4',
      'note 3',
      'note 2',
    ]);
  });

  it('reads and counts notifications strictly after an instant, oldest first', async () => {
    const viewer = user('viewer');
    const since = BASE + 10_000;
    const [before, at, after, later] = [since - 1, since, since + 1, since + 5000].map((ms) =>
      notification(ms),
    );
    for (const n of [before, at, after, later]) await give([viewer], n as ReturnType<typeof notification>);
    // One created at `since` is not after it; one created 1 ms later is.
    expect(await notifications.listNotificationsAfter(viewer, since, 100)).toEqual([after, later]);
    expect(await notifications.listNotificationsAfter(viewer, since, 1)).toEqual([after]);
    expect(await notifications.countNotificationsAfter(viewer, since)).toBe(2);
    expect(await notifications.countNotificationsAfter(viewer, undefined)).toBe(4);
  });

  it('keeps the seen mark apart from the notifications', async () => {
    const viewer = user('viewer');
    data.forget(notifications.notificationStateKey(viewer));
    await give([viewer], notification(BASE));
    expect(await notifications.getLastSeenOn(viewer)).toBeUndefined();
    await notifications.putLastSeenOn(viewer, '2026-01-02T00:00:00.000Z');
    expect(await notifications.getLastSeenOn(viewer)).toBe('2026-01-02T00:00:00.000Z');
    expect(await notifications.countNotificationsAfter(viewer, undefined)).toBe(1);
  });
});
