// @vitest-environment node
import type { AlignedRow, SheetDiffPage } from '@shared/diffs/spreadsheet';
import { describe, expect, it } from 'vitest';
import { changeAnchors, rowAnchors, step } from './sheet-navigation';

const equalRow = (n: number): AlignedRow => ({
  old: n,
  new: n,
  tag: 'equal',
  cells: [null, null],
});

/** A page of 4 rows: B2 changed, row 3 inserted (new row 3), B4 changed. */
function page(over: Partial<SheetDiffPage> = {}): SheetDiffPage {
  return {
    sheet: 'Inputs',
    pageIndex: 0,
    pageSize: 200,
    maxPageIndex: 1,
    diffCount: 3,
    diffs: [
      {
        index: 0,
        kind: 'cells',
        tag: 'tilde',
        range: 'B2',
        rowIndex: 1,
        columnIndex: 1,
        pageIndex: 0,
        cellCount: 1,
        summary: 'B2: 1 → 2',
      },
      {
        index: 1,
        kind: 'rows-inserted',
        tag: 'plus',
        range: '3:3',
        rowIndex: 2,
        columnIndex: 0,
        pageIndex: 0,
        cellCount: 2,
        summary: 'Row 3 inserted',
      },
      {
        index: 2,
        kind: 'cells',
        tag: 'tilde',
        range: 'B4',
        rowIndex: 3,
        columnIndex: 1,
        pageIndex: 0,
        cellCount: 1,
        summary: 'B4: x → y',
      },
    ],
    columns: [
      { old: 'A', new: 'A', tag: 'equal' },
      { old: 'B', new: 'B', tag: 'equal' },
    ],
    cellDiff: [
      equalRow(1),
      { old: 2, new: 2, tag: 'tilde', cells: [null, { tag: 'tilde' }] },
      { old: null, new: 3, tag: 'plus', cells: [{ tag: 'plus' }, { tag: 'plus' }] },
      { old: 3, new: 4, tag: 'tilde', cells: [null, { tag: 'tilde' }] },
    ],
    rowDiff: { inserted: [3], deleted: [] },
    columnDiff: { inserted: [], deleted: [] },
    firstDiffPageIndex: 0,
    lastDiffPageIndex: 1,
    previousDiffPageIndex: null,
    nextDiffPageIndex: 1,
    firstDiffIndexInPage: 0,
    lastDiffIndexInPage: 2,
    ...over,
  };
}

describe('change navigation', () => {
  it('anchors each change at its first cell, in the new sheet', () => {
    expect(changeAnchors(page())).toEqual(['B2', 'A3', 'B4']);
  });

  it('anchors each changed row once', () => {
    expect(rowAnchors(page())).toEqual(['B2', 'A3', 'B4']);
  });

  it('steps through the page and then to the next page with a change', () => {
    const p = page();
    const anchors = changeAnchors(p);
    expect(step(p, anchors, undefined, 1)).toEqual({ cell: 'B2' });
    expect(step(p, anchors, 'B2', 1)).toEqual({ cell: 'A3' });
    expect(step(p, anchors, 'B4', 1)).toEqual({ pageIndex: 1, focus: 'first' });
    expect(step(p, anchors, 'A3', -1)).toEqual({ cell: 'B2' });
  });

  it('has nowhere to go before the first change of the first page', () => {
    const p = page();
    expect(step(p, changeAnchors(p), 'B2', -1)).toBeUndefined();
  });

  it('goes back to the last change of the previous page', () => {
    const p = page({ pageIndex: 1, previousDiffPageIndex: 0, nextDiffPageIndex: null, diffs: [] });
    expect(step(p, [], undefined, -1)).toEqual({ pageIndex: 0, focus: 'last' });
    expect(step(p, [], undefined, 1)).toBeUndefined();
  });
});
