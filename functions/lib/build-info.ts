/**
 * The build time baked into a Lambda bundle by esbuild's `define` (cdk/constructs/handler-bundling.ts,
 * BUILD_TIME_CONSTANT), instead of a BUILD_TIME variable on every function: a variable that changes
 * with every commit updated every function on every deploy, while the constant only changes the
 * bundles that read it (the shell area's GET /v2/version). Unbundled code (the local cloud, unit
 * tests) has no such constant and reads BUILD_TIME from lib/env.ts.
 */
declare const __MR_BUILD_TIME__: string | undefined;

export function bundledBuildTime(): string | undefined {
  return typeof __MR_BUILD_TIME__ === 'string' ? __MR_BUILD_TIME__ : undefined;
}
