import { describe, expect, it } from 'vitest';
import type { ResultCell, RunResult, TableElement } from '../schemas/run-result';
import {
  changeHeadline,
  compareResults,
  formatRelativeChange,
  formatResultNumber,
  RESULT_COMPARE_LIMITS,
} from './result-changes';

/** A table as the R demo model writes it: a header row, then rows whose first cell is the label. */
function table(
  title: string | undefined,
  header: string[],
  rows: (string | number | null)[][],
): TableElement {
  const cells: ResultCell[] = header.map((value, column) => ({ row: 0, column, value, th: true }));
  for (const [i, values] of rows.entries())
    for (const [column, value] of values.entries()) cells.push({ row: i + 1, column, value });
  return { kind: 'table', cells, options: { ...(title ? { title } : {}), tableHeadTillRow: 1 } };
}

const result = (...tables: TableElement[]): RunResult => ({
  elements: [{ kind: 'section', title: 'Cost-effectiveness' }, ...tables],
});

const incremental = (icer: number, costs = 10_000) =>
  table(
    'Incremental analysis',
    ['Measure', 'Value'],
    [
      ['Incremental costs', costs],
      ['ICER (cost per QALY gained)', icer],
    ],
  );

describe('formatting of result numbers and changes', () => {
  it.each([
    [23410.57, '23,411'],
    [-1234.4, '-1,234'],
    [999.456, '999.46'],
    [12.3456, '12.35'],
    [0.123456, '0.1235'],
    [0, '0'],
  ])('formats %d as %s', (value, text) => {
    expect(formatResultNumber(value)).toBe(text);
  });

  it.each([
    [0.194, '+19%'],
    [-0.032, '-3.2%'],
    [0.0004, '+0.04%'],
    [0.00001, '0%'],
    [1.5, '+150%'],
  ])('formats the relative change %d as %s', (relative, text) => {
    expect(formatRelativeChange(relative)).toBe(text);
  });

  it.each([
    {
      label: 'ICER',
      before: 23410,
      after: 27950,
      unit: { postfix: ' $/QALY' },
      text: 'ICER 23,410 → 27,950 $/QALY, +19%',
    },
    { label: 'Costs', before: 100, after: 90, unit: { prefix: '$' }, text: 'Costs $100 → $90, -10%' },
    { label: 'Events', before: 0, after: 3, unit: {}, text: 'Events 0 → 3, from 0' },
  ])('writes the headline $text', ({ label, before, after, unit, text }) => {
    expect(changeHeadline(label, before, after, unit)).toBe(text);
  });
});

