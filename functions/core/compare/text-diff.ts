import type { TextDiff } from '@shared/schemas/compare';
import { structuredPatch } from 'diff';
import { UnprocessableError } from '../../lib/errors';

/**
 * The line diff of two versions of a text file (issue 18 §3), with jsdiff's structuredPatch (hunks
 * with 3 lines of context, as `git diff` shows them). Bounded, because it runs inside an HTTP request
 * (29 s) and its answer inside Lambda's 6 MB response:
 * - each side at most TEXT_DIFF_MAX_BYTES (the caller checks the size before reading the body);
 * - a file with a NUL byte in its first 8 KB is binary whatever its extension;
 * - the diff itself gives up after TEXT_DIFF_TIMEOUT_MS (Myers' algorithm is quadratic in the number
 *   of differences: two unrelated 1 MB files would otherwise take minutes).
 * Trailing carriage returns are ignored, so a file saved again with Windows line ends does not show
 * every line as changed.
 */
export const TEXT_DIFF_MAX_BYTES = 1024 * 1024;
export const TEXT_DIFF_TIMEOUT_MS = 5000;
const CONTEXT_LINES = 3;
const BINARY_SNIFF_BYTES = 8192;

export const TEXT_TOO_LARGE = (name: string) =>
  `${name} is larger than 1 MB, too large to show its changes here. Download both versions to compare them.`;
export const TEXT_IS_BINARY = (name: string) =>
  `${name} is not a text file, so its changes cannot be shown line by line.`;
export const TEXT_TOO_DIFFERENT =
  'The two versions differ too much to show their changes in time. Download both versions to compare them.';

/** Throws the 422 of a body too large for a line diff. */
export function requireTextSize(name: string, size: number): void {
  if (size > TEXT_DIFF_MAX_BYTES) throw new UnprocessableError(TEXT_TOO_LARGE(name));
}

function decodeText(name: string, bytes: Uint8Array): string {
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) throw new UnprocessableError(TEXT_IS_BINARY(name));
  // TextDecoder drops a UTF-8 byte-order mark and replaces invalid sequences instead of failing.
  return new TextDecoder('utf-8').decode(bytes);
}

export function textDiff(
  before: { name: string; bytes: Uint8Array },
  after: { name: string; bytes: Uint8Array },
  timeoutMs = TEXT_DIFF_TIMEOUT_MS,
): TextDiff {
  requireTextSize(before.name, before.bytes.byteLength);
  requireTextSize(after.name, after.bytes.byteLength);
  const oldText = decodeText(before.name, before.bytes);
  const newText = decodeText(after.name, after.bytes);
  const patch = structuredPatch(before.name, after.name, oldText, newText, undefined, undefined, {
    context: CONTEXT_LINES,
    stripTrailingCr: true,
    timeout: timeoutMs,
  });
  if (!patch) throw new UnprocessableError(TEXT_TOO_DIFFERENT);
  return {
    kind: 'text',
    hunks: patch.hunks.map((h) => ({
      oldStart: h.oldStart,
      oldLines: h.oldLines,
      newStart: h.newStart,
      newLines: h.newLines,
      lines: h.lines,
    })),
  };
}
