/**
 * The types of the spreadsheet comparison in one place: the wire shapes (zod schemas in
 * shared/diffs/spreadsheet.ts, which the web imports too) and the engine's own.
 */
export type {
  AlignedColumn,
  AlignedRow,
  Cell,
  CellDiff,
  CellKind,
  DefinedNameChange,
  DiffTag,
  NotCompared,
  SheetChange,
  SheetDiffPage,
  SheetStatus,
  SheetSummary,
  SpreadsheetDiffOverview,
} from '@shared/diffs/spreadsheet';
export type { Pair } from './align';
export type { SheetComparison, WorkbookDiff } from './diff-workbooks';
export type { WorkbookProblem } from './errors';
export type { StoredChunk } from './pages';
export type { DefinedName, ReadLimits, SheetData, WorkbookData, WorkbookSource } from './read-workbook';
