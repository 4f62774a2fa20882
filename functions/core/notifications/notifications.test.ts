import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({
  putNotifications: vi.fn(),
  listLatestNotifications: vi.fn(),
  countNotificationsAfter: vi.fn(),
  getLastSeenOn: vi.fn(),
  listNotificationsAfter: vi.fn(),
}));
const push = vi.hoisted(() => ({ pushToConnection: vi.fn() }));
const connections = vi.hoisted(() => ({ listUserConnectionIds: vi.fn() }));
vi.mock('../../data/notifications', () => data);
vi.mock('../../data/connections', () => connections);
vi.mock('../connections/push-to-connection', () => push);

const { notifyUsers } = await import('./notify-users');
const { listNotifications } = await import('./list-notifications');
const { catchUpNotifications } = await import('./catch-up-notifications');

const lead = { id: 'lead', firstName: 'Leo', lastName: 'Lead' };
const base = {
  createdBy: lead,
  userNote: 'Please review',
  notificationAction: 'NEW_MODEL_VERSION' as const,
  modelUuid: 'm-1',
};

beforeEach(() => {
  vi.clearAllMocks();
  data.putNotifications.mockResolvedValue(undefined);
  push.pushToConnection.mockResolvedValue(true);
  connections.listUserConnectionIds.mockImplementation(async (id: string) => [`${id}-c1`, `${id}-c2`]);
});

describe('notifyUsers', () => {
  it('stores one notification for each distinct recipient except the creator and pushes it to them', async () => {
    const now = Date.parse('2026-02-01T10:00:00.000Z');
    const n = await notifyUsers(
      {
        recipients: ['viewer', 'owner', 'viewer', 'lead'],
        createdBy: lead,
        action: 'FILES_MODIFIED',
        userNote: 'New files',
        modelUuid: 'm-1',
        modelName: 'Model A',
      },
      now,
    );
    expect(n).toMatchObject({
      createdOn: '2026-02-01T10:00:00.000Z',
      notificationAction: 'FILES_MODIFIED',
      modelName: 'Model A',
    });
    expect(n.notificationId).toMatch(/^[0-9A-Z]{26}$/);
    expect(data.putNotifications).toHaveBeenCalledWith(['viewer', 'owner'], n);
    const message = { type: 'notification', notification: n };
    expect(push.pushToConnection.mock.calls).toEqual([
      ['viewer-c1', message, 'viewer'],
      ['viewer-c2', message, 'viewer'],
      ['owner-c1', message, 'owner'],
      ['owner-c2', message, 'owner'],
    ]);
  });

  it('pushes nothing when the notification could not be stored', async () => {
    data.putNotifications.mockRejectedValue(new Error('throttled'));
    await expect(
      notifyUsers({
        recipients: ['viewer'],
        createdBy: lead,
        action: 'NEW_MODEL_VERSION',
        userNote: 'x',
        modelUuid: 'm',
      }),
    ).rejects.toThrow('throttled');
    expect(push.pushToConnection).not.toHaveBeenCalled();
  });

  it('does not fail when a push or the connection lookup fails (the notification is stored)', async () => {
    push.pushToConnection.mockRejectedValue(new Error('gateway down'));
    await expect(
      notifyUsers({
        recipients: ['viewer'],
        createdBy: lead,
        action: 'NEW_MODEL_VERSION',
        userNote: 'x',
        modelUuid: 'm',
      }),
    ).resolves.toBeDefined();
    connections.listUserConnectionIds.mockRejectedValue(new Error('ddb down'));
    await expect(
      notifyUsers({
        recipients: ['viewer'],
        createdBy: lead,
        action: 'NEW_MODEL_VERSION',
        userNote: 'x',
        modelUuid: 'm',
      }),
    ).resolves.toBeDefined();
    expect(data.putNotifications).toHaveBeenCalled();
  });
});

describe('listNotifications', () => {
  it('flags items created up to lastSeenOn as seen and counts the rest', async () => {
    data.getLastSeenOn.mockResolvedValue('2026-01-02T00:00:00.000Z');
    data.listLatestNotifications.mockResolvedValue([
      { ...base, notificationId: 'B', createdOn: '2026-01-03T00:00:00.000Z' },
      { ...base, notificationId: 'A', createdOn: '2026-01-01T00:00:00.000Z' },
    ]);
    data.countNotificationsAfter.mockResolvedValue(1);
    const list = await listNotifications('viewer', 3);
    expect(list.items.map((i) => [i.notificationId, i.seen])).toEqual([
      ['B', false],
      ['A', true],
    ]);
    expect(list.unseenCount).toBe(1);
    expect(data.listLatestNotifications).toHaveBeenCalledWith('viewer', 3);
    expect(data.countNotificationsAfter).toHaveBeenCalledWith(
      'viewer',
      Date.parse('2026-01-02T00:00:00.000Z'),
    );
  });

  it('treats everything as unseen before the menu was ever opened', async () => {
    data.getLastSeenOn.mockResolvedValue(undefined);
    data.listLatestNotifications.mockResolvedValue([
      { ...base, notificationId: 'A', createdOn: '2026-01-01T00:00:00.000Z' },
    ]);
    data.countNotificationsAfter.mockResolvedValue(1);
    const list = await listNotifications('viewer', 3);
    expect(list.items[0]?.seen).toBe(false);
    expect(data.countNotificationsAfter).toHaveBeenCalledWith('viewer', undefined);
  });
});

describe('catchUpNotifications', () => {
  it('pushes what was created after `since` to the asking connection only', async () => {
    const missed = [{ ...base, notificationId: 'C', createdOn: '2026-01-05T00:00:00.000Z' }];
    data.listNotificationsAfter.mockResolvedValue(missed);
    const count = await catchUpNotifications('viewer', 'conn-1', '2026-01-04T00:00:00.000Z');
    expect(count).toBe(1);
    expect(data.listNotificationsAfter).toHaveBeenCalledWith(
      'viewer',
      Date.parse('2026-01-04T00:00:00.000Z'),
      100,
    );
    expect(push.pushToConnection.mock.calls).toEqual([
      ['conn-1', { type: 'notification', notification: missed[0] }, 'viewer'],
    ]);
  });
});
