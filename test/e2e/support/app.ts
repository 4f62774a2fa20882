import { expect, type Locator, type Page } from '@playwright/test';
import type { Endpoints, Persona } from './endpoints';

/**
 * Page helpers: how a user finds things in the app (roles and visible texts), in one place so a
 * markup change touches one file.
 */
export const HOME_PATH = '/model';
export const TITLE_SUFFIX = /Model Repository$/;

/** localStorage switch of the web app (web/src/features/tour/api/home-tour.ts): no automatic tour. */
export const TOUR_DISABLED_KEY = 'mr.tour.disabled';
/** Shared session expiry (epoch ms) of the web app (web/src/lib/session.ts). */
export const SESSION_EXPIRES_KEY = 'mr.session.expiresAt';
export const ZOOM_KEY = 'mr.zoom';

export const TAB_LABELS = [
  'Add Model Entry',
  'Model Entries',
  'Execution Queue',
  'Externalization',
  'Admin Space',
] as const;
export type TabLabel = (typeof TAB_LABELS)[number];

/**
 * The header tabs of a persona (issue 2 §5; shared/rules/user-permissions.ts): Add Model Entry needs
 * createModel (every known user type, 000 §2), Externalization needs externalizationTabEnabled (super
 * users, and internal users who lead, steward or own an entry: issue 21 §25), Admin Space is for super
 * users. Written out rather than computed from the flags, so the test states the rule instead of
 * copying it. Whether an internal persona manages an entry depends on what earlier tests created in
 * the same cloud (a creator owns the entry), so the caller reads it from the table.
 */
export function tabsOf(persona: Pick<Persona, 'userType'>, managesEntries: boolean): readonly TabLabel[] {
  if (persona.userType === 'SUPERUSER') return TAB_LABELS;
  if (persona.userType === 'EXTERNALUSER' || !managesEntries) {
    return ['Add Model Entry', 'Model Entries', 'Execution Queue'];
  }
  return ['Add Model Entry', 'Model Entries', 'Execution Queue', 'Externalization'];
}

export const mainNavigation = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });

/** The labels of the header tabs, in order. */
export async function visibleTabs(page: Page): Promise<string[]> {
  const links = mainNavigation(page).getByRole('link');
  await expect(links.first()).toBeVisible();
  return (await links.allInnerTexts()).map((text) => text.trim());
}

/** The signed-in shell is on screen: the header tabs have rendered. */
export async function expectSignedIn(page: Page): Promise<void> {
  await expect(mainNavigation(page).getByRole('link', { name: 'Model Entries' })).toBeVisible({
    timeout: 30_000,
  });
}

/**
 * The automatic home-page tour starts for internal users who have not completed it. Tests that are
 * not about the tour switch it off before the app loads; the handler is a safety net that closes a
 * tour that shows up anyway, before it can swallow a click.
 */
export async function withoutTour(page: Page): Promise<void> {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'true'), TOUR_DISABLED_KEY);
  await page.addLocatorHandler(page.locator('.driver-popover'), async (popover) => {
    const close = popover.locator('.driver-popover-close-btn');
    if (await close.isVisible()) await close.click();
    else await page.keyboard.press('Escape');
  });
}

/** The welcome page's 'I'm not an Employee' → Authenticator form, filled in and submitted. */
export async function submitPasswordSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('button', { name: "I'm not an Employee", exact: true }).click();
  const usernameField = page.getByLabel('Username', { exact: true });
  await expect(usernameField).toBeVisible({ timeout: 30_000 });
  await usernameField.fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Amplify's 'Sign in'; the app renames it 'Log in' as the spec's login form has it (002 §2).
  await page.getByRole('button', { name: /^(Sign in|Log in)$/ }).click();
}

/**
 * Signs a persona in through the real UI: welcome page → 'I'm not an Employee' → Username and
 * Password → Log in. Starts at `path` (the welcome page, or a deep link that redirects there).
 */
export async function signInThroughUi(page: Page, persona: Persona, path = '/landingPage'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/landingPage/);
  await submitPasswordSignIn(page, persona.username, persona.password);
}

/** E-mails in the local SES outbox (GET endpoints.outbox answers `{ messages: [...] }`). */
export async function outboxMessages(endpoints: Endpoints): Promise<Record<string, unknown>[]> {
  const response = await fetch(endpoints.outbox, { headers: { accept: 'application/json' } });
  expect(response.status, `GET ${endpoints.outbox}`).toBe(200);
  const body = (await response.json()) as
    | { messages?: Record<string, unknown>[] }
    | Record<string, unknown>[];
  return Array.isArray(body) ? body : (body.messages ?? []);
}

export async function readZoom(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), ZOOM_KEY);
}

/**
 * Records every text the message stack shows on the page from now on (its messages are role=status,
 * errors role=alert). A success message lives 5 s; a page busy re-rendering what the action changed
 * (the external-user lists after a deactivation, on a loaded machine) can outlast it between two
 * polls of a visibility check, while a MutationObserver sees it the moment it is added.
 */
export async function recordShownMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __mrShownMessages: string[] }).__mrShownMessages = seen;
    new MutationObserver(() => {
      for (const message of document.querySelectorAll('[role="status"], [role="alert"]')) {
        const text = message.textContent?.trim() ?? '';
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __mrShownMessages: string[] }).__mrShownMessages);
}
