import {
  type AlignedColumn,
  type AlignedRow,
  type CellDiff,
  type DiffTag,
  type SheetDiffPage,
  SPREADSHEET_DIFF_PAGE_SIZE,
  type SpreadsheetDiffOverview,
} from '@shared/diffs/spreadsheet';
import type { SheetComparison, WorkbookDiff } from './diff-workbooks';
import { columnLetters } from './references';

/**
 * Turns a computed comparison into what the routes serve: the overview and pages of 200 aligned
 * rows (spec §3). `storedChunks` yields every one of them as JSON once, so that the routes keep the
 * result (keyed by both files' SHA-256) and serve any page later without computing again.
 */

export function maxPageIndex(sheet: SheetComparison): number {
  return Math.max(0, Math.ceil(sheet.rows.length / SPREADSHEET_DIFF_PAGE_SIZE) - 1);
}

export function overviewOf(diff: WorkbookDiff): SpreadsheetDiffOverview {
  return {
    pageSize: SPREADSHEET_DIFF_PAGE_SIZE,
    sheets: diff.sheets.map((sheet) => ({
      id: sheet.name,
      name: sheet.name,
      type: 'sheet' as const,
      ...(sheet.oldName ? { oldName: sheet.oldName } : {}),
      status: sheet.status,
      diffCount: sheet.changes.length,
      maxPageIndex: maxPageIndex(sheet),
    })),
    definedNames: diff.definedNames,
    notCompared: diff.notCompared,
  };
}

function sideTag(o: number | null, n: number | null, changed: boolean): DiffTag {
  if (o === null) return 'plus';
  if (n === null) return 'minus';
  return changed ? 'tilde' : 'equal';
}

/** One page of a sheet; pageIndex beyond the last page answers an empty page with the indexes. */
export function renderPage(sheet: SheetComparison, pageIndex: number): SheetDiffPage {
  const size = SPREADSHEET_DIFF_PAGE_SIZE;
  const from = pageIndex * size;
  const to = Math.min(sheet.rows.length, from + size);
  const width = sheet.columns.length;

  const columns: AlignedColumn[] = sheet.columns.map(([o, n], ci) => ({
    old: o === null ? null : columnLetters(o + 1),
    new: n === null ? null : columnLetters(n + 1),
    tag: sideTag(o, n, sheet.changedColumns.has(ci)),
  }));

  const cellDiff: AlignedRow[] = [];
  const inserted: number[] = [];
  const deleted: number[] = [];
  for (let ri = from; ri < to; ri++) {
    const [or, nr] = sheet.rows[ri] ?? [null, null];
    if (or === null && nr !== null) inserted.push(nr + 1);
    if (nr === null && or !== null) deleted.push(or + 1);
    const oldRow = or === null ? undefined : sheet.old?.rows[or];
    const newRow = nr === null ? undefined : sheet.new?.rows[nr];
    const cells: (CellDiff | null)[] = new Array(width);
    for (let ci = 0; ci < width; ci++) {
      const [oc, nc] = sheet.columns[ci] ?? [null, null];
      const a = oc === null ? undefined : oldRow?.[oc];
      const b = nc === null ? undefined : newRow?.[nc];
      const changed = sheet.cells.get(ri * width + ci);
      if (changed) cells[ci] = changed;
      else if (!a && !b) cells[ci] = null;
      else if (or === null || oc === null) cells[ci] = { tag: 'plus', ...(b ? { new: b } : {}) };
      else if (nr === null || nc === null) cells[ci] = { tag: 'minus', ...(a ? { old: a } : {}) };
      else cells[ci] = { tag: 'equal', ...(a ? { old: a } : {}), ...(b ? { new: b } : {}) };
    }
    cellDiff.push({
      old: or === null ? null : or + 1,
      new: nr === null ? null : nr + 1,
      tag: sideTag(or, nr, sheet.changedRows.has(ri)),
      cells,
    });
  }

  const changes = sheet.changes;
  const onPage = changes.filter((c) => c.pageIndex === pageIndex);
  const pagesWithChanges = [...new Set(changes.map((c) => c.pageIndex))].sort((a, b) => a - b);
  const before = pagesWithChanges.filter((p) => p < pageIndex);
  const after = pagesWithChanges.filter((p) => p > pageIndex);
  return {
    sheet: sheet.name,
    pageIndex,
    pageSize: size,
    maxPageIndex: maxPageIndex(sheet),
    diffCount: changes.length,
    diffs: onPage,
    columns,
    cellDiff,
    rowDiff: { inserted, deleted },
    columnDiff: {
      inserted: columns.filter((c) => c.old === null && c.new !== null).map((c) => c.new as string),
      deleted: columns.filter((c) => c.new === null && c.old !== null).map((c) => c.old as string),
    },
    firstDiffPageIndex: pagesWithChanges[0] ?? null,
    lastDiffPageIndex: pagesWithChanges[pagesWithChanges.length - 1] ?? null,
    previousDiffPageIndex: before[before.length - 1] ?? null,
    nextDiffPageIndex: after[0] ?? null,
    firstDiffIndexInPage: onPage[0]?.index ?? null,
    lastDiffIndexInPage: onPage[onPage.length - 1]?.index ?? null,
  };
}

export type StoredChunk =
  | { kind: 'overview'; json: string }
  | { kind: 'page'; sheet: string; sheetIndex: number; pageIndex: number; json: string };

/**
 * The whole result as JSON documents: the overview first, then every page of every sheet, one at
 * a time (a caller writes each away before the next is built, so memory holds one page).
 */
export function* storedChunks(diff: WorkbookDiff): Generator<StoredChunk> {
  yield { kind: 'overview', json: JSON.stringify(overviewOf(diff)) };
  for (const [sheetIndex, sheet] of diff.sheets.entries()) {
    for (let pageIndex = 0; pageIndex <= maxPageIndex(sheet); pageIndex++)
      yield {
        kind: 'page',
        sheet: sheet.name,
        sheetIndex,
        pageIndex,
        json: JSON.stringify(renderPage(sheet, pageIndex)),
      };
  }
}
