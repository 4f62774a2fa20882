import * as z from 'zod/mini';
import { MacroModuleDiffSchema, MacroSummarySchema } from '../diffs/macros';
import {
  SheetDiffPageSchema as EngineSheetDiffPageSchema,
  SpreadsheetDiffOverviewSchema,
} from '../diffs/spreadsheet';
import { UuidSchema } from './model-api';

/**
 * Comparing two versions of a model entry (issue 18 §3, §4; spec 000 §3, §4, §7):
 * - `GET /v2/models/{uuid}/compare/{otherUuid}`: both versions' logs and changelog documents, and the
 *   files of the two entries paired (history chain first, then path) with a status and a kind;
 * - `GET /v2/models/{uuid}/files/{fileUuid}/diff/{otherUuid}/{otherFileUuid}`: the diff of one pair,
 *   the line hunks of a text file at once, or a workbook's overview once computed (202 until then);
 * - `…/sheets/{sheet}?page=N` and `…/macros/{module}`: one sheet page and one VBA module of a
 *   computed workbook diff.
 * `uuid` is the version the comparison starts from ("before"), `otherUuid` the one it goes to
 * ("after"): a file only in the other version is `added`, one only in the first `removed`.
 */

export const ComparePairStatusSchema = z.enum(['added', 'removed', 'changed', 'unchanged']);
export type ComparePairStatus = z.infer<typeof ComparePairStatusSchema>;

/** How a pair can be diffed: a line diff (text), the workbook diff (spreadsheet), or not at all. */
export const DiffKindSchema = z.enum(['text', 'spreadsheet', 'other']);
export type DiffKind = z.infer<typeof DiffKindSchema>;

export const CompareParamsSchema = z.object({ uuid: UuidSchema, otherUuid: UuidSchema });

/** One side of a pair as the list shows it. */
const PairSideShape = { name: z.string(), path: z.string(), size: z.optional(z.int()) };

export const ComparePairSchema = z.object({
  status: ComparePairStatusSchema,
  kind: DiffKindSchema,
  /** The file in `uuid`'s version; absent when the file was added. */
  fileUuid: z.optional(UuidSchema),
  /** The file in `otherUuid`'s version; absent when the file was removed. */
  otherFileUuid: z.optional(UuidSchema),
  file: z.optional(z.object(PairSideShape)),
  otherFile: z.optional(z.object(PairSideShape)),
  /** How the two files were paired: by their history chain, or by folder path and name. */
  pairedBy: z.optional(z.enum(['history', 'path'])),
  /** Whether the caller may read both sides' bodies (the file rule of 000 §6), i.e. open their diff. */
  diffable: z.boolean(),
});
export type ComparePair = z.infer<typeof ComparePairSchema>;

/** One version's side of the comparison: its log and changelog document (the UI says when absent). */
export const CompareVersionSchema = z.object({
  uuid: UuidSchema,
  name: z.string(),
  version: z.optional(z.string()),
  /** Absent: the UI shows 'No version log was captured.'. */
  versionLog: z.optional(z.string()),
  /**
   * The changelog document (metadata `changelog_file`); absent: 'No changelog file was uploaded'.
   * Downloaded through `POST /v2/models/{uuid}/files/{fileUuid}/download` like any file.
   */
  changelog: z.optional(z.object({ fileUuid: UuidSchema, name: z.string(), mayDownload: z.boolean() })),
  /**
   * The repository the version's code lives in (metadata bitbucket_*; issue 18 §5), when it names a
   * project and a repository: compare mode diffs the two versions' commits through source control.
   * `commit` absent: the version records no commit or branch (it follows the default branch).
   */
  source: z.optional(
    z.object({
      project: z.string(),
      repository: z.string(),
      path: z.optional(z.string()),
      commit: z.optional(z.string()),
    }),
  ),
});
export type CompareVersion = z.infer<typeof CompareVersionSchema>;

export const CompareResultSchema = z.object({
  version: CompareVersionSchema,
  otherVersion: CompareVersionSchema,
  pairs: z.array(ComparePairSchema),
});
export type CompareResult = z.infer<typeof CompareResultSchema>;

// ---------- the diff of one pair ----------

export const FileDiffParamsSchema = z.object({
  uuid: UuidSchema,
  fileUuid: UuidSchema,
  otherUuid: UuidSchema,
  otherFileUuid: UuidSchema,
});

/** Sheet names are at most 31 characters in Excel; the path segment arrives decoded. */
export const SheetDiffParamsSchema = z.extend(FileDiffParamsSchema, {
  sheet: z.string().check(z.minLength(1), z.maxLength(31)),
});
/** Pages count from 0 (the page indexes of 000 §3). */
export const SheetDiffQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.nonnegative(), z.lte(1_000_000)), 0),
});

/** VBA module names are at most 31 characters of letters, digits and `_`. */
export const MacroDiffParamsSchema = z.extend(FileDiffParamsSchema, {
  module: z.string().check(z.minLength(1), z.maxLength(31)),
});

/** A hunk of jsdiff's structuredPatch: line numbers from 1, lines prefixed ' ', '+', '-' or '\'. */
export const TextHunkSchema = z.object({
  oldStart: z.int(),
  oldLines: z.int(),
  newStart: z.int(),
  newLines: z.int(),
  lines: z.array(z.string()),
});
export type TextHunk = z.infer<typeof TextHunkSchema>;

export const TextDiffSchema = z.object({
  kind: z.literal('text'),
  /** No hunks: the UI shows 'No changes found'. */
  hunks: z.array(TextHunkSchema),
});
export type TextDiff = z.infer<typeof TextDiffSchema>;

/**
 * A workbook diff still being computed (202, with a `Retry-After` header of the same seconds): ask
 * again after `retryAfterSeconds`.
 */
export const DiffPendingSchema = z.object({
  kind: z.literal('spreadsheet'),
  status: z.literal('PENDING'),
  retryAfterSeconds: z.int(),
});
export type DiffPending = z.infer<typeof DiffPendingSchema>;

/**
 * A computed workbook diff's overview (200): the engine's (shared/diffs/spreadsheet.ts: sheets with
 * id, name, status, diffCount and maxPageIndex, defined names, what was not compared) with the VBA
 * modules (shared/diffs/macros.ts), or why the VBA project could not be read.
 */
export const WorkbookOverviewSchema = z.extend(SpreadsheetDiffOverviewSchema, {
  macros: z.array(MacroSummarySchema),
  macrosError: z.optional(z.string()),
});
export type WorkbookOverview = z.infer<typeof WorkbookOverviewSchema>;

export const WorkbookDiffReadySchema = z.object({
  kind: z.literal('spreadsheet'),
  status: z.literal('READY'),
  overview: WorkbookOverviewSchema,
});
export type WorkbookDiffReady = z.infer<typeof WorkbookDiffReadySchema>;

export const FileDiffSchema = z.union([TextDiffSchema, DiffPendingSchema, WorkbookDiffReadySchema]);
export type FileDiff = z.infer<typeof FileDiffSchema>;

/** One page of a sheet's diff (000 §3) and one module's line diff: the engines' shapes, as stored. */
export const SheetDiffPageSchema = EngineSheetDiffPageSchema;
export const MacroDiffSchema = MacroModuleDiffSchema;
