import path from 'node:path';
import {
  HTTP_ROUTES,
  NOT_FOUND_HANDLER,
  SCHEDULED_JOBS,
  WORKFLOW_TASKS,
  WS_ROUTES,
} from '@shared/api/routes';
import type { BuildOptions } from 'esbuild';
import { prebuiltOpenApiDocument } from './prebuilt-openapi';
import { pureTopLevelConstants } from './pure-top-level';

/**
 * How every Lambda handler is bundled: one definition for the CDK construct (api-function.ts, through
 * cdk/bundle-handler.ts) and for the bundle benchmark (scripts/bench/bundles.ts), so the benchmark
 * measures exactly what is deployed. esbuild's JS API, because the schema plugin below cannot be passed
 * to the esbuild CLI that NodejsFunction runs.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const FUNCTIONS_DIR = path.join(REPO_ROOT, 'functions');

/** The bundle's file name; Lambda's handler setting is `index.handler`. */
export const BUNDLE_FILE = 'index.mjs';

export function handlerBuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    // Some dependencies are CommonJS and call require(); ESM output needs it defined.
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
    /*
     * Lambda passes the role's credentials in environment variables, so the SDK's default credential
     * chain is replaced by an environment-only provider (functions/lib/lambda-credentials.ts): 140 kB
     * less to parse and ~20 ms off every cold start.
     */
    alias: {
      '@aws-sdk/credential-provider-node': path.join(FUNCTIONS_DIR, 'lib/lambda-credentials.ts'),
    },
    plugins: [
      // The shared zod schemas: only those a handler uses are built at its cold start.
      pureTopLevelConstants(/[\\/]shared[\\/]schemas[\\/][^\\/]+\.ts$/),
      // The OpenAPI document as data, generated once per build.
      prebuiltOpenApiDocument(REPO_ROOT),
    ],
    metafile: true,
    logLevel: 'error',
  };
}

/** Every handler module the CDK app deploys, from the one route table. */
export function deployedHandlers(): string[] {
  return [
    ...new Set<string>([
      ...HTTP_ROUTES.map((r) => r.handler),
      NOT_FOUND_HANDLER,
      ...WS_ROUTES.map((r) => r.handler),
      ...Object.values(WORKFLOW_TASKS),
      ...SCHEDULED_JOBS.map((j) => j.handler),
    ]),
  ];
}
