import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin that leaves out of the bundles the one module of the X-Ray SDK (under the
 * Powertools Tracer) that serves the AWS SDK **v2**: `aws-xray-sdk-core/dist/lib/patchers/aws_p.js`,
 * behind `AWSXRay.captureAWS(require('aws-sdk'))` and `AWSXRay.captureAWSClient(v2Client)`. This
 * project has no AWS SDK v2 (the Tracer captures our v3 clients through `patchers/aws3_p.js`, which
 * stays), yet the X-Ray SDK requires that module when it loads, and with it `semver` (only to check
 * the v2 SDK's version), whose regular expressions it builds at import: about a third of what loading
 * the X-Ray SDK costs a cold start (valgrind: 39 of 122 million instructions; docs/testing.md, "Cold
 * import of the area functions").
 *
 * In its place: a module with the same two exports, which throw if ever called. The X-Ray SDK and the
 * Tracer are otherwise bundled as published. The build fails when the module no longer has exactly
 * those exports (a new release of the X-Ray SDK): then review this plugin before keeping it.
 * test/integration/lambda-bundle.test.ts runs a bundle's Tracer capturing a v3 client.
 */
const V2_PATCHER = /[\\/]aws-xray-sdk-core[\\/]dist[\\/]lib[\\/]patchers[\\/]aws_p\.js$/;
export const V2_PATCHER_EXPORTS = ['captureAWS', 'captureAWSClient'] as const;

export function withoutXraySdkV2Patcher(): Plugin {
  return {
    name: 'without-xray-sdk-v2-patcher',
    setup(build) {
      build.onLoad({ filter: V2_PATCHER }, (args) => {
        const exported = exportsOf(readFileSync(args.path, 'utf8'));
        if (exported.join() !== [...V2_PATCHER_EXPORTS].sort().join())
          throw new Error(
            `${args.path} now exports ${exported.join(', ')} (expected ${V2_PATCHER_EXPORTS.join(', ')}): review cdk/constructs/xray-sdk-v2-patcher.ts for this release of aws-xray-sdk-core`,
          );
        return { loader: 'js', contents: stubSource() };
      });
    },
  };
}

/** The names a CommonJS module assigns to `module.exports.<name>` or `exports.<name>`, sorted. */
export function exportsOf(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^\s*(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/gm))
    if (match[1]) names.add(match[1]);
  return [...names].sort();
}

function stubSource(): string {
  const message =
    'The X-Ray SDK patcher for the AWS SDK v2 is not bundled (cdk/constructs/xray-sdk-v2-patcher.ts): capture v3 clients with tracer.captureAWSv3Client.';
  return [
    `function notBundled() { throw new Error(${JSON.stringify(message)}); }`,
    `module.exports = { ${V2_PATCHER_EXPORTS.map((name) => `${name}: notBundled`).join(', ')} };`,
  ].join('\n');
}
