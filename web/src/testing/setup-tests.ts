import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearMessages } from '../lib/message-stack';
import { resetAuthStub } from './auth-stub';

// No Amplify in jsdom: every file gets the one auth stand-in (auth-stub.ts), so that the app's modules,
// which a worker loads once for all its files (`isolate: false`), call the same functions in each file.
vi.mock('../lib/auth', () => import('./auth-stub'));
// ApexCharts needs a real layout engine (SVG measuring): every file draws the stand-in, whichever loads
// a result page first (apex-chart-stub.tsx).
vi.mock('../features/visualization/components/result/apex-chart', () => import('./apex-chart-stub'));

// findBy* and waitFor give up after 1 s by default, which a loaded 2-core machine exceeds while
// rendering a PrimeReact page: a test must not depend on machine speed. Passing tests do not wait longer.
configure({ asyncUtilTimeout: 10_000 });

// Without vitest globals, Testing Library cannot register its own cleanup.
// Pure-logic test files run in the node environment (`// @vitest-environment node`): no window there.
const browser = typeof window !== 'undefined';

// The message stack is module state: without isolation a test would see what an earlier file's screens
// (or their late answers) left there.
beforeEach(() => clearMessages());

// A worker runs many files in one module graph and one jsdom (`isolate: false`): what a test changes in
// shared state is undone here, whichever file it was.
afterEach(() => {
  resetAuthStub();
  if (!browser) return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// jsdom has no matchMedia; PrimeReact asks for it.
if (browser && !window.matchMedia) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}
