import { SheetDiffPageSchema, SpreadsheetDiffOverviewSchema } from '@shared/diffs/spreadsheet';
import { describe, expect, it } from 'vitest';
import {
  buildWorkbook,
  type CellInput,
  encryptedWorkbook,
  sharedFormula,
  type WorkbookInput,
} from '../../../testing/workbooks';
import { diffWorkbooks, type SheetComparison } from './diff-workbooks';
import { WorkbookReadError } from './errors';
import { overviewOf, renderPage, storedChunks } from './pages';

/** `count` rows of an id, a label, a number and a same-row formula (C = B*2). */
function table(count: number, label = 'item'): CellInput[][] {
  return Array.from({ length: count }, (_, i) => [
    `${label} ${i + 1}`,
    (i + 1) * 10,
    { formula: `B${i + 1}*2`, result: (i + 1) * 20 },
  ]);
}

/** Rebuilds formula cells for their new row numbers, as Excel does when rows move. */
function renumber(rows: CellInput[][]): CellInput[][] {
  return rows.map((row, i) =>
    row.map((cell) =>
      cell && typeof cell === 'object' && 'formula' in cell && /^B\d+\*2$/.test(cell.formula ?? '')
        ? { ...cell, formula: `B${i + 1}*2` }
        : cell,
    ),
  );
}

async function compare(before: WorkbookInput, after: WorkbookInput) {
  return diffWorkbooks(await buildWorkbook(before), await buildWorkbook(after));
}

const sheetOf = (input: CellInput[][], name = 'Data'): WorkbookInput => ({ sheets: [{ name, rows: input }] });

function only(diff: Awaited<ReturnType<typeof diffWorkbooks>>, name = 'Data'): SheetComparison {
  const sheet = diff.sheets.find((s) => s.name === name);
  if (!sheet) throw new Error(`No sheet ${name}`);
  return sheet;
}

describe('row and column alignment', () => {
  it('finds one inserted row at the top of a long sheet, and nothing else', async () => {
    const rows = table(1000);
    const inserted = renumber([['new first row', 1, { formula: 'B1*2', result: 2 }], ...rows]);

    const sheet = only(await compare(sheetOf(rows), sheetOf(inserted)));

    expect(sheet.changes.map((c) => [c.kind, c.range, c.summary])).toEqual([
      ['rows-inserted', '1:1', 'Row 1 inserted'],
    ]);
    expect(sheet.status).toBe('changed');
  });

  it('finds deleted rows in the middle as one change', async () => {
    const rows = table(300);
    const after = renumber([...rows.slice(0, 100), ...rows.slice(103)]);

    const sheet = only(await compare(sheetOf(rows), sheetOf(after)));

    expect(sheet.changes.map((c) => [c.kind, c.range, c.cellCount])).toEqual([
      ['rows-deleted', '101:103', 9],
    ]);
    const page = renderPage(sheet, 0);
    expect(page.rowDiff).toEqual({ inserted: [], deleted: [101, 102, 103] });
  });

  it('finds an inserted and a deleted column', async () => {
    const rows = table(50);
    // Excel rewrites the formulas (B1*2 → C1*2, A1*2) when a column moves them.
    const withColumn = rows.map((row, i) => [
      row[0],
      `note ${i}`,
      row[1],
      { formula: `C${i + 1}*2`, result: (i + 1) * 20 },
    ]);
    const withoutLabel = rows.map((row, i) => [row[1], { formula: `A${i + 1}*2`, result: (i + 1) * 20 }]);

    const added = only(await compare(sheetOf(rows), sheetOf(withColumn)));
    const removed = only(await compare(sheetOf(rows), sheetOf(withoutLabel)));

    expect(added.changes.map((c) => [c.kind, c.range])).toEqual([['columns-inserted', 'B:B']]);
    expect(renderPage(added, 0).columnDiff).toEqual({ inserted: ['B'], deleted: [] });
    expect(removed.changes.map((c) => [c.kind, c.range])).toEqual([['columns-deleted', 'A:A']]);
  });

  it('aligns a row and a column inserted at once', async () => {
    const rows = table(60);
    const after = [
      ['header', 'x', 'y', 'z'],
      ...rows.map((row, i) => [row[0], i, row[1], { formula: `C${i + 2}*2`, result: (i + 1) * 20 }]),
    ];

    const sheet = only(await compare(sheetOf(rows), sheetOf(after)));

    expect(sheet.changes.map((c) => [c.kind, c.range]).sort()).toEqual([
      ['columns-inserted', 'B:B'],
      ['rows-inserted', '1:1'],
    ]);
  });

  it('keeps an edited row one row with a changed cell', async () => {
    const rows = table(40);
    const after = rows.map((row, i) => (i === 19 ? [row[0], 999, row[2]] : row));

    const sheet = only(await compare(sheetOf(rows), sheetOf(after)));

    expect(sheet.changes.map((c) => c.summary)).toEqual(['B20: 200 → 999']);
    const cell = renderPage(sheet, 0).cellDiff[19]?.cells[1];
    expect(cell).toMatchObject({
      tag: 'tilde',
      valueChanged: true,
      old: { value: 200 },
      new: { value: 999 },
      diffIndex: 0,
    });
  });
});

