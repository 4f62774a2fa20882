import { describe, expect, it } from 'vitest';
import {
  columnLetters,
  columnNumber,
  formulaShape,
  mapReferences,
  type ReferenceMap,
  sheetPrefix,
  shiftFormula,
  toR1C1,
} from './references';

describe('column letters', () => {
  it.each([
    [1, 'A'],
    [26, 'Z'],
    [27, 'AA'],
    [702, 'ZZ'],
    [703, 'AAA'],
    [16384, 'XFD'],
  ])('column %i is %s and back', (n, letters) => {
    expect(columnLetters(n)).toBe(letters);
    expect(columnNumber(letters)).toBe(n);
  });
});

describe('toR1C1', () => {
  it.each([
    ['A1*2', 2, 2, 'R[-1]C[-1]*2'],
    ['$A$1+B2', 2, 2, 'R1C1+RC'],
    ['SUM(A1:A10)', 11, 1, 'SUM(R[-10]C:R[-1]C)'],
    ["'My sheet'!B3+Inputs!$C5", 5, 2, "'My sheet'!R[-2]C+Inputs!RC3"],
    ['SUM(A:A)+SUM(3:3)', 1, 2, 'SUM(C[-1]:C[-1])+SUM(R[2]:R[2])'],
  ])('%s at R%iC%i reads %s', (formula, row, col, expected) => {
    expect(toR1C1(formula, row, col)).toBe(expected);
  });

  it('leaves strings, function names, defined names and structured references alone', () => {
    expect(toR1C1('IF(A1="B2",LOG10(C3),rate*Table1[A1])', 1, 1)).toBe(
      'IF(RC="B2",LOG10(R[2]C[2]),rate*Table1[A1])',
    );
  });

  it('gives the same text for a formula filled down a column', () => {
    expect(toR1C1('B2*rate', 2, 3)).toBe(toR1C1('B400*rate', 400, 3));
  });
});

describe('shiftFormula (shared formula expansion)', () => {
  it('moves relative parts and keeps absolute ones', () => {
    expect(shiftFormula('A1*$B$1+A$1+$A1', 3, 1)).toBe('B4*$B$1+B$1+$A4');
  });

  it('turns a reference pushed off the sheet into #REF!', () => {
    expect(shiftFormula('A2+Inputs!B1', -1, 0)).toBe('A1+Inputs!#REF!');
  });
});

describe('mapReferences', () => {
  // One row inserted at row 3 of the current sheet; sheet 'Old' renamed to 'New sheet'.
  const map: ReferenceMap = {
    row: (sheet, row) => (sheet === null || sheet === 'Old' ? (row >= 3 ? row + 1 : row) : row),
    col: (_sheet, col) => col,
    renamed: (sheet) => (sheet === 'Old' ? 'New sheet' : undefined),
  };

  it('moves references with the rows they point at', () => {
    expect(mapReferences('SUM(A1:A10)+$B$5', map)).toBe('SUM(A1:A11)+$B$6');
  });

  it('follows a renamed sheet', () => {
    expect(mapReferences('Old!A4*2', map)).toBe("'New sheet'!A5*2");
  });

  it('answers null when a referenced row is gone', () => {
    expect(mapReferences('A7', { row: (_s, r) => (r === 7 ? null : r), col: (_s, c) => c })).toBeNull();
  });
});

describe('formulaShape and sheetPrefix', () => {
  it('replaces every reference, so shifted copies share one shape', () => {
    expect(formulaShape('SUM(A1:A9)*Inputs!$B$2')).toBe(formulaShape('SUM(A2:A10)*Inputs!$B$3'));
  });

  it('quotes sheet names that need it', () => {
    expect(sheetPrefix('Inputs')).toBe('Inputs!');
    expect(sheetPrefix("Bob's data")).toBe("'Bob''s data'!");
    expect(sheetPrefix('AB12')).toBe("'AB12'!");
  });
});
