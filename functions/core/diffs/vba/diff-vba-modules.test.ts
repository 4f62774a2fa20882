import { MacroModuleDiffSchema, MacroSummarySchema, visibleMacroLines } from '@shared/diffs/macros';
import { describe, expect, it } from 'vitest';
import { buildXlsm, DISCOUNTING_MODULE, THIS_WORKBOOK_MODULE } from '../../../testing/vba-fixtures';
import {
  diffModuleLines,
  diffVbaModules,
  isAttributeLine,
  letterCaseKey,
  toMacroSummary,
} from './diff-vba-modules';
import { extractVbaModules } from './extract-vba-modules';
import type { VbaModule } from './vba-project';

function module(name: string, code: string, kind: VbaModule['kind'] = 'standard'): VbaModule {
  return { name, kind, code };
}

describe('letterCaseKey', () => {
  it('folds the case of code but keeps string literals and comments as written', () => {
    expect(letterCaseKey('Dim Total As Double')).toBe(letterCaseKey('dim total as double'));
    expect(letterCaseKey('MsgBox "Hello"')).not.toBe(letterCaseKey('MsgBox "HELLO"'));
    expect(letterCaseKey("x = 1 ' Rate")).not.toBe(letterCaseKey("x = 1 ' rate"));
    expect(letterCaseKey('s = "it""s" & Name')).toBe(letterCaseKey('S = "it""s" & name'));
    expect(letterCaseKey(`MsgBox "it's" & Name ' Done`)).toBe(`msgbox "it's" & name ' Done`);
    expect(letterCaseKey('x = "unclosed Text')).toBe('x = "unclosed Text');
    expect(letterCaseKey('Rem Note')).toBe(letterCaseKey('REM Note'));
    expect(letterCaseKey('Rem Note')).not.toBe(letterCaseKey('Rem note'));
  });
});

describe('isAttributeLine', () => {
  it.each([
    ['Attribute VB_Name = "Module1"', true],
    ['Attribute Value.VB_UserMemId = 0', true],
    ['  attribute vb_exposed = True', true],
    ['Dim Attribute As Long', false],
    ["' Attribute VB_Name is set by the editor", false],
  ])('%s → %s', (line, expected) => {
    expect(isAttributeLine(line)).toBe(expected);
  });
});

describe('diffModuleLines', () => {
  it('aligns an inserted line and numbers lines of both versions', () => {
    const lines = diffModuleLines('a = 1\nb = 2\n', 'a = 1\nc = 3\nb = 2\n');
    expect(lines).toEqual([
      { tag: 'equal', text: 'a = 1', line1: 1, line2: 1 },
      { tag: 'plus', text: 'c = 3', line2: 2 },
      { tag: 'equal', text: 'b = 2', line1: 2, line2: 3 },
    ]);
  });

  it('flags a letter-case-only change as a cosmetic minus and plus pair', () => {
    const lines = diffModuleLines('Dim total As Double\n', 'Dim Total As Double\n');
    expect(lines).toEqual([
      { tag: 'minus', text: 'Dim total As Double', line1: 1, cosmetic: 'letter-case' },
      { tag: 'plus', text: 'Dim Total As Double', line2: 1, cosmetic: 'letter-case' },
    ]);
  });

  it('treats a case change inside a string literal as a real change', () => {
    const lines = diffModuleLines('MsgBox "Done"\n', 'MsgBox "DONE"\n');
    expect(lines.map((line) => [line.tag, line.cosmetic])).toEqual([
      ['minus', undefined],
      ['plus', undefined],
    ]);
  });

  it('flags added and removed Attribute lines as cosmetic', () => {
    const lines = diffModuleLines(
      'Attribute VB_Name = "M"\nSub A()\nEnd Sub\n',
      'Attribute VB_Name = "M"\nSub A()\nAttribute A.VB_Description = "Runs A"\nEnd Sub\n',
    );
    expect(lines[2]).toEqual({
      tag: 'plus',
      text: 'Attribute A.VB_Description = "Runs A"',
      line2: 3,
      cosmetic: 'attribute',
    });
  });

  it('shows two unrelated long modules as rewritten once the edit limit is passed', () => {
    const before = Array.from({ length: 50 }, (_, i) => `x${i} = ${i}`).join('\n');
    const after = Array.from({ length: 50 }, (_, i) => `y${i} = ${i}`).join('\n');
    const lines = diffModuleLines(before, after, 10);
    expect(lines.map((line) => line.tag)).toEqual([...Array(50).fill('minus'), ...Array(50).fill('plus')]);
  });
});