describe('compareResults', () => {
  it('finds the changed ICER of a measure table with the absolute and relative change', () => {
    const { tables, changes } = compareResults(result(incremental(23410)), result(incremental(27950)));
    expect(changes).toEqual([
      {
        table: 'Incremental analysis',
        row: 'ICER (cost per QALY gained)',
        column: 'Value',
        before: 23410,
        after: 27950,
        absolute: 4540,
        relative: 4540 / 23410,
        headline: 'ICER (cost per QALY gained) 23,410 → 27,950, +19%',
      },
    ]);
    const icerRow = tables[0]?.rows.find((r) => r.label === 'ICER (cost per QALY gained)');
    expect(icerRow?.cells.find((c) => c.column === 'Value')).toMatchObject({
      before: 23410,
      after: 27950,
      absolute: 4540,
      changed: true,
    });
    expect(tables[0]?.rows.find((r) => r.label === 'Incremental costs')?.cells[1]).toMatchObject({
      changed: false,
      absolute: 0,
      relative: 0,
    });
  });

  it('ranks the largest relative change first and changes from 0 after the others', () => {
    const before = table(
      'T',
      ['Measure', 'Value'],
      [
        ['Small', 100],
        ['Large', 100],
        ['From zero', 0],
        ['Medium', -100],
      ],
    );
    const after = table(
      'T',
      ['Measure', 'Value'],
      [
        ['Small', 101],
        ['Large', 150],
        ['From zero', 5],
        ['Medium', -120],
      ],
    );
    const { changes } = compareResults(result(before), result(after));
    expect(changes.map((c) => c.row)).toEqual(['Large', 'Medium', 'Small', 'From zero']);
    expect(changes.find((c) => c.row === 'Medium')?.relative).toBeCloseTo(-0.2);
    expect(changes.find((c) => c.row === 'From zero')?.relative).toBeUndefined();
  });

  it('matches rows by label, so a row inserted above is one added row and not a shift', () => {
    const header = ['Strategy', 'Costs', 'QALYs'];
    const before = table('Per strategy', header, [
      ['Standard care', 1000, 5],
      ['New treatment', 2000, 6],
    ]);
    const after = table('Per strategy', header, [
      ['Best supportive care', 500, 4],
      ['Standard care', 1000, 5],
      ['New treatment', 2200, 6],
    ]);
    const { tables, changes } = compareResults(result(before), result(after));
    expect(tables[0]?.rows.map((r) => [r.label, r.status])).toEqual([
      ['Best supportive care', 'added'],
      ['Standard care', 'both'],
      ['New treatment', 'both'],
    ]);
    expect(changes.map((c) => c.headline)).toEqual(['New treatment · Costs 2,000 → 2,200, +10%']);
  });

  it('matches columns by header, so a reordered or added column changes nothing else', () => {
    const before = table('T', ['Strategy', 'Costs', 'QALYs'], [['A', 10, 1]]);
    const after = table('T', ['Strategy', 'QALYs', 'Life years', 'Costs'], [['A', 1, 7, 10]]);
    const { tables, changes } = compareResults(result(before), result(after));
    expect(changes).toEqual([]);
    expect(tables[0]?.columns).toEqual(['Strategy', 'QALYs', 'Life years', 'Costs']);
    expect(tables[0]?.rows[0]?.cells.find((c) => c.column === 'Life years')).toEqual({
      column: 'Life years',
      after: 7,
      changed: true,
    });
  });

  it.each([
    {
      name: 'a table only in the after result is added',
      before: result(incremental(1)),
      after: result(incremental(1), table('New', ['Measure', 'Value'], [['x', 1]])),
      statuses: [
        ['Incremental analysis', 'both'],
        ['New', 'added'],
      ],
    },
    {
      name: 'a table only in the before result is removed',
      before: result(table('Old', ['Measure', 'Value'], [['x', 1]]), incremental(1)),
      after: result(incremental(1)),
      statuses: [
        ['Incremental analysis', 'both'],
        ['Old', 'removed'],
      ],
    },
    {
      name: 'untitled tables pair by their order',
      before: result(table(undefined, ['M', 'V'], [['x', 1]]), table(undefined, ['M', 'V'], [['y', 1]])),
      after: result(table(undefined, ['M', 'V'], [['x', 2]]), table(undefined, ['M', 'V'], [['y', 1]])),
      statuses: [
        ['Table 1', 'both'],
        ['Table 2', 'both'],
      ],
    },
  ])('$name', ({ before, after, statuses }) => {
    const { tables } = compareResults(before, after);
    expect(tables.map((t) => [t.title, t.status])).toEqual(statuses);
  });

  it('counts a cell that changed from a number to text as changed without a numeric change', () => {
    const before = table('T', ['Measure', 'Value'], [['ICER', 1000]]);
    const after = table('T', ['Measure', 'Value'], [['ICER', 'Dominant']]);
    const { tables, changes } = compareResults(result(before), result(after));
    expect(changes).toEqual([]);
    expect(tables[0]?.rows[0]?.cells[1]).toEqual({
      column: 'Value',
      before: 1000,
      after: 'Dominant',
      changed: true,
    });
  });

  it('labels unlabelled rows by position and repeated labels by occurrence', () => {
    const before = table(
      'T',
      ['Measure', 'Value'],
      [
        ['Total', 1],
        ['Total', 2],
        [3, 3],
      ],
    );
    const after = table(
      'T',
      ['Measure', 'Value'],
      [
        ['Total', 1],
        ['Total', 4],
        [3, 3],
      ],
    );
    const { tables, changes } = compareResults(result(before), result(after));
    expect(tables[0]?.rows.map((r) => r.label)).toEqual(['Total', 'Total (2)', 'Row 4']);
    expect(changes.map((c) => c.row)).toEqual(['Total (2)']);
  });

  it('puts the unit of the value cell into the headline', () => {
    const withUnit = (value: number): TableElement => ({
      kind: 'table',
      cells: [
        { row: 0, column: 0, value: 'ICER', th: true },
        { row: 0, column: 1, value: 'Value', th: true },
        { row: 1, column: 0, value: 'ICER' },
        { row: 1, column: 1, value, valuePostfix: ' $/QALY' },
      ],
    });
    const { changes } = compareResults(result(withUnit(23410)), result(withUnit(27950)));
    expect(changes[0]?.headline).toBe('ICER 23,410 → 27,950 $/QALY, +19%');
  });

  it('names a table too large to compare without comparing its cells', () => {
    const rows = Array.from({ length: RESULT_COMPARE_LIMITS.tableCells / 2 }, (_, i) => [`r${i}`, i]);
    const big = table('Trace', ['Cycle', 'Value'], rows);
    const { tables, changes } = compareResults(result(big), result(big));
    expect(tables[0]).toMatchObject({ title: 'Trace', tooLarge: true, rows: [] });
    expect(changes).toEqual([]);
  });
});
