import { applyHandlerEnv, handlerEnv } from '../../scripts/local/env';
import { PERSONAS } from '../../scripts/local/personas';
import { localCloud } from '../support/local-cloud';
import {
  expectSignedIn,
  HOME_PATH,
  outboxMessages,
  submitPasswordSignIn,
  TITLE_SUFFIX,
  tabsOf,
  visibleTabs,
} from './support/app';
import { expect, test } from './support/fixtures';

/** Every seeded persona that may use the app (docs/development.md); `inactive` has its own test. */
const ACTIVE_PERSONAS = PERSONAS.filter((p) => p.active).map((p) => p.key);

test.describe('sign-in', () => {
  for (const key of ACTIVE_PERSONAS) {
    test(`${key} signs in through the welcome page and sees the tabs their user type and roles give`, async ({
      page,
      persona,
      signIn,
    }) => {
      const user = persona(key);
      await signIn(key);

      await expectSignedIn(page);
      await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
      applyHandlerEnv(handlerEnv(localCloud()));
      const { managesAnyEntry } = await import('../../functions/data/memberships');
      expect(await visibleTabs(page)).toEqual(tabsOf(user, await managesAnyEntry(key)));
      await expect(page.getByRole('banner')).toContainText(`${user.firstName} ${user.lastName}`);
      await expect(page).toHaveTitle(TITLE_SUFFIX);
    });
  }

  test("the employee stand-in ('I'm an Employee') signs in Emma Employee", async ({ page }) => {
    await page.goto('/landingPage');
    await expect(page).toHaveTitle(TITLE_SUFFIX);

    await page.getByRole('button', { name: "I'm an Employee", exact: true }).click();

    await expectSignedIn(page);
    await expect(page).toHaveURL(new RegExp(`${HOME_PATH}$`));
    await expect(page.getByRole('banner')).toContainText('Emma Employee');
  });

  test('the login card looks like the welcome card: rounded and shadowed, no grey frame, fields aligned left', async ({
    page,
  }) => {
    const look = (selector: string) =>
      page.locator(selector).evaluate((e) => {
        const style = getComputedStyle(e);
        return {
          radius: style.borderTopLeftRadius,
          shadow: style.boxShadow,
          border: style.borderTopWidth,
          background: style.backgroundColor,
        };
      });
    await page.goto('/landingPage');
    const welcome = await look('.mr-welcome__card');

    await page.getByRole('button', { name: "I'm not an Employee", exact: true }).click();
    const username = page.getByLabel('Username', { exact: true });
    await expect(username).toBeVisible();

    expect(await look('[data-amplify-router]')).toEqual(welcome);
    expect(await username.evaluate((e) => getComputedStyle(e).textAlign)).toMatch(/^(left|start)$/);
  });

  test("a wrong password shows 'You have entered wrong username or password'", async ({ page, persona }) => {
    const viewer = persona('viewer');
    await page.goto('/landingPage');

    await submitPasswordSignIn(page, viewer.username, `${viewer.password}-wrong`);

    await expect(page.getByText('You have entered wrong username or password')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('an inactive user lands on the access-denied page and can request access', async ({
    page,
    persona,
    signIn,
    endpoints,
  }) => {
    const inactive = persona('inactive');
    const admin = persona('admin');
    const isRequestFromInactive = (mail: Record<string, unknown>) =>
      mail.subject === 'Access Request' && JSON.stringify(mail).includes(`user id ${inactive.username}`);
    const before = (await outboxMessages(endpoints)).filter(isRequestFromInactive).length;

    await signIn('inactive');

    await expect(page).toHaveURL(/\/error\/access-denied$/);
    await expect(page).toHaveTitle(TITLE_SUFFIX);
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect(page.getByText('Request sent successfully')).toBeVisible();
    await expect
      .poll(async () => (await outboxMessages(endpoints)).filter(isRequestFromInactive), { timeout: 10_000 })
      .toHaveLength(before + 1);
    const [mail] = (await outboxMessages(endpoints)).filter(isRequestFromInactive);
    expect(JSON.stringify(mail?.to)).toContain(admin.email);
  });

  test('a deep link survives sign-in and a reload', async ({ page, signIn }) => {
    await signIn('viewer', { from: '/notifications' });

    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/notifications$/);
    await page.reload();
    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page).toHaveTitle(TITLE_SUFFIX);
  });
});
