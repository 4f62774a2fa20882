import { expectSignedIn, mainNavigation } from './support/app';
import { expect, test } from './support/fixtures';

/**
 * The home-page tour starts by itself for internal users who have not completed it (000 §1), once:
 * completing it is stored server-side. Every other test switches the automatic start off, so the
 * persona used here ('lead') has not seen it when this test starts; the local test cloud starts from
 * empty data on each run.
 */
test.use({ tour: true });

test('the guided tour starts on the first visit of an internal user and not again after completion', async ({
  page,
  signIn,
}) => {
  await signIn('lead');
  await expectSignedIn(page);

  const popover = page.locator('.driver-popover');
  await expect(popover).toBeVisible({ timeout: 15_000 });
  await expect(popover.locator('.driver-popover-title')).not.toBeEmpty();

  // Walk every step by its progress text ('k of n'), then Done records completion with one PUT.
  const progress = popover.locator('.driver-popover-progress-text');
  const next = popover.locator('.driver-popover-next-btn');
  await expect(progress).toHaveText(/^1 of \d+$/);
  const total = Number((await progress.textContent())?.split(' of ')[1]);
  expect(total).toBeGreaterThan(1);
  for (let step = 1; step < total; step++) {
    await expect(progress).toHaveText(`${step} of ${total}`);
    await next.click();
  }
  await expect(progress).toHaveText(`${total} of ${total}`);
  await expect(next).toHaveText('Done');
  const viewed = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/tours/GT/HOMEPAGE/viewed'),
  );
  await next.click();
  expect((await viewed).ok()).toBe(true);
  await expect(popover).toHaveCount(0);

  await page.reload();
  await expectSignedIn(page);
  await expect(mainNavigation(page)).toBeVisible();
  // The app asks the API whether the tour was viewed; give it time to (wrongly) start again.
  await page.waitForTimeout(3000);
  await expect(popover).toHaveCount(0);
});

test('external users get no guided tour', async ({ page, signIn }) => {
  await signIn('hta');
  await expectSignedIn(page);
  await page.waitForTimeout(3000);
  await expect(page.locator('.driver-popover')).toHaveCount(0);
});
