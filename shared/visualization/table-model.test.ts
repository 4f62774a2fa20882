import { describe, expect, it } from 'vitest';
import { type TableElement, TableElementSchema } from '../schemas/run-result';
import { cellText, formatCellValue, toTableLayout, toTableModel } from './table-model';

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

  it('gives the same model whatever order the cells come in', () => {
    const ordered = [
      { row: 0, column: 0, value: 'Arm', th: true },
      { row: 0, column: 1, value: 'Costs', th: true, colSpan: 2 },
      { row: 1, column: 0, value: 'New', rowSpan: 2 },
      { row: 1, column: 1, value: 1200 },
      { row: 1, column: 2, value: 3.5, valuePostfix: '%' },
      { row: 2, column: 0, value: 'covered' },
      { row: 2, column: 1, value: -0.25 },
    ];
    const shuffled = [ordered[4], ordered[0], ordered[6], ordered[2], ordered[5], ordered[1], ordered[3]];
    const fromOrdered = toTableModel(table({ kind: 'table', cells: ordered }));
    expect(toTableModel(table({ kind: 'table', cells: shuffled }))).toEqual(fromOrdered);
    expect(fromOrdered.coveredCellCount).toBe(1);
    expect(fromOrdered.rows[1]?.map((c) => c.text)).toEqual(['New', '1,200', '3.5%']);
    // Reading order within a row counts too: a later column first is sorted.
    const swapped = toTableModel(
      table({ kind: 'table', cells: [ordered[1], ordered[0], ordered[3], ordered[2], ordered[4]] }),
    );
    expect(swapped.rows[0]?.map((c) => c.column)).toEqual([0, 1]);
    expect(swapped.rows[1]?.map((c) => c.column)).toEqual([0, 1, 2]);
  });
});

describe('toTableLayout', () => {
  const element = table({
    kind: 'table',
    options: { title: 'Spans', tableHeadTillRow: 1 },
    cells: [
      { row: 2, column: 1, value: 'under the span' },
      { row: 0, column: 0, value: 'Arm', th: true, colSpan: 2 },
      { row: 1, column: 0, value: 'New', rowSpan: 2 },
      { row: 1, column: 1, value: 1234.5, valuePrefix: '£' },
      { row: 2, column: 0, value: 'covered' },
      { row: 4, column: 1, value: true },
    ],
  });

  it('reads every row, and everything else, exactly as toTableModel', () => {
    const { row, ...layout } = toTableLayout(element);
    const { rows, ...model } = toTableModel(element);
    expect(layout).toEqual(model);
    expect(Array.from({ length: layout.rowCount }, (_, index) => row(index))).toEqual(rows);
    expect(row(3)).toEqual([]);
    expect(row(99)).toEqual([]);
  });

  it('builds a row once, when it is first asked for', () => {
    const layout = toTableLayout(element);
    const first = layout.row(1);
    expect(first.map((c) => c.text)).toEqual(['New', '£1,234.5']);
    expect(layout.row(1)).toBe(first);
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

  it('groups thousands of every kind of number as en-US grouping of its shortest text does', () => {
    // The rule, written plainly: the shortest round-trip text, its whole part grouped by three.
    const reference = (value: number) => {
      const plain = String(value);
      if (plain.includes('e'))
        return new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 }).format(value);
      const [whole = '', fraction] = plain.split('.');
      const sign = whole.startsWith('-') ? '-' : '';
      const grouped = whole.slice(sign.length).replace(/\B(?=(\d{3})+$)/g, ',');
      return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
    };
    const samples = [0, -0, 1, -1, 12, 999, -999, 1000, -1000, 1001, 12345, 999999, 1e6, -1234567.89];
    for (let i = 0; i < 2000; i += 1) {
      const magnitude = 10 ** ((i % 25) - 8);
      samples.push((Math.sin(i) * magnitude) / 3, Math.round(Math.cos(i) * magnitude));
    }
    samples.push(1e21, -2.5e-7, Number.MAX_SAFE_INTEGER);
    for (const value of samples) expect(formatCellValue(value), String(value)).toBe(reference(value));
  });

  it('puts prefix and postfix around the value, and nothing around a blank', () => {
    expect(cellText({ value: 21536.14, valuePrefix: '$', valuePostfix: ' per QALY' })).toBe(
      '$21,536.14 per QALY',
    );
    expect(cellText({ value: null, valuePrefix: '$' })).toBe('');
  });
});
