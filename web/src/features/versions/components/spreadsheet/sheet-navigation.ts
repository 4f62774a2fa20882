import type { SheetDiffPage } from '@shared/diffs/spreadsheet';
import { cellAddress } from './sheet-grid';

/** Where a navigation step goes: a cell of this page, or another page (then its first or last anchor). */
export type Step = { cell: string } | { pageIndex: number; focus: 'first' | 'last' } | undefined;

/** The cells where this page's changes start, in order (the `diffs` that start on the page). */
export function changeAnchors(page: SheetDiffPage): string[] {
  const first = page.pageIndex * page.pageSize;
  return page.diffs
    .map((d) => cellAddress(page.columns[d.columnIndex], page.cellDiff[d.rowIndex - first]))
    .filter((a): a is string => !!a);
}

/** The first changed cell of each row that holds a change (a whole inserted row counts once). */
export function rowAnchors(page: SheetDiffPage): string[] {
  const anchors: string[] = [];
  for (const row of page.cellDiff) {
    // A whole inserted or deleted row is one change, anchored at its first column.
    const column =
      row.tag === 'plus' || row.tag === 'minus'
        ? 0
        : page.columns.findIndex((c, i) => c.tag !== 'equal' || (row.cells[i]?.tag ?? 'equal') !== 'equal');
    if (column < 0) continue;
    const address = cellAddress(page.columns[column], row);
    if (address) anchors.push(address);
  }
  return anchors;
}

/**
 * One step through `anchors` from `current` (a cell not among them starts before the first); past
 * either end it goes to the previous or next page that has a change (the page indexes of 000 §3).
 */
export function step(
  page: SheetDiffPage,
  anchors: readonly string[],
  current: string | undefined,
  direction: 1 | -1,
): Step {
  const at = current ? anchors.indexOf(current) : -1;
  if (direction === 1) {
    const next = anchors[at + 1];
    if (next) return { cell: next };
    return page.nextDiffPageIndex !== null
      ? { pageIndex: page.nextDiffPageIndex, focus: 'first' }
      : undefined;
  }
  const previous = at > 0 ? anchors[at - 1] : undefined;
  if (previous) return { cell: previous };
  return page.previousDiffPageIndex !== null
    ? { pageIndex: page.previousDiffPageIndex, focus: 'last' }
    : undefined;
}
