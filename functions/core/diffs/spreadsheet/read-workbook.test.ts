import { Readable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildWorkbook,
  emptyStyledCellsWorkbook,
  encryptedWorkbook,
  legacyXlsWorkbook,
  rawWorkbook,
  sharedFormula,
  zipBombWorkbook,
} from '../../../testing/workbooks';
import { WorkbookReadError } from './errors';
import { DEFAULT_READ_LIMITS, readWorkbook } from './read-workbook';

async function problemOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkbookReadError);
  return error as WorkbookReadError;
}

describe('readWorkbook', () => {
  it('reads values with their types, error values as text, sheets in order and defined names', async () => {
    const file = await buildWorkbook({
      sheets: [
        {
          name: 'Inputs',
          rows: [
            ['rate', 0.05, true],
            ['ratio', { formula: '1/0', result: { error: '#DIV/0!' } }, { error: '#N/A' }],
            ['serial', 45000, 'text'],
          ],
        },
        { name: 'Calc', rows: [[1]] },
      ],
      definedNames: [['Inputs!$B$1', 'rate']],
    });

    const book = await readWorkbook(file);

    expect(book.sheets.map((s) => s.name)).toEqual(['Inputs', 'Calc']);
    const [first, second, third] = book.sheets[0]?.rows ?? [];
    expect(first).toEqual([
      { kind: 'string', value: 'rate' },
      { kind: 'number', value: 0.05 },
      { kind: 'boolean', value: true },
    ]);
    expect(second?.[1]).toEqual({ kind: 'error', value: '#DIV/0!', formula: '1/0' });
    expect(second?.[2]).toEqual({ kind: 'error', value: '#N/A' });
    expect(third?.[1]).toEqual({ kind: 'number', value: 45000 });
    expect(book.definedNames).toEqual([{ name: 'rate', formula: 'Inputs!$B$1' }]);
  });

  it('expands a shared formula for every cell of its range', async () => {
    const file = await buildWorkbook({
      sheets: [{ name: 'Calc', rows: [[1], [2], [3]] }],
      configure: (workbook) => {
        const sheet = workbook.getWorksheet('Calc');
        if (sheet) sharedFormula(sheet, 'B1:B3', 'A1*$A$1', [1, 2, 3]);
      },
    });

    const rows = (await readWorkbook(file)).sheets[0]?.rows ?? [];

    expect(rows.map((row) => row?.[1]?.formula)).toEqual(['A1*$A$1', 'A2*$A$1', 'A3*$A$1']);
  });

  it('reads inline strings, shared strings, array formulas on each cell of their range, and skips empty styled cells', async () => {
    const file = rawWorkbook(
      [
        {
          name: 'Sheet1',
          sheetData:
            '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>inline</t></is></c><c r="C1" s="4"/></row>' +
            '<row r="2"><c r="A2"><f t="array" ref="A2:A3">B5:B6*2</f><v>4</v></c></row><row r="3"><c r="A3"><v>6</v></c></row>',
        },
      ],
      ['shared'],
    );

    const sheet = (await readWorkbook(file)).sheets[0];

    expect(sheet?.rows[0]).toEqual([
      { kind: 'string', value: 'shared' },
      { kind: 'string', value: 'inline' },
    ]);
    expect(sheet?.rows[2]?.[0]).toEqual({
      kind: 'number',
      value: 6,
      formula: 'B5:B6*2',
      arrayRange: 'A2:A3',
    });
    expect(sheet?.columnCount).toBe(2);
  });

  it('reads a stream the same as a buffer', async () => {
    const file = await buildWorkbook({ sheets: [{ name: 'S', rows: [['a', 1]] }] });

    const fromStream = await readWorkbook(Readable.from([file.subarray(0, 100), file.subarray(100)]));

    expect(fromStream).toEqual(await readWorkbook(file));
  });

  it('keeps a million empty styled cells out of memory and reads the one filled cell', async () => {
    const book = await readWorkbook(emptyStyledCellsWorkbook(1_000_000));

    expect(book.sheets[0]?.rows).toEqual([[{ kind: 'number', value: 1 }]]);
  });

  it('refuses a workbook with more filled cells than the limit', async () => {
    const file = await buildWorkbook({
      sheets: [
        {
          name: 'S',
          rows: [
            [1, 2, 3],
            [4, 5, 6],
          ],
        },
      ],
    });

    const error = await problemOf(readWorkbook(file, { ...DEFAULT_READ_LIMITS, maxCells: 5 }));

    expect(error.problem).toBe('too-many-cells');
    expect(error.message).toBe('This workbook has more than 5 filled cells, more than can be compared.');
    expect(error.statusCode).toBe(422);
  });

  it('stops a zip bomb by its inflate ratio before inflating it all', async () => {
    const error = await problemOf(
      readWorkbook(zipBombWorkbook(16), { ...DEFAULT_READ_LIMITS, ratioGraceBytes: 1024 * 1024 }),
    );

    expect(error.problem).toBe('zip-bomb');
    expect(error.message).toContain('possible zip bomb');
  });

  it('stops at the total inflated size', async () => {
    const file = await buildWorkbook({ sheets: [{ name: 'S', rows: [['a'.repeat(5000)]] }] });

    const error = await problemOf(readWorkbook(file, { ...DEFAULT_READ_LIMITS, maxUncompressedBytes: 4000 }));

    expect(error.problem).toBe('zip-bomb');
  });

  it('says a password-protected workbook must be unlocked first', async () => {
    const error = await problemOf(readWorkbook(encryptedWorkbook()));

    expect(error.problem).toBe('password-protected');
    expect(error.message).toContain('password-protected');
  });

  it('converts an .xls first, and calls one whose records are garbage damaged (legacy-xls.test.ts reads real ones)', async () => {
    const error = await problemOf(readWorkbook(legacyXlsWorkbook()));

    expect(error.problem).toBe('corrupt');
  });

  it.each([
    [
      'a truncated workbook',
      async () => (await buildWorkbook({ sheets: [{ name: 'S', rows: [[1]] }] })).subarray(0, 2000),
    ],
    ['a zip without a workbook', async () => zipSync({ 'readme.txt': strToU8('not a workbook') })],
    ['a PDF', async () => Buffer.from('%PDF-1.7 not a workbook')],
    ['an empty file', async () => Buffer.alloc(0)],
  ])('calls %s damaged', async (_name, make) => {
    const error = await problemOf(readWorkbook(await make()));

    expect(error.problem).toBe('corrupt');
    expect(error.message).toMatch(/^This file cannot be read as an Excel workbook/);
  });
});