describe('cell changes', () => {
  it('tells a formula-only change from a value-only change and shows both when both changed', async () => {
    const before = table(5);
    const after = table(5);
    after[0] = [after[0]?.[0] ?? null, 10, { formula: 'B1+B1', result: 20 }]; // formula only
    after[1] = [after[1]?.[0] ?? null, 20, { formula: 'B2*2', result: 41 }]; // calculated value only
    after[2] = [after[2]?.[0] ?? null, 30, { formula: 'B3*3', result: 90 }]; // both

    const cells = renderPage(only(await compare(sheetOf(before), sheetOf(after))), 0).cellDiff.map(
      (r) => r.cells[2],
    );

    expect(cells[0]).toMatchObject({ tag: 'tilde', formulaChanged: true });
    expect(cells[0]?.valueChanged).toBeUndefined();
    expect(cells[1]).toMatchObject({ tag: 'tilde', valueChanged: true });
    expect(cells[1]?.formulaChanged).toBeUndefined();
    expect(cells[2]).toMatchObject({
      tag: 'tilde',
      formulaChanged: true,
      valueChanged: true,
      old: { formula: 'B3*2', value: 60 },
      new: { formula: 'B3*3', value: 90 },
    });
  });

  it('flags a change of type, and error values compare as their text', async () => {
    const before = sheetOf([[1, 'a', { formula: '1/0', result: { error: '#DIV/0!' } }, 7]]);
    const after = sheetOf([
      [
        '1',
        'a',
        { formula: '1/0', result: { error: '#DIV/0!' } },
        { formula: '7/0', result: { error: '#DIV/0!' } },
      ],
    ]);

    const sheet = only(await compare(before, after));

    const cells = renderPage(sheet, 0).cellDiff[0]?.cells ?? [];
    expect(cells[0]).toMatchObject({
      tag: 'tilde',
      typeChanged: true,
      old: { kind: 'number' },
      new: { kind: 'string' },
    });
    expect(cells[2]).toMatchObject({ tag: 'equal', new: { kind: 'error', value: '#DIV/0!' } });
    expect(cells[3]).toMatchObject({
      tag: 'tilde',
      formulaChanged: true,
      valueChanged: true,
      typeChanged: true,
    });
  });

  it('tags cells added and removed in paired rows plus and minus', async () => {
    const sheet = only(await compare(sheetOf([[1, 2, null]]), sheetOf([[1, null, 3]])));

    const cells = renderPage(sheet, 0).cellDiff[0]?.cells ?? [];
    expect(cells.map((c) => c?.tag)).toEqual(['equal', 'minus', 'plus']);
    expect(sheet.changes).toHaveLength(2);
  });

  it('groups one formula change down a filled range into one change', async () => {
    const build = (formula: string) => async () => {
      const rows: CellInput[][] = [['rate', 0.1]];
      for (let r = 2; r <= 400; r++) rows.push([r]);
      return buildWorkbook({
        sheets: [{ name: 'Data', rows }],
        configure: (workbook) => {
          const sheet = workbook.getWorksheet('Data');
          if (sheet) sharedFormula(sheet, 'B2:B400', formula, []);
        },
      });
    };

    const diff = await diffWorkbooks(await build('$B$1')(), await build('$B$1*(1+$A2)')());

    const sheet = only(diff);
    expect(sheet.changes.map((c) => [c.kind, c.range, c.cellCount, c.summary])).toEqual([
      ['cells', 'B2:B400', 399, 'B2:B400: $B$1 → $B$1*(1+$A2)'],
    ]);
    expect(renderPage(sheet, 1).cellDiff[0]?.cells[1]).toMatchObject({
      tag: 'tilde',
      formulaChanged: true,
      diffIndex: 0,
    });
  });

  it('does not count a reference that only moved because a row was inserted, but flags it', async () => {
    const rows: CellInput[][] = [
      [1],
      [2],
      [3],
      [4],
      [
        { formula: 'SUM(A1:A4)', result: 10 },
        { formula: '$A$2*3', result: 6 },
      ],
    ];
    const after: CellInput[][] = [
      [1],
      [2],
      [2.5],
      [3],
      [4],
      [
        { formula: 'SUM(A1:A5)', result: 12.5 },
        { formula: '$A$2*3', result: 6 },
      ],
    ];

    const sheet = only(await compare(sheetOf(rows), sheetOf(after)));

    expect(sheet.changes.map((c) => c.kind)).toEqual(['rows-inserted', 'cells']);
    const total = renderPage(sheet, 0).cellDiff[5]?.cells[0];
    expect(total).toMatchObject({ tag: 'tilde', valueChanged: true, referencesShifted: true });
    expect(total?.formulaChanged).toBeUndefined();
  });

  it('counts a reference a user pointed elsewhere as a formula change', async () => {
    const rows: CellInput[][] = [[1], [2], [{ formula: 'A1*2', result: 2 }]];
    const after: CellInput[][] = [[1], [2], [{ formula: 'A2*2', result: 4 }]];

    const sheet = only(await compare(sheetOf(rows), sheetOf(after)));

    expect(sheet.changes.map((c) => c.summary)).toEqual(['A3: A1*2 → A2*2']);
  });
});

