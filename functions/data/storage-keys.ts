import {
  DIFFS_PREFIX,
  DOWNLOADS_PREFIX,
  MODEL_FILES_PREFIX,
  PARAMETER_FILES_PREFIX,
  RUNS_PREFIX,
  UPLOADS_PREFIX,
  WEB_SOURCE_MAPS_PREFIX,
} from '@shared/config/files-bucket';
import { ValidationError } from '../lib/errors';

/**
 * Every object key of the files bucket that holds an id or a path, built here from validated parts
 * (issue 16 §2). A key part that came from a request, a stored value or a model's output could
 * otherwise name another entry's objects: `parameter-files/<uuid>/../../runs/<runId>/job.json` reached
 * another run's job, because HTTP stacks normalise `..` in the path of the request URL.
 *
 * Two kinds of part:
 * - an id (entry uuid, file uuid, run id, upload id, archive id): letters, digits, `_` and `-` only,
 *   at most 128 characters; no `.`, `/`, `\`, `%` or control character can get in;
 * - a relative path (a run's output file, which the model names): segments joined by `/`, none empty,
 *   `.` or `..` (also percent-encoded), no backslash or control character, each segment at most 255
 *   characters and the whole at most 1,024.
 * A refused part throws `UnsafeKeyPartError` (400): callers validate their input with a clear message
 * first, so reaching it means a value that slipped past them, and nothing is read or written.
 *
 * Each builder names its prefix constant itself (no table of prefixes), so that a bundle keeps only
 * the prefixes its code reaches: the IAM grants are derived from them (cdk/constructs/area-analysis.ts).
 */

export const KEY_ID_MAX_LENGTH = 128;
export const KEY_SEGMENT_MAX_LENGTH = 255;
export const KEY_PATH_MAX_LENGTH = 1024;

const ID_PART = /^[A-Za-z0-9_-]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export class UnsafeKeyPartError extends ValidationError {}

/** Why `value` cannot be an id part of a key, or undefined when it can. */
export function keyIdProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return 'is empty';
  if (value.length > KEY_ID_MAX_LENGTH) return `is longer than ${KEY_ID_MAX_LENGTH} characters`;
  if (!ID_PART.test(value)) return 'may hold only letters, digits, _ and -';
  return undefined;
}

/** Percent-decoded once, so that `%2e%2e` counts as `..`; the text itself when it does not decode. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Why `path` cannot be a relative path inside a key, or undefined when it can. */
export function keyPathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string' || path === '') return 'is empty';
  if (path.length > KEY_PATH_MAX_LENGTH) return `is longer than ${KEY_PATH_MAX_LENGTH} characters`;
  if (path.startsWith('/')) return 'starts with /';
  if (CONTROL.test(path)) return 'holds a control character';
  if (path.includes('\\')) return 'holds a backslash';
  for (const segment of path.split('/')) {
    if (segment === '') return 'has an empty segment';
    const plain = decoded(segment);
    if (plain === '.' || plain === '..') return 'has a . or .. segment';
    if (plain.includes('/') || plain.includes('\\')) return 'has an encoded / or \\';
    if (segment.length > KEY_SEGMENT_MAX_LENGTH)
      return `has a segment longer than ${KEY_SEGMENT_MAX_LENGTH} characters`;
  }
  return undefined;
}

const shown = (value: unknown) => JSON.stringify(typeof value === 'string' ? value.slice(0, 80) : value);

/** `value` as an id part of a key; throws UnsafeKeyPartError naming `what` otherwise. */
export function keyId(what: string, value: string): string {
  const problem = keyIdProblem(value);
  if (problem) throw new UnsafeKeyPartError(`The ${what} ${shown(value)} ${problem}.`);
  return value;
}

/** `path` as a relative path inside a key; throws UnsafeKeyPartError naming `what` otherwise. */
export function keyPath(what: string, path: string): string {
  const problem = keyPathProblem(path);
  if (problem) throw new UnsafeKeyPartError(`The ${what} ${shown(path)} ${problem}.`);
  return path;
}

// ---------- models/<uuid>/files/<fileUuid> ----------

/** Everything stored for an entry under models/ (deleted with the entry). */
export const modelObjectsPrefix = (uuid: string) => `${MODEL_FILES_PREFIX}${keyId('entry id', uuid)}/`;
/** One body of an entry's file; a replacement writes a new body under a new file uuid. */
export const modelFileObjectKey = (uuid: string, fileUuid: string) =>
  `${modelObjectsPrefix(uuid)}files/${keyId('file id', fileUuid)}`;

// ---------- downloads/<uuid>/<archiveId>.zip ----------

export const downloadsPrefix = (uuid: string) => `${DOWNLOADS_PREFIX}${keyId('entry id', uuid)}/`;
export const archiveObjectKey = (uuid: string, archiveId: string) =>
  `${downloadsPrefix(uuid)}${keyId('archive id', archiveId)}.zip`;
export const archiveManifestKey = (uuid: string, archiveId: string) =>
  `${downloadsPrefix(uuid)}${keyId('archive id', archiveId)}.manifest.json`;

