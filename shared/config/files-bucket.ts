/**
 * The key prefixes of the files bucket. Every object key the code builds starts with one of these
 * constants, imported from here and never spelled out elsewhere (cdk/area-iam.test.ts checks
 * it), for two readers:
 * - the IAM derivation (cdk/constructs/area-analysis.ts): an area's bundle keeps only the constants
 *   its code uses, so the function's S3 grant names exactly those prefixes (`arn:...:bucket/catalogue/*`);
 * - the bucket's lifecycle rules (cdk/stacks/stateful-stack.ts).
 * Each prefix ends with `/`. Keep one exported `const` per prefix, initialised with a string literal:
 * that is what esbuild can drop when unused and the analysis can read.
 */

/** The catalogue projection's snapshot (functions/core/catalogue). */
export const CATALOG_PREFIX = 'catalog/';
/** Bodies uploaded with presigned PUTs, not yet attached to an entry. */
export const UPLOADS_PREFIX = 'uploads/';
/** Bodies of the files of model entries: models/<uuid>/files/<fileUuid>. */
export const MODEL_FILES_PREFIX = 'models/';
/** "Download all" archives: downloads/<uuid>/... */
export const DOWNLOADS_PREFIX = 'downloads/';
/** Run input and output documents: runs/<runId>/... */
export const RUNS_PREFIX = 'runs/';
/** Files uploaded as the value of an instance's FILE parameter: parameter-files/<uuid>/<fileId>. */
export const PARAMETER_FILES_PREFIX = 'parameter-files/';
/**
 * Computed diffs of file bodies, keyed by content (functions/core/compare): diffs/workbooks/<sha>/<sha>/...,
 * and the SHA-256 of bodies already hashed: diffs/hashes/<etag>-<size>.json.
 */
export const DIFFS_PREFIX = 'diffs/';
/**
 * The source maps of the deployed web build: web-sourcemaps/assets/<name>.js.map, copied here at deploy
 * (cdk/stacks/web-stack.ts) and at local start, never served to browsers; the admin incident detail
 * resolves browser stack traces with them (functions/core/incidents/resolve-stack.ts).
 */
export const WEB_SOURCE_MAPS_PREFIX = 'web-sourcemaps/';

/** Every prefix, for CDK and tests (a function, so that bundles that import one prefix keep only that one). */
export function filesBucketPrefixes(): Record<string, string> {
  return {
    CATALOG_PREFIX,
    UPLOADS_PREFIX,
    MODEL_FILES_PREFIX,
    DOWNLOADS_PREFIX,
    RUNS_PREFIX,
    PARAMETER_FILES_PREFIX,
    DIFFS_PREFIX,
    WEB_SOURCE_MAPS_PREFIX,
  };
}
