import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encryptedWorkbook, legacyXlsWorkbook } from '../../../testing/workbooks';
import { diffWorkbooks } from './diff-workbooks';
import { WorkbookReadError } from './errors';
import { DEFAULT_READ_LIMITS, readWorkbook } from './read-workbook';

/**
 * Legacy .xls workbooks, converted to .xlsx before the comparison (legacy-xls.ts). The fixtures are
 * real BIFF8 files written by LibreOffice Calc ('MS Excel 97' filter) from two workbooks: Inputs
 * (B2 discount rate 0.03 → 0.035) and Results (B1 formula Inputs!B4*(1-Inputs!B2) → …*2, B2 text
 * 'old text' → 'new text'), with the defined name Rate = Inputs!$B$2 in both.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const BEFORE = fixture('cea-before.xls');
const AFTER = fixture('cea-after.xls');

describe('legacy .xls workbooks', () => {
  it('reads the sheets, values, formulas and defined names of an .xls', async () => {
    // The fixture is an OLE compound file, not a zip: the reader converts it first.
    expect([...BEFORE.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const workbook = await readWorkbook(BEFORE);
    expect(workbook.sheets.map((s) => s.name)).toEqual(['Inputs', 'Results']);
    expect(workbook.definedNames).toEqual([
      expect.objectContaining({ name: 'Rate', formula: 'Inputs!$B$2' }),
    ]);
  });

  it('finds exactly the value, formula and text changes between two .xls versions', async () => {
    const diff = await diffWorkbooks(BEFORE, AFTER);
    const changes = (name: string) => diff.sheets.find((s) => s.name === name)?.changes.map((c) => c.summary);
    expect(changes('Inputs')).toEqual(['B2: 0.03 → 0.035']);
    expect(changes('Results')).toEqual([
      'B1: Inputs!B4*(1-Inputs!B2) → Inputs!B4*(1-Inputs!B2)*2',
      'B2: "old text" → "new text"',
    ]);
    // The defined name Rate is the same in both: no name change is listed.
    expect(diff.definedNames).toEqual([]);
  });

  it('finds no change between an .xls and itself', async () => {
    const diff = await diffWorkbooks(AFTER, AFTER);
    expect(diff.sheets.flatMap((s) => s.changes)).toEqual([]);
  });

  it('refuses a damaged .xls and a password-protected workbook with their messages', async () => {
    const damaged = await readWorkbook(legacyXlsWorkbook()).catch((e: unknown) => e);
    expect(damaged).toBeInstanceOf(WorkbookReadError);
    expect((damaged as WorkbookReadError).problem).toBe('corrupt');
    const locked = await readWorkbook(encryptedWorkbook()).catch((e: unknown) => e);
    expect((locked as WorkbookReadError).problem).toBe('password-protected');
  });

  it('refuses an .xls above the size it may convert in memory, with what to do instead', async () => {
    const error = await readWorkbook(BEFORE, { ...DEFAULT_READ_LIMITS, maxCompoundBytes: 1024 * 1024 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeUndefined(); // the fixture (a few KB) is under 1 MB
    const tooLarge = await readWorkbook(BEFORE, {
      ...DEFAULT_READ_LIMITS,
      maxCompoundBytes: BEFORE.length - 1,
    }).catch((e: unknown) => e);
    expect(tooLarge).toBeInstanceOf(WorkbookReadError);
    expect((tooLarge as WorkbookReadError).problem).toBe('compound-too-large');
    expect((tooLarge as WorkbookReadError).message).toMatch(
      /\.xls\) or with a password, and is larger than 0 MB.*Save it as \.xlsx/,
    );
  });
});
