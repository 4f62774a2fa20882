import type { Readable } from 'node:stream';

/**
 * What the compare routes need of the spreadsheet diff engine (functions/core/diffs/spreadsheet and
 * functions/core/diffs/vba, wire shapes in shared/diffs): a narrow port, so that storing and serving
 * a diff does not depend on how the engine reads workbooks. workbook-engine.ts adapts the engine.
 *
 * The engine signals a workbook it cannot compare (corrupt, password-protected, a zip bomb, too many
 * cells...) with an UnprocessableError whose message is for the user: that outcome is kept with the
 * pair and answered as 422 without computing again. Any other error is a fault: kept for a while only
 * (workbook-diffs.ts), so that a later look tries again.
 */
export interface WorkbookSource {
  readonly name: string;
  readonly size: number;
  /** A fresh stream of the body at each call (a reader may need two passes). */
  open(): Promise<Readable>;
}

/** A sheet of the overview, in the engine's shape; `id` is what the page route names. */
export interface WorkbookSheetSummary {
  readonly id: string;
  readonly name: string;
  readonly [field: string]: unknown;
}

export interface WorkbookMacroSummary {
  readonly name: string;
  readonly status: string;
  readonly [field: string]: unknown;
}

export interface WorkbookDiffResult {
  /** The overview (sheets, defined names, what was not compared...), without the macros. */
  readonly overview: { readonly sheets: readonly WorkbookSheetSummary[]; readonly [field: string]: unknown };
  /** One entry per sheet of `overview.sheets`, in the same order: its pages, 0 first. */
  readonly sheetPages: readonly (() => AsyncIterable<object> | Iterable<object>)[];
  /** The VBA modules (none for an .xlsx), each with its text diff. */
  readonly macros: readonly { readonly summary: WorkbookMacroSummary; diff(): Promise<object> }[];
}

export interface WorkbookDiffer {
  diff(
    before: WorkbookSource,
    after: WorkbookSource,
    options: { deadline: number },
  ): Promise<WorkbookDiffResult>;
}
