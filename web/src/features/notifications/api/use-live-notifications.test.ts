// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  catchUpSince,
  isNotificationMessage,
  newestCreatedOn,
  withPushedNotification,
} from './use-live-notifications';

const item = (createdOn: string) => ({
  notificationId: createdOn,
  createdBy: { id: 'a', firstName: 'A', lastName: 'B' },
  createdOn,
  userNote: '',
  notificationAction: 'NEW_MODEL_VERSION' as const,
  modelUuid: 'm',
  seen: false,
});

describe('live notifications', () => {
  it('recognises pushed notifications only', () => {
    expect(isNotificationMessage({ type: 'notification', notification: item('2030-01-01T00:00:00Z') })).toBe(
      true,
    );
    expect(isNotificationMessage({ type: 'pong' })).toBe(false);
    expect(isNotificationMessage(null)).toBe(false);
  });

  it('catches up from the newest known notification', () => {
    expect(
      newestCreatedOn([
        { items: [item('2030-01-01T00:00:00Z')], unseenCount: 1 },
        undefined,
        { items: [item('2030-01-03T00:00:00Z'), item('2030-01-02T00:00:00Z')], unseenCount: 0 },
      ]),
    ).toBe('2030-01-03T00:00:00Z');
    expect(newestCreatedOn([])).toBeUndefined();
  });

  it('asks to catch up from the newest loaded or pushed notification, from the beginning after an empty list, not before a list loaded', () => {
    const loaded = { items: [item('2030-01-02T00:00:00Z')], unseenCount: 1 };
    expect(catchUpSince([loaded], undefined)).toBe('2030-01-02T00:00:00Z');
    expect(catchUpSince([loaded], '2030-01-05T00:00:00Z')).toBe('2030-01-05T00:00:00Z');
    expect(catchUpSince([loaded], '2030-01-01T00:00:00Z')).toBe('2030-01-02T00:00:00Z');
    expect(catchUpSince([{ items: [], unseenCount: 0 }], undefined)).toBe('1970-01-01T00:00:00.000Z');
    expect(catchUpSince([undefined], undefined)).toBeUndefined();
    expect(catchUpSince([], '2030-01-05T00:00:00Z')).toBe('2030-01-05T00:00:00Z');
  });

  it('puts a pushed notification into a loaded list, newest first, within its limit', () => {
    const { seen: _a, ...pushed } = { ...item('2030-01-04T00:00:00Z'), notificationId: 'new' };
    const list = {
      items: [item('2030-01-03T00:00:00Z'), item('2030-01-02T00:00:00Z'), item('2030-01-01T00:00:00Z')],
      unseenCount: 0,
    };
    const next = withPushedNotification(list, pushed, 3);
    expect(next.items.map((n) => n.createdOn)).toEqual([
      '2030-01-04T00:00:00Z',
      '2030-01-03T00:00:00Z',
      '2030-01-02T00:00:00Z',
    ]);
    expect(next.items[0]).toMatchObject({ notificationId: 'new', seen: false });
    expect(next.unseenCount).toBe(1);
    expect(withPushedNotification(next, pushed, 3)).toBe(next);
  });
});
