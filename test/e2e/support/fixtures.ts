import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { expectSignedIn, HOME_PATH, signInThroughUi, withoutTour } from './app';
import { type Endpoints, type Persona, personaOf, readEndpoints } from './endpoints';
import { signedInStorage } from './signed-in-storage';

interface WorkerFixtures {
  endpoints: Endpoints;
}

interface TestFixtures {
  /** false (default): the automatic guided tour is switched off on `page` and on `pageAs` pages. */
  tour: boolean;
  persona: (key: string) => Persona;
  /** Signs a persona in on `page` through the real UI (welcome page → Authenticator → Log in). */
  signIn: (key: string, options?: { from?: string }) => Promise<void>;
  /**
   * A new page, in its own browser context, already signed in as the persona, opened at `path`
   * (default: the home page, whose header it waits for). The browser storage holds what a sign-in
   * leaves there (Amplify's tokens, the session's expiry), with tokens that Cognito issued just now
   * for the persona's password, as a returning user's browser would: see signed-in-storage.ts. The
   * sign-in through the UI is what sign-in.spec.ts tests, for every persona.
   */
  pageAs: (key: string, path?: string, options?: PageOptions) => Promise<Page>;
}

interface PageOptions {
  /**
   * Install Playwright's fake clock before the app loads: time runs as usual until the test moves
   * it (`page.clock.runFor`), so a test of timeouts fast-forwards instead of sleeping.
   */
  clock?: boolean;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  endpoints: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      await use(readEndpoints());
    },
    { scope: 'worker' },
  ],
  tour: [false, { option: true }],

  page: async ({ page, tour }, use) => {
    if (!tour) await withoutTour(page);
    await use(page);
  },

  persona: async ({ endpoints }, use) => {
    await use((key) => personaOf(endpoints, key));
  },

  signIn: async ({ page, endpoints }, use) => {
    await use(async (key, options) => {
      await signInThroughUi(page, personaOf(endpoints, key), options?.from);
    });
  },

  pageAs: async ({ browser, endpoints, tour }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const { baseURL, viewport } = testInfo.project.use;
    await use(async (key, path = HOME_PATH, options = {}) => {
      const persona = personaOf(endpoints, key);
      if (!baseURL) throw new Error('pageAs needs the base URL (the web entry of endpoints.json)');
      const context = await browser.newContext({
        baseURL,
        viewport,
        storageState: await signedInStorage(endpoints, persona, baseURL),
      });
      contexts.push(context);
      const page = await context.newPage();
      if (options.clock) await page.clock.install();
      if (!tour) await withoutTour(page);
      await page.goto(path);
      if (path === HOME_PATH) await expectSignedIn(page);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

export { expect } from '@playwright/test';
