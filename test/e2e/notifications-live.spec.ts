import type { Page } from '@playwright/test';
import { api, idToken } from '../support/local-cloud';
import { type CreatedEntry, createEntry, openListening } from './support/collaboration';
import { expect, test } from './support/fixtures';
import { uniqueTag } from './support/unique';

/**
 * Live notifications (000 §2, §4): the owner of an entry notifies its users (what 'Notify Model Users ?'
 * sends after a files save) and the bells of the viewer and of the steward, each signed in in its own
 * browser, show the notification without a reload: it is pushed through the WebSocket.
 */
let entry: CreatedEntry;

test.beforeAll(async () => {
  entry = await createEntry('owner', uniqueTag('e2e notify'));
});

/** Counts the page loads of a page's main frame from now on. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => {
    loads++;
  });
  return () => loads;
}

async function expectLiveNotification(page: Page, note: string, uuid: string) {
  const bell = page.getByRole('button', { name: 'Notifications (unseen)' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('listitem').filter({ hasText: note });
  await expect(item).toContainText('Olivia Owner has modified files in the model');
  await expect(item.getByRole('link', { name: 'Click here to review' })).toHaveAttribute(
    'href',
    `/model/${uuid}/detail?tab=folder`,
  );
  // Opening the menu marks everything seen: the dot goes.
  await expect(page.getByTestId('notification-unseen-dot')).toHaveCount(0);
}

test("the users' bells show the owner's notification without a reload", async ({ pageAs }) => {
  // Two personas' pages, each waiting for its socket: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const note = `Inputs refreshed ${Date.now().toString(36)}`;

  // 1. Victor (viewer) and Stella (steward) have the app open; their WebSockets are registered.
  const viewer = await openListening(pageAs, 'viewer', '/model');
  const steward = await openListening(pageAs, 'steward', '/notifications');
  const viewerLoads = countLoads(viewer);
  const stewardLoads = countLoads(steward);

  // 2. Olivia notifies the entry's users about modified files.
  const sent = await api('/v2/notifications', {
    token: await idToken('owner'),
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ modelUuid: entry.uuid, action: 'FILES_MODIFIED', userNote: note }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);

  // 3. Both see it arrive: the bell menu, and the notifications page's grid, with no page load.
  await expect(steward.getByRole('row').filter({ hasText: note })).toContainText(entry.name, {
    timeout: 15_000,
  });
  await expectLiveNotification(viewer, note, entry.uuid);
  await expectLiveNotification(steward, note, entry.uuid);
  expect(viewerLoads()).toBe(0);
  expect(stewardLoads()).toBe(0);
});
