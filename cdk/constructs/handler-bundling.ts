import path from 'node:path';

/**
 * How every Lambda handler is bundled: one list for the CDK construct (api-function.ts) and the bundle
 * benchmark (scripts/bench/bundles.ts), so the benchmark measures what is deployed. Plain data, no CDK
 * import, so the benchmark stays light.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export const HANDLER_BUNDLING = {
  target: 'node22',
  minify: true,
  mainFields: ['module', 'main'],
  // Some dependencies are CommonJS and call require(); ESM output needs it defined.
  banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
  /**
   * Lambda passes the role's credentials in environment variables, so the SDK's default credential
   * chain is replaced by an environment-only provider (functions/lib/lambda-credentials.ts): 140 kB
   * less to parse and ~20 ms off every cold start.
   */
  alias: {
    '@aws-sdk/credential-provider-node': path.join(REPO_ROOT, 'functions/lib/lambda-credentials.ts'),
  },
} as const;
