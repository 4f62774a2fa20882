import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { endpointsFile } from './support/endpoints';

/**
 * Browser tests in Debian's Chromium headless shell (PLATFORM.md: never `npx playwright install`)
 * against the local cloud that scripts/test/run-all.sh starts with `start.ts --test`. The base URL is
 * the `web` entry of its endpoints.json; global-setup.ts fails with a clear message when that cloud is
 * not running.
 */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const file = endpointsFile();
const web: string | undefined = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).web : undefined;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  outputDir: process.env.MR_E2E_OUTPUT_DIR || `${repoRoot}.local/test-reports/e2e-artifacts`,
  fullyParallel: true,
  // Two cores run the local cloud too: more than two browsers only adds contention.
  workers: Number(process.env.MR_E2E_WORKERS || 2),
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  // Two cores serve the local cloud and two browsers: a page that is right may take more than 10 s
  // to show it when both are busy (two runs failed so). A wait only lasts this long when it fails.
  expect: { timeout: 20_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.MR_E2E_JSON_REPORT || `${repoRoot}.local/test-reports/e2e.json` }],
  ],
  use: {
    ...(web ? { baseURL: web } : {}),
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      // Debian's chromium-headless-shell: Chromium's own headless browser, the one Playwright itself
      // uses for headless runs. The full browser in headless mode paints through a GPU process (in
      // software here) and took twice the CPU for the same page (docs/testing.md).
      executablePath: process.env.MR_CHROMIUM || '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1440, height: 900 },
    // The app honours a user's wish for less motion (styles.css): no animation a test would wait
    // for, and no frames for the browsers to paint while a dialog fades or a spinner turns.
    reducedMotion: 'reduce',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the trace's
    // screencast: painting and encoding a frame for every change cost as much CPU as the tests
    // themselves (4 sign-in tests: 51 CPU-seconds with it, 29 without; docs/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
  },
});