// ---------- uploads/<uploadId>/<uploadFileId> ----------

export const uploadObjectKey = (uploadId: string, uploadFileId: string) =>
  `${UPLOADS_PREFIX}${keyId('upload id', uploadId)}/${keyId('upload file id', uploadFileId)}`;

// ---------- parameter-files/<uuid>/<fileId> ----------

/**
 * The body of a FILE parameter's value `{ id, name }` (spec 001 §5): the key follows from the entry and
 * the id alone, so a cloned instance's copy of the value still finds the body.
 */
export const parameterFilesPrefix = (uuid: string) => `${PARAMETER_FILES_PREFIX}${keyId('entry id', uuid)}/`;
export const parameterFileKey = (uuid: string, fileId: string) =>
  `${parameterFilesPrefix(uuid)}${keyId('parameter file id', fileId)}`;

// ---------- runs/<runId>/... (docs/running-models.md, "The pipeline"; run-files.ts) ----------

export const runPrefix = (runId: string) => `${RUNS_PREFIX}${keyId('run id', runId)}/`;
export const runJobKey = (runId: string) => `${runPrefix(runId)}job.json`;
export const runValuesKey = (runId: string) => `${runPrefix(runId)}values.json`;
export const runScenarioIndexKey = (runId: string) => `${runPrefix(runId)}scenarios.json`;
export const runOutcomeKey = (runId: string) => `${runPrefix(runId)}outcome.json`;
export const runResultKey = (runId: string) => `${runPrefix(runId)}result.json`;
export const runArchiveKey = (runId: string) => `${runPrefix(runId)}outputs.zip`;
export const runRunnerErrorKey = (runId: string) => `${runPrefix(runId)}runner-error.json`;
export const runOutputsPrefix = (runId: string) => `${runPrefix(runId)}outputs/`;
/** One output file of a run, at the relative path the model wrote it under its output directory. */
export const runOutputKey = (runId: string, path: string) =>
  `${runOutputsPrefix(runId)}${keyPath('output path', path)}`;

// ---------- diffs/... (functions/core/compare, docs/versions.md "Compare") ----------

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** A SHA-256 as 64 lower-case hex digits; anything else is refused like any unsafe part. */
export function keySha256(what: string, value: string): string {
  if (!SHA256_HEX.test(value)) throw new UnsafeKeyPartError(`The ${what} ${shown(value)} is not a SHA-256.`);
  return value;
}

/**
 * The SHA-256 of a body, cached by what S3 says of the body without reading it: its ETag (an MD5 of
 * the content, or of its parts) and its size. Two bodies with the same ETag and size have the same
 * content, so the cache is shared by every copy of a body (a new version's files are S3 copies).
 */
export const bodyHashKey = (etag: string, size: number) =>
  `${DIFFS_PREFIX}hashes/${keyId('ETag', etag)}-${keyId('size', String(size))}.json`;

/** Everything computed for the workbook pair (before, after), keyed by both bodies' SHA-256. */
export const workbookDiffPrefix = (before: string, after: string) =>
  `${DIFFS_PREFIX}workbooks/${keySha256('hash', before)}/${keySha256('hash', after)}/`;
/** The diff being computed: who started it and when (a stalled one is started again). */
export const workbookDiffPendingKey = (before: string, after: string) =>
  `${workbookDiffPrefix(before, after)}pending.json`;
/** A diff that cannot be computed (corrupt, password-protected, too large...): kept, not retried. */
export const workbookDiffErrorKey = (before: string, after: string) =>
  `${workbookDiffPrefix(before, after)}error.json`;
/** The overview; written last, so that its presence means every page and module is there. */
export const workbookDiffOverviewKey = (before: string, after: string) =>
  `${workbookDiffPrefix(before, after)}overview.json`;
/** One page of one sheet, the sheet by its position in the overview (names may hold any character). */
export const workbookDiffSheetPageKey = (before: string, after: string, sheet: number, page: number) =>
  `${workbookDiffPrefix(before, after)}sheets/${keyId('sheet index', String(sheet))}/${keyId('page', String(page))}.json`;
/** One VBA module's diff, the module by its position in the overview. */
export const workbookDiffMacroKey = (before: string, after: string, module: number) =>
  `${workbookDiffPrefix(before, after)}macros/${keyId('module index', String(module))}.json`;

/**
 * The source map of one built web asset, `assets/<name>.js` (the only kind a stack frame is resolved
 * for): web-sourcemaps/assets/<name>.js.map. The asset name is a key id (letters, digits, `.`, `_`, `-`
 * are what Vite writes; `.` is allowed here since the name is one segment under a fixed folder).
 */
export function webSourceMapKey(assetPath: string): string {
  const match = /^assets\/([A-Za-z0-9_-][A-Za-z0-9._-]{0,200})\.js$/.exec(assetPath);
  if (!match || match[1]?.includes('..')) throw new UnsafeKeyPartError(`Not a built asset: ${assetPath}`);
  return `${WEB_SOURCE_MAPS_PREFIX}assets/${match[1]}.js.map`;
}