describe('diffVbaModules', () => {
  const base = [
    module('ThisWorkbook', 'Private Sub Workbook_Open()\nEnd Sub\n', 'document'),
    module('Discounting', 'Public Function Df(r As Double)\n    Df = 1 / (1 + r)\nEnd Function\n'),
    module('Legacy', 'Sub Old()\nEnd Sub\n'),
    module('Formatting', 'Sub Fmt()\n    Dim cell As Range\nEnd Sub\n'),
  ];
  const next = [
    module('ThisWorkbook', 'Private Sub Workbook_Open()\nEnd Sub\n', 'document'),
    module('discounting', 'Public Function Df(r As Double)\n    Df = 1 / (1 + r) ^ 0.5\nEnd Function\n'),
    module('Formatting', 'Sub Fmt()\n    Dim Cell As Range\nEnd Sub\n'),
    module('Scenario', 'Public Name As String\n', 'class'),
  ];

  it('gives every module of either version a status, in the VBA editor order', () => {
    const summaries = diffVbaModules(base, next).map(toMacroSummary);
    expect(summaries).toEqual([
      {
        name: 'ThisWorkbook',
        kind: 'document',
        status: 'unchanged',
        linesAdded: 0,
        linesRemoved: 0,
        cosmeticLines: 0,
      },
      {
        name: 'discounting',
        kind: 'standard',
        status: 'changed',
        linesAdded: 1,
        linesRemoved: 1,
        cosmeticLines: 0,
      },
      {
        name: 'Formatting',
        kind: 'standard',
        status: 'unchanged',
        linesAdded: 0,
        linesRemoved: 0,
        cosmeticLines: 2,
      },
      {
        name: 'Legacy',
        kind: 'standard',
        status: 'removed',
        linesAdded: 0,
        linesRemoved: 2,
        cosmeticLines: 0,
      },
      { name: 'Scenario', kind: 'class', status: 'added', linesAdded: 1, linesRemoved: 0, cosmeticLines: 0 },
    ]);
  });

  it('calls a module changed only by letter case changed when cosmetic changes are shown', () => {
    const formatting = diffVbaModules(base, next, { showCosmetic: true }).find(
      (d) => d.name === 'Formatting',
    );
    expect(formatting?.status).toBe('changed');
    expect(formatting?.cosmeticLines).toBe(2);
  });

  it('hides cosmetic lines by showing the second version as unchanged text', () => {
    const formatting = diffVbaModules(base, next).find((d) => d.name === 'Formatting');
    const lines = formatting?.lines ?? [];

    expect(visibleMacroLines(lines, false).map((line) => [line.tag, line.text])).toEqual([
      ['equal', 'Sub Fmt()'],
      ['equal', '    Dim Cell As Range'],
      ['equal', 'End Sub'],
    ]);
    expect(visibleMacroLines(lines, true)).toBe(lines);
  });

  it('compares the macros of two built workbooks end to end', async () => {
    const edited = {
      ...DISCOUNTING_MODULE,
      code: DISCOUNTING_MODULE.code
        .replace('DiscountFactor = 1 / (1 + rate) ^ t', 'DiscountFactor = 1 / (1 + rate) ^ (t - 0.5)')
        .replace('Public Function Icer', 'Public Function ICER'),
    };
    const [v1, v2] = await Promise.all([
      buildXlsm({
        sheets: [{ name: 'Inputs', rows: [[1]] }],
        modules: [THIS_WORKBOOK_MODULE, DISCOUNTING_MODULE],
      }),
      buildXlsm({ sheets: [{ name: 'Inputs', rows: [[1]] }], modules: [THIS_WORKBOOK_MODULE, edited] }),
    ]);

    const diffs = diffVbaModules(await extractVbaModules(v1), await extractVbaModules(v2));

    const discounting = diffs.find((d) => d.name === 'Discounting');
    expect(discounting).toMatchObject({
      status: 'changed',
      linesAdded: 1,
      linesRemoved: 1,
      cosmeticLines: 2,
    });
    expect(discounting?.lines.filter((line) => line.tag !== 'equal' && !line.cosmetic)).toEqual([
      expect.objectContaining({ tag: 'minus', text: '    DiscountFactor = 1 / (1 + rate) ^ t' }),
      expect.objectContaining({ tag: 'plus', text: '    DiscountFactor = 1 / (1 + rate) ^ (t - 0.5)' }),
    ]);
    expect(diffs.find((d) => d.name === 'ThisWorkbook')?.status).toBe('unchanged');
    // What the routes send is exactly what the shared wire schemas accept.
    for (const diff of diffs) {
      expect(MacroModuleDiffSchema.parse(diff)).toEqual(diff);
      expect(MacroSummarySchema.parse(toMacroSummary(diff))).toEqual(toMacroSummary(diff));
    }
  });
});
