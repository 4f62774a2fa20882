import {
  HOME_PATH,
  mainNavigation,
  readZoom,
  SESSION_EXPIRES_KEY,
  submitPasswordSignIn,
  TITLE_SUFFIX,
} from './support/app';
import { expect, test } from './support/fixtures';

test.describe('application shell', () => {
  test('zooming in twice stops at 1.1 and survives a reload', async ({ pageAs }) => {
    const page = await pageAs('owner');
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    const current = page.getByRole('status', { name: 'Current zoom' }).or(page.getByLabel('Current zoom'));
    await expect(current).toHaveText('100%');

    await zoomIn.click();
    await expect(current).toHaveText('110%');
    // At the maximum the button is disabled: a second click must not take the zoom past 1.1.
    await zoomIn.click({ force: true });
    await expect(current).toHaveText('110%');
    expect(await readZoom(page)).toBe('1.1');

    await page.reload();
    await expect(current).toHaveText('110%');
    await expect(zoomIn).toBeDisabled();
    expect(await readZoom(page)).toBe('1.1');
  });

  test('an unknown path shows the not-found page, whose Home page button goes home', async ({ pageAs }) => {
    const page = await pageAs('viewer', '/no/such/page');

    await expect(page.getByText('This page does not exist in Model Repository')).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found · Model Repository');
    await page.getByRole('button', { name: 'Home page' }).click();
    await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
    await expect(mainNavigation(page)).toBeVisible();
  });

  test('/error/500 shows the application exception page', async ({ pageAs }) => {
    const page = await pageAs('viewer', '/error/500');

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Home page' })).toBeVisible();
    await expect(page).toHaveTitle(TITLE_SUFFIX);
  });

  test('a non-administrator opening /admin/user lands on /error/unauthorised', async ({ pageAs }) => {
    const page = await pageAs('lead', '/admin/user');

    await expect(page).toHaveURL(/\/error\/unauthorised$/);
    await expect(page).toHaveTitle(TITLE_SUFFIX);
    await page.getByRole('button', { name: 'Home page' }).click();
    await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
  });

  test('an administrator opening /admin/user stays there, with Admin Space highlighted', async ({
    pageAs,
  }) => {
    const page = await pageAs('admin', '/admin/user');

    await expect(page).toHaveURL(/\/admin\/user$/);
    await expect(mainNavigation(page).getByRole('link', { name: 'Admin Space' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test("the notification bell of a fresh user shows 'No new notifications.'", async ({ pageAs }) => {
    // The HTA user holds no role that any test notifies (integration and browser tests share one cloud).
    const page = await pageAs('hta');

    await page.getByRole('button', { name: /^Notifications/ }).click();

    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('No new notifications.');
  });

  test('the session dialog counts down before expiry and Continue keeps the user signed in', async ({
    pageAs,
  }) => {
    const page = await pageAs('modeler', undefined, { clock: true });
    const dialog = page.getByRole('dialog').filter({ hasText: 'Your Session is about to Expire!' });
    // Any API call the page still makes after sign-in (bell catch-up, tour) rightly pushes the
    // expiry forward again, so shorten it until the page has gone quiet and the dialog shows.
    await expect(async () => {
      await page.evaluate(
        (key) => window.localStorage.setItem(key, String(Date.now() + 5000)),
        SESSION_EXPIRES_KEY,
      );
      await expect(dialog).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    const countdown = dialog.getByTestId('session-countdown');
    await expect(countdown).toHaveText(/^[1-5]$/);
    const first = Number(await countdown.textContent());
    await expect
      .poll(async () => Number(await countdown.textContent()), { timeout: 2500, intervals: [100] })
      .toBeLessThan(first);
    // Watching the countdown used part of the 5 s: re-arm them so a slow machine still clicks in time.
    await page.evaluate(
      (key) => window.localStorage.setItem(key, String(Date.now() + 5000)),
      SESSION_EXPIRES_KEY,
    );
    await expect(countdown).toHaveText(/^[4-5]$/);

    await dialog.getByRole('button', { name: 'Continue' }).click();

    await expect(dialog).toBeHidden();
    const expiresAt = Number(
      await page.evaluate((key) => window.localStorage.getItem(key), SESSION_EXPIRES_KEY),
    );
    expect(expiresAt - Date.now(), 'Continue must extend the session (-1 = it logged out)').toBeGreaterThan(
      60_000,
    );
    // Past the old expiry (6 s of the page's clock, each 1 s check of the session watcher run) the
    // user is still signed in and no dialog comes back.
    await page.clock.runFor(6000);
    await expect(dialog).toBeHidden();
    await expect(mainNavigation(page)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
  });

  test('when the session expires the user lands on the welcome page, which says why, and comes back after signing in', async ({
    pageAs,
    persona,
  }) => {
    const page = await pageAs('viewer', '/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    // Calls the page still makes push the expiry forward: keep it short until the session ends.
    await expect(async () => {
      await page.evaluate(
        (key) => window.localStorage.setItem(key, String(Date.now() + 1500)),
        SESSION_EXPIRES_KEY,
      );
      await expect(page).toHaveURL(/\/landingPage/, { timeout: 4000 });
    }).toPass({ timeout: 30_000 });

    await expect(page.getByRole('status')).toContainText('Your session has expired');
    const viewer = persona('viewer');
    await submitPasswordSignIn(page, viewer.username, viewer.password);
    await expect(page).toHaveURL(/\/notifications$/, { timeout: 30_000 });
  });

  test('after Logout no API call goes out with the revoked token', async ({ pageAs }) => {
    const page = await pageAs('owner', undefined, { clock: true });
    await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
    const after: string[] = [];
    let loggedOut = false;
    page.on('request', (request) => {
      if (loggedOut && request.url().includes('/v2/') && request.headers().authorization)
        after.push(`${request.method()} ${request.url()}`);
    });
    page.on('response', (response) => {
      if (response.status() === 401) after.push(`401 ${response.url()}`);
    });

    await page.getByRole('button', { name: 'Olivia Owner' }).click();
    loggedOut = true;
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page.getByRole('heading', { name: 'Welcome to Model Repository' })).toBeVisible();
    // Give the old screens a minute of the page's clock to (wrongly) fetch again: every poll, retry and
    // refetch timer fires. Then a request of our own: request events arrive in order, so any request
    // those timers made has been seen once ours has.
    await page.clock.runFor(60_000);
    const marker = page.waitForRequest((request) => request.url().endsWith('/config.json?after-logout'));
    await page.evaluate(() => fetch('/config.json?after-logout'));
    await marker;
    expect(after).toEqual([]);
  });
});
