import * as z from 'zod/mini';

/**
 * The wire shape of a workbook comparison (issue 18 §4, spec §3 "Spreadsheet diff"): the overview
 * (sheets, defined names, what was not compared) and one page of 200 aligned rows of a sheet. The
 * server computes both once per pair of file versions and stores them as JSON; the web reads them
 * with these schemas.
 */

/** Rows per page (spec §9 "Spreadsheet diff page size 200 rows"). */
export const SPREADSHEET_DIFF_PAGE_SIZE = 200;

/** Spec §3 "Diff tags": equal, plus (only in the new file), minus (only in the old), tilde (changed). */
export const DiffTagSchema = z.enum(['equal', 'plus', 'minus', 'tilde']);
export type DiffTag = z.infer<typeof DiffTagSchema>;

/**
 * A cell's content. Numbers stay numbers (dates are Excel serial numbers: the comparison does not
 * read number formats); an error such as `#DIV/0!` is kind `error` with its text; `empty` is a
 * formula cell without a cached result. `formula` is in A1 form without the leading `=`, shared
 * formulas already expanded for this cell; `arrayRange` is set on every cell of an array formula.
 */
export const CellKindSchema = z.enum(['number', 'string', 'boolean', 'error', 'empty']);
export type CellKind = z.infer<typeof CellKindSchema>;
export const CellSchema = z.object({
  kind: CellKindSchema,
  value: z.union([z.number(), z.string(), z.boolean()]),
  formula: z.optional(z.string()),
  arrayRange: z.optional(z.string()),
});
export type Cell = z.infer<typeof CellSchema>;

/**
 * One cell of the aligned grid. `formulaChanged` and `valueChanged` say which part of a tilde cell
 * changed (both may). `referencesShifted`: the formula text differs only because rows or columns it
 * refers to moved (an insert or delete elsewhere): not a user's edit, tagged equal unless the value
 * changed. `diffIndex` is the sheet's diff this cell belongs to. Each side's cell is present
 * wherever that side has one, equal cells included (the Double Pane View shows both).
 */
export const CellDiffSchema = z.object({
  tag: DiffTagSchema,
  old: z.optional(CellSchema),
  new: z.optional(CellSchema),
  formulaChanged: z.optional(z.boolean()),
  valueChanged: z.optional(z.boolean()),
  typeChanged: z.optional(z.boolean()),
  referencesShifted: z.optional(z.boolean()),
  diffIndex: z.optional(z.int()),
});
export type CellDiff = z.infer<typeof CellDiffSchema>;

/** An aligned column: its letter in the old and the new sheet (null where it does not exist). */
export const AlignedColumnSchema = z.object({
  old: z.nullable(z.string()),
  new: z.nullable(z.string()),
  tag: DiffTagSchema,
});
export type AlignedColumn = z.infer<typeof AlignedColumnSchema>;

/** An aligned row: 1-based row numbers; `cells` has one entry per aligned column (null: empty on both sides). */
export const AlignedRowSchema = z.object({
  old: z.nullable(z.int()),
  new: z.nullable(z.int()),
  tag: DiffTagSchema,
  cells: z.array(z.nullable(CellDiffSchema)),
});
export type AlignedRow = z.infer<typeof AlignedRowSchema>;

/**
 * One change a reviewer steps through. A block of inserted or deleted rows (or columns) is one
 * change; identical formula changes (same R1C1 text before and after) down a contiguous range are
 * one change (`range` "B2:B400", `summary` "B2:B400: rate → rate*(1+uplift)").
 */
export const SheetChangeKindSchema = z.enum([
  'rows-inserted',
  'rows-deleted',
  'columns-inserted',
  'columns-deleted',
  'cells',
]);
export const SheetChangeSchema = z.object({
  index: z.int(),
  kind: SheetChangeKindSchema,
  tag: DiffTagSchema,
  /** A1 range in the new sheet (in the old one for deletions). */
  range: z.string(),
  /** Where it starts in the aligned grid (0-based) and so on which page. */
  rowIndex: z.int(),
  columnIndex: z.int(),
  pageIndex: z.int(),
  cellCount: z.int(),
  summary: z.string(),
});
export type SheetChange = z.infer<typeof SheetChangeSchema>;

/** Row numbers (1-based) or column letters inserted (new side) and deleted (old side). */
const InsertedDeletedRowsSchema = z.object({ inserted: z.array(z.int()), deleted: z.array(z.int()) });
const InsertedDeletedColumnsSchema = z.object({
  inserted: z.array(z.string()),
  deleted: z.array(z.string()),
});

/**
 * One page of a sheet's comparison (spec §3): `diffs` are the changes that start on this page;
 * `rowDiff` covers this page's rows, `columnDiff` the whole sheet. Page indexes are 0-based and null
 * when there is no such page (no change at all, none before, none after).
 */
export const SheetDiffPageSchema = z.object({
  sheet: z.string(),
  pageIndex: z.int(),
  pageSize: z.int(),
  maxPageIndex: z.int(),
  diffCount: z.int(),
  diffs: z.array(SheetChangeSchema),
  columns: z.array(AlignedColumnSchema),
  cellDiff: z.array(AlignedRowSchema),
  rowDiff: InsertedDeletedRowsSchema,
  columnDiff: InsertedDeletedColumnsSchema,
  firstDiffPageIndex: z.nullable(z.int()),
  lastDiffPageIndex: z.nullable(z.int()),
  previousDiffPageIndex: z.nullable(z.int()),
  nextDiffPageIndex: z.nullable(z.int()),
  firstDiffIndexInPage: z.nullable(z.int()),
  lastDiffIndexInPage: z.nullable(z.int()),
});
export type SheetDiffPage = z.infer<typeof SheetDiffPageSchema>;

export const SheetStatusSchema = z.enum(['added', 'removed', 'renamed', 'changed', 'unchanged']);
export type SheetStatus = z.infer<typeof SheetStatusSchema>;

/** Spec §3 "Workbook item": id, name, type (sheet or macro). A sheet's id is its name in the page route. */
export const WorkbookItemTypeSchema = z.enum(['sheet', 'macro']);

export const SheetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('sheet'),
  /** Set when the sheet was renamed: its name in the old file. */
  oldName: z.optional(z.string()),
  status: SheetStatusSchema,
  diffCount: z.int(),
  maxPageIndex: z.int(),
});
export type SheetSummary = z.infer<typeof SheetSummarySchema>;

export const DefinedNameChangeSchema = z.object({
  name: z.string(),
  /** The sheet a local name belongs to; absent for workbook names. */
  scope: z.optional(z.string()),
  status: z.enum(['added', 'removed', 'changed']),
  old: z.optional(z.string()),
  new: z.optional(z.string()),
});
export type DefinedNameChange = z.infer<typeof DefinedNameChangeSchema>;

/** Parts of a workbook that exist in the files but are not compared, with their counts per side. */
export const NotComparedKindSchema = z.enum(['charts', 'pivot-tables', 'conditional-formats']);
export const NotComparedSchema = z.object({
  kind: NotComparedKindSchema,
  old: z.int(),
  new: z.int(),
});
export type NotCompared = z.infer<typeof NotComparedSchema>;

export const SpreadsheetDiffOverviewSchema = z.object({
  pageSize: z.int(),
  sheets: z.array(SheetSummarySchema),
  definedNames: z.array(DefinedNameChangeSchema),
  notCompared: z.array(NotComparedSchema),
});
export type SpreadsheetDiffOverview = z.infer<typeof SpreadsheetDiffOverviewSchema>;
