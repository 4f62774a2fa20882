import { describe, expect, it } from 'vitest';
import { type TableElement, TableElementSchema } from '../schemas/run-result';
import { cellText, formatCellValue, toTableModel } from './table-model';

const table = (element: unknown): TableElement => TableElementSchema.parse(element);

describe('toTableModel', () => {
  it('places cells by row and column, with head rows, title, caption and footnotes', () => {
    const model = toTableModel(
      table({
        kind: 'table',
        options: { title: 'Results', caption: 'Discounted', tableHeadTillRow: 1, footnotes: ['a', 'b'] },
        cells: [
          { row: 1, column: 1, value: 41250.5, valuePrefix: '$' },
          { row: 0, column: 1, value: 'Costs', th: true, align: 'center' },
          { row: 0, column: 0, value: 'Arm', th: true },
          { row: 1, column: 0, value: 'Comparator', indent: 2 },
        ],
      }),
    );
    expect(model).toMatchObject({
      title: 'Results',
      caption: 'Discounted',
      footnotes: ['a', 'b'],
      rowCount: 2,
      columnCount: 2,
      headRowCount: 1,
      merges: [],
    });
    expect(model.rows[0]?.map((c) => [c.text, c.th, c.align])).toEqual([
      ['Arm', true, 'left'],
      ['Costs', true, 'center'],
    ]);
    expect(model.rows[1]?.map((c) => [c.text, c.align, c.indent])).toEqual([
      ['Comparator', 'left', 2],
      ['$41,250.5', 'right', 0],
    ]);
  });

  it('resolves colSpan and rowSpan into merges and drops cells under a span', () => {
    const model = toTableModel(
      table({
        kind: 'table',
        cells: [
          { row: 0, column: 0, value: 'Arm', rowSpan: 2 },
          { row: 0, column: 1, value: 'Outcomes', colSpan: 2 },
          { row: 0, column: 2, value: 'hidden' },
          { row: 1, column: 0, value: 'hidden too' },
          { row: 1, column: 1, value: 'Costs' },
          { row: 1, column: 2, value: 'QALYs' },
        ],
      }),
    );
    expect(model.merges).toEqual([
      { row: 0, column: 0, rowSpan: 2, colSpan: 1 },
      { row: 0, column: 1, rowSpan: 1, colSpan: 2 },
    ]);
    expect(model.coveredCellCount).toBe(2);
    expect(model.rows[1]?.map((c) => c.text)).toEqual(['Costs', 'QALYs']);
    expect(model.columnCount).toBe(3);
  });

  it('counts a span past the last cell in the size of the table and caps the head at the row count', () => {
    const model = toTableModel(
      table({
        kind: 'table',
        options: { tableHeadTillRow: 9 },
        cells: [{ row: 0, column: 0, value: 'Total', colSpan: 4, rowSpan: 2 }],
      }),
    );
    expect([model.rowCount, model.columnCount, model.headRowCount]).toEqual([2, 4, 2]);
  });

  it('builds a 200,000-cell table', () => {
    const cells = Array.from({ length: 200_000 }, (_, i) => ({
      row: Math.floor(i / 10),
      column: i % 10,
      value: i,
    }));
    const model = toTableModel(table({ kind: 'table', cells }));
    expect(model.rowCount).toBe(20_000);
    expect(model.rows[19_999]?.[9]?.text).toBe('199,999');
  });
});

describe('cell text', () => {
  it('formats numbers with every decimal, booleans as Yes/No, null as blank', () => {
    expect(formatCellValue(1234567.125)).toBe('1,234,567.125');
    expect(formatCellValue(-0.5)).toBe('-0.5');
    expect(formatCellValue(-1234)).toBe('-1,234');
    expect(formatCellValue(999)).toBe('999');
    expect(formatCellValue(1e-7)).toBe('0.0000001');
    expect(formatCellValue(true)).toBe('Yes');
    expect(formatCellValue(null)).toBe('');
  });

  it('puts prefix and postfix around the value, and nothing around a blank', () => {
    expect(cellText({ value: 21536.14, valuePrefix: '$', valuePostfix: ' per QALY' })).toBe(
      '$21,536.14 per QALY',
    );
    expect(cellText({ value: null, valuePrefix: '$' })).toBe('');
  });
});