describe('files that cannot be compared', () => {
  it('says which of the two files it could not read', async () => {
    const good = await buildWorkbook(sheetOf(table(2)));

    const error = await diffWorkbooks(good, encryptedWorkbook()).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(WorkbookReadError);
    expect(error).toMatchObject({ problem: 'password-protected', side: 'new', statusCode: 422 });
  });
});

describe('sheets and defined names', () => {
  it('pairs sheets by name, finds a renamed sheet by its content, and an added and a removed one', async () => {
    const before: WorkbookInput = {
      sheets: [
        { name: 'Inputs', rows: table(30, 'input') },
        { name: 'Results', rows: table(30, 'result') },
        { name: 'Scratch', rows: [['tmp']] },
      ],
    };
    const after: WorkbookInput = {
      sheets: [
        { name: 'Inputs', rows: table(30, 'input') },
        { name: 'Outputs', rows: table(30, 'result') },
        { name: 'Notes', rows: [['hello'], ['world']] },
      ],
    };

    const overview = overviewOf(await compare(before, after));

    expect(overview.sheets.map((s) => [s.name, s.oldName, s.status, s.diffCount])).toEqual([
      ['Inputs', undefined, 'unchanged', 0],
      ['Outputs', 'Results', 'renamed', 0],
      ['Notes', undefined, 'added', 1],
      ['Scratch', undefined, 'removed', 1],
    ]);
  });

  it('follows a formula into a renamed sheet whose rows moved, and shows an added sheet as all plus', async () => {
    const before: WorkbookInput = {
      sheets: [
        { name: 'Inputs', rows: table(20, 'input') },
        { name: 'Report', rows: [[{ formula: 'Inputs!B5*2', result: 100 }]] },
      ],
    };
    const after: WorkbookInput = {
      sheets: [
        { name: 'Assumptions', rows: renumber([['new top row'], ...table(20, 'input')]) },
        { name: 'Report', rows: [[{ formula: 'Assumptions!B6*2', result: 100 }]] },
        { name: 'Extra', rows: [['a', 1]] },
      ],
    };

    const diff = await compare(before, after);

    expect(overviewOf(diff).sheets.map((s) => [s.name, s.status, s.diffCount])).toEqual([
      ['Assumptions', 'renamed', 1],
      ['Report', 'unchanged', 0],
      ['Extra', 'added', 1],
    ]);
    expect(renderPage(only(diff, 'Report'), 0).cellDiff[0]?.cells[0]).toMatchObject({
      tag: 'equal',
      referencesShifted: true,
    });
    const added = renderPage(only(diff, 'Extra'), 0);
    expect(added.cellDiff[0]).toMatchObject({ old: null, new: 1, tag: 'plus' });
    expect(added.cellDiff[0]?.cells.map((c) => c?.tag)).toEqual(['plus', 'plus']);
  });

  it('lists defined names added, removed and changed, and not one that moved with an inserted row', async () => {
    const rows = table(10);
    const before: WorkbookInput = {
      sheets: [{ name: 'Data', rows }],
      definedNames: [
        ['Data!$B$2', 'rate'],
        ['Data!$B$3', 'discount'],
        ['Data!$B$4', 'horizon'],
      ],
    };
    const after: WorkbookInput = {
      sheets: [{ name: 'Data', rows: renumber([['top'], ...rows]) }],
      definedNames: [
        ['Data!$B$3', 'rate'],
        ['Data!$B$9', 'discount'],
        ['Data!$C$1', 'uplift'],
      ],
    };

    const { definedNames } = await compare(before, after);

    expect(definedNames).toEqual([
      { name: 'discount', status: 'changed', old: 'Data!$B$3', new: 'Data!$B$9' },
      { name: 'uplift', status: 'added', new: 'Data!$C$1' },
      { name: 'horizon', status: 'removed', old: 'Data!$B$4' },
    ]);
  });

  it('says what it did not compare', async () => {
    const withFormat: WorkbookInput = {
      sheets: [{ name: 'Data', rows: table(3) }],
      configure: (workbook) =>
        workbook.getWorksheet('Data')?.addConditionalFormatting({
          ref: 'B1:B3',
          rules: [{ type: 'cellIs', operator: 'greaterThan', formulae: [15], priority: 1, style: {} }],
        }),
    };

    const { notCompared } = await compare(sheetOf(table(3)), withFormat);

    expect(notCompared).toEqual([{ kind: 'conditional-formats', old: 0, new: 1 }]);
  });
});

