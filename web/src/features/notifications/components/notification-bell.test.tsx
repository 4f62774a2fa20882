import type { Notification, NotificationList } from '@shared/schemas/notification';
import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { withQueryClient } from '../../../testing/render';
import { notificationsQuery } from '../api/notifications';
import { useLiveNotifications } from '../api/use-live-notifications';
import { NotificationBell } from './notification-bell';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const ID = (n: number) => `01J0000000000000000000000${n}`;
const notification = (n: number, over: Partial<Notification> = {}): Notification => ({
  notificationId: ID(n),
  createdBy: { id: 'owner', firstName: 'Olivia', lastName: 'Owner' },
  createdOn: `2030-01-0${n}T10:00:00.000Z`,
  userNote: `Note ${n}`,
  notificationAction: 'FILES_MODIFIED',
  modelUuid: `model-${n}`,
  modelName: `Model ${n}`,
  ...over,
});
const listOf = (...items: Notification[]): NotificationList => ({
  items: items.map((n) => ({ ...n, seen: false })),
  unseenCount: items.length,
});

/** A WebSocket stand-in: the test plays the server. */
class FakeSocket {
  static last: FakeSocket | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
    setTimeout(() => this.onopen?.(), 0);
  }
  send() {}
  close() {}
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function Shell() {
  useLiveNotifications();
  return <NotificationBell />;
}

const renderBell = () =>
  render(
    withQueryClient(
      <MemoryRouter>
        <Shell />
      </MemoryRouter>,
    ),
  );

beforeEach(() => {
  configureTestApi();
  FakeSocket.last = undefined;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

describe('NotificationBell (000 §2)', { timeout: 20_000 }, () => {
  it('shows creator, action, note, date and review link, and clears one item', async () => {
    const fetchMock = stubFetch(
      on('GET', '/notifications', () => json(200, listOf(notification(2, { userNote: 'New inputs' })))),
      on('POST', '/notifications/seen', () => new Response(null, { status: 204 })),
      on('POST', '/notifications/clear', () => new Response(null, { status: 204 })),
    );
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (unseen)' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    const item = within(panel).getByRole('listitem');
    expect(item).toHaveTextContent('Olivia Owner has modified files in the model Model 2');
    expect(item).toHaveTextContent('New inputs');
    expect(item).toHaveTextContent('Jan 2, 2030');
    expect(within(item).getByRole('link', { name: 'Click here to review' })).toHaveAttribute(
      'href',
      '/model/model-2/detail?tab=folder',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Clear notification from Olivia Owner' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/notifications/clear')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', '/notifications/clear');
    expect(JSON.parse(String(call?.init.body))).toEqual({ ids: [ID(2)] });
  });

  it('clears all notifications', async () => {
    const fetchMock = stubFetch(
      on('GET', '/notifications', () => json(200, listOf(notification(3), notification(2), notification(1)))),
      on('POST', '/notifications/seen', () => new Response(null, { status: 204 })),
      on('POST', '/notifications/clear', () => new Response(null, { status: 204 })),
    );
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (unseen)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/notifications/clear')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', '/notifications/clear');
    expect(JSON.parse(String(call?.init.body)).ids).toEqual([ID(3), ID(2), ID(1)]);
  });

  it("says 'Failed to load the notification list' when the list cannot be loaded", async () => {
    stubFetch(on('GET', '/notifications', () => json(500, { message: 'Boom', code: 'INTERNAL' })));
    renderBell();
    await waitFor(() =>
      expect(getMessages().map((m) => m.text)).toEqual(['Failed to load the notification list']),
    );
  });

  it('shows a pushed notification at once, without a reload', async () => {
    let server = listOf();
    stubFetch(on('GET', '/notifications', () => json(200, server)));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(FakeSocket.last).toBeDefined());
    expect(FakeSocket.last?.url).toBe('ws://ws.test?token=id-token');

    const pushed = notification(4, { notificationAction: 'NEW_MODEL_VERSION', userNote: 'Version 2' });
    server = listOf(pushed);
    await act(async () => FakeSocket.last?.push({ type: 'notification', notification: pushed }));
    const bell = await screen.findByRole('button', { name: 'Notifications (unseen)' });
    expect(screen.getByTestId('notification-unseen-dot')).toBeInTheDocument();
    await userEvent.click(bell);
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toHaveTextContent(
      'Olivia Owner has added a new model version Model 4',
    );
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toHaveTextContent('Version 2');
  });

  it('shows a notification pushed while its first load was on the way, which answers without it', async () => {
    // The notifications page's list (limit 100) loaded before the socket opened, so the socket had
    // something to catch up from; the bell's own first load left before the notification existed.
    const pushed = notification(6, { userNote: 'Pushed during the first load' });
    let releaseBell: (() => void) | undefined;
    let created = false;
    stubFetch(
      on('GET', '/notifications', async (url) => {
        const readBeforeCreation = !created;
        if (url.searchParams.get('limit') !== '100' && !releaseBell) {
          await new Promise<void>((resolve) => {
            releaseBell = resolve;
          });
        }
        return json(200, readBeforeCreation ? listOf() : listOf(pushed));
      }),
    );
    function PageAndBell() {
      useLiveNotifications();
      useQuery(notificationsQuery(100));
      return <NotificationBell />;
    }
    render(
      withQueryClient(
        <MemoryRouter>
          <PageAndBell />
        </MemoryRouter>,
      ),
    );
    await waitFor(() => expect(releaseBell).toBeDefined());
    await waitFor(() => expect(FakeSocket.last).toBeDefined());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    created = true;
    await act(async () => FakeSocket.last?.push({ type: 'notification', notification: pushed }));
    releaseBell?.();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (unseen)' }));
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toHaveTextContent(
      'Pushed during the first load',
    );
  });

  it('loads the list again once the socket listens, when the socket opened before the list arrived', async () => {
    // The first answer was read before the notification existed and arrives after the socket opened
    // (which had nothing to catch up from); the socket was registered after the notification.
    const pushedMeanwhile = notification(5, { userNote: 'Created in the gap' });
    let releaseFirst: (() => void) | undefined;
    let requests = 0;
    stubFetch(
      on('GET', '/notifications', async () => {
        requests += 1;
        if (requests === 1) {
          await new Promise<void>((resolve) => {
            releaseFirst = resolve;
          });
          return json(200, listOf());
        }
        return json(200, listOf(pushedMeanwhile));
      }),
    );
    renderBell();
    await waitFor(() => expect(releaseFirst).toBeDefined());
    await waitFor(() => expect(FakeSocket.last).toBeDefined());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    releaseFirst?.();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (unseen)' }));
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toHaveTextContent('Created in the gap');
  });
});
