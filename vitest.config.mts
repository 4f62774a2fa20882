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
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/testing/setup-tests.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'cdk',
          environment: 'node',
          include: ['cdk/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
