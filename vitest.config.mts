import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

/**
 * Test projects:
 * - unit: shared rules, functions and scripts; no network, AWS clients stubbed where needed.
 * - web: React components in jsdom.
 * - cdk: CDK assertion tests and cdk-nag (synth without bundling).
 * - integration: against a running local cloud (scripts/test/run-all.sh starts one and sets
 *   MR_ENDPOINTS_FILE to its endpoints.json).
 * - runners: the model runners with real Python, R and LibreOffice (scripts/local/install-runner-deps.sh),
 *   no cloud; slow starts (LibreOffice) make it a project of its own.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          // Handlers under test log expected failures (a mail that bounces...) and count business events
          // (EMF documents on stdout): keep the output readable.
          env: { POWERTOOLS_LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'scripts/**/*.test.ts'],
          // vitest's default is one worker fewer than the cores: a single worker on the 2-core machine,
          // while the main process mostly waits. The files are independent (temp folders of their own).
          maxWorkers: 2,
          // Worker threads instead of child processes: each file still gets a fresh module graph, and
          // the whole project took 81 s instead of 103 s on a quiet machine (issue 17 §6). No test here
          // needs a process of its own (process.chdir, process.exit or signals).
          pool: 'threads',
          // A generous limit: the default 5 s fails sound tests on a busy 2-core machine (tests must not
          // depend on machine speed); a test that hangs still fails.
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/setup-tests.ts'],
          // As for unit: two workers on two cores instead of vitest's one, and threads (75 s instead of
          // 93 s for the whole project on a quiet machine).
          maxWorkers: 2,
          pool: 'threads',
          // Files share each worker's jsdom and loaded modules instead of a fresh module graph per file
          // (React, PrimeReact and the app loaded 121 times): 280 s → about 90 s on a quiet machine.
          // Test files therefore mock no module that a component imports statically (vitest keeps the
          // first file's copy); docs/testing.md (issue 17 §6, fifth pass) says which seams they use.
          isolate: false,
          // As for unit: jsdom renders took over 5 s when the machine was loaded.
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'cdk',
          environment: 'node',
          include: ['cdk/**/*.test.ts'],
          // One process for all files, without a fresh module graph per file: the area analysis
          // (area-function.ts) runs once instead of once per file, and the files that only read the
          // default app share one synth of it (sharedTestApp in cdk/testing/test-app.ts). The files
          // keep no other module state; the one that fakes timers restores them.
          isolate: false,
          maxWorkers: 1,
          testTimeout: 120_000,
          // The first file's beforeAll pays for the analysis and the shared synth: about 30 s on a quiet
          // machine, but minutes when other work loads the 2 cores (a hang still fails).
          hookTimeout: 600_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          // One file at a time (they share one cloud: its catalogue log, runner slots and settings), in
          // one process that keeps its modules instead of a fresh module graph per file: the AWS SDK,
          // the helpers and the handlers' modules are imported once, not again for each of the ~60
          // files (docs/testing.md has the figures). The files leave no state behind that another reads:
          // file-setup.ts gives each file the same process.env, vi.spyOn spies are restored, and the
          // one file that talks to a cloud of its own imports the helpers afresh before and after.
          isolate: false,
          setupFiles: ['test/integration/file-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'runners',
          environment: 'node',
          include: ['test/runners/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
