import { type BrowserContext, test as base, type Page } from '@playwright/test';
import { expectSignedIn, HOME_PATH, signInThroughUi, withoutTour } from './app';
import { type Endpoints, type Persona, personaOf, readEndpoints } from './endpoints';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface WorkerFixtures {
  endpoints: Endpoints;
  /** Browser storage (Amplify's tokens, the session expiry) of personas signed in once per worker. */
  signedInStates: Map<string, StorageState>;
}

interface TestFixtures {
  /** false (default): the automatic guided tour is switched off on `page` and on `pageAs` pages. */
  tour: boolean;
  persona: (key: string) => Persona;
  /** Signs a persona in on `page` through the real UI (welcome page → Authenticator → Log in). */
  signIn: (key: string, options?: { from?: string }) => Promise<void>;
  /**
   * A new page, in its own browser context, already signed in as the persona, opened at `path`
   * (default: the home page, whose header it waits for). The first call per worker and persona signs in through the UI; later
   * calls reuse that sign-in's browser storage, as a returning user's browser would.
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
  signedInStates: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      await use(new Map());
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

  pageAs: async ({ browser, endpoints, signedInStates, tour }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const { baseURL, viewport } = testInfo.project.use;
    await use(async (key, path = HOME_PATH, options = {}) => {
      const persona = personaOf(endpoints, key);
      const saved = signedInStates.get(key);
      const context = await browser.newContext({
        baseURL,
        viewport,
        ...(saved ? { storageState: saved } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      if (options.clock) await page.clock.install();
      if (!tour) await withoutTour(page);
      if (!saved) {
        // The worker's first page of a persona signs in first (about 10 s, a minute on a loaded
        // machine, where the first test of each worker timed out): a minute more for that.
        testInfo.setTimeout(testInfo.timeout + 60_000);
        await signInThroughUi(page, persona);
        await expectSignedIn(page);
        signedInStates.set(key, await context.storageState());
      }
      if (saved || path !== HOME_PATH) await page.goto(path);
      if (path === HOME_PATH) await expectSignedIn(page);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

export { expect } from '@playwright/test';