describe('pages', () => {
  it('serves pages of 200 aligned rows with the indexes to step between changes', async () => {
    const rows = table(650);
    const after = rows.map((row, i) => (i === 9 || i === 450 || i === 460 ? [row[0], -1, row[2]] : row));

    const diff = await compare(sheetOf(rows), sheetOf(after));
    const sheet = only(diff);
    const pages = [0, 1, 2, 3].map((p) => renderPage(sheet, p));

    expect(pages.map((p) => p.cellDiff.length)).toEqual([200, 200, 200, 50]);
    expect(pages[1]).toMatchObject({
      pageIndex: 1,
      maxPageIndex: 3,
      diffCount: 3,
      diffs: [],
      firstDiffPageIndex: 0,
      lastDiffPageIndex: 2,
      previousDiffPageIndex: 0,
      nextDiffPageIndex: 2,
      firstDiffIndexInPage: null,
      lastDiffIndexInPage: null,
    });
    expect(pages[2]).toMatchObject({
      firstDiffIndexInPage: 1,
      lastDiffIndexInPage: 2,
      nextDiffPageIndex: null,
    });
    expect(pages[2]?.cellDiff[50]).toMatchObject({ old: 451, new: 451, tag: 'tilde' });
  });

  it('stores the overview and every page as JSON that the wire schemas accept and that equals a fresh render', async () => {
    const diff = await compare(sheetOf(table(250)), sheetOf(renumber([['new'], ...table(250)])));

    const chunks = [...storedChunks(diff)];

    expect(chunks.map((c) => (c.kind === 'page' ? `${c.sheet}/${c.pageIndex}` : c.kind))).toEqual([
      'overview',
      'Data/0',
      'Data/1',
    ]);
    const [overview, , second] = chunks;
    expect(SpreadsheetDiffOverviewSchema.parse(JSON.parse(overview?.json ?? ''))).toEqual(overviewOf(diff));
    expect(SheetDiffPageSchema.parse(JSON.parse(second?.json ?? ''))).toEqual(
      JSON.parse(JSON.stringify(renderPage(only(diff), 1))),
    );
  });
});
