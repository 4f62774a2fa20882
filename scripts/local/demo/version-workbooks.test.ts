import { describe, expect, it, vi } from 'vitest';
import { diffWorkbooks, type WorkbookDiff } from '../../../functions/core/diffs/spreadsheet/diff-workbooks';
import { ceaWorkbook } from './version-workbooks';

/** What Compare lists for a pair: each sheet's status and changes, and the defined names. */
function overview(diff: WorkbookDiff) {
  return {
    sheets: diff.sheets.map((s) => ({
      name: s.name,
      status: s.status,
      changes: s.changes.map((c) => c.summary),
    })),
    definedNames: diff.definedNames,
  };
}

describe('the Melanoma lineage cost-effectiveness workbook', () => {
  it('changes each kind of thing the issue lists between consecutive versions', async () => {
    const [v1, v2, v3] = await Promise.all(
      ([1, 2, 3] as const).map(async (v) => Buffer.from(await ceaWorkbook(v))),
    );

    // 1.1 → 2.0: values, a formula, an inserted row and an inserted column.
    expect(overview(await diffWorkbooks(v1 as Buffer, v2 as Buffer))).toEqual({
      sheets: [
        {
          name: 'Parameters',
          status: 'changed',
          changes: ['B2: 0.05 → 0.035', 'B3: 20 → 40', 'Row 5 inserted'],
        },
        { name: 'Markov trace', status: 'changed', changes: ['Column B inserted'] },
        {
          name: 'Results',
          status: 'changed',
          changes: [
            'B2: 184250 → 201900',
            'C2: 4.62 → 5.08',
            'D2: 6.05 → 6.71',
            'B3: 396800 → 431600',
            'C3: 6.11 → 6.83',
            'D3: 7.94 → 8.92',
            'B5: (B3-B2)/(C3-C2) → IF(C3=C2,NA(),(B3-B2)/(C3-C2))',
          ],
        },
      ],
      // DrugCost moved down with the inserted row: not a change.
      definedNames: [],
    });

    // 2.0 → 2.1: a renamed and an added sheet, a changed and an added defined name.
    expect(overview(await diffWorkbooks(v2 as Buffer, v3 as Buffer))).toEqual({
      sheets: [
        { name: 'Inputs', status: 'renamed', changes: ['Rows 9:10 inserted'] },
        { name: 'Markov trace', status: 'unchanged', changes: [] },
        { name: 'Results', status: 'changed', changes: ['B3: 431600 → 451400', 'B5: 131257 → 142571'] },
        { name: 'Scenarios', status: 'added', changes: ['Rows 1:5 inserted'] },
      ],
      definedNames: [
        { name: 'DrugCost', status: 'changed', old: 'Parameters!$B$6', new: 'Inputs!$B$10' },
        { name: 'Wastage', status: 'added', new: 'Inputs!$B$9' },
      ],
    });
  });

  it('is the same bytes each time a state is built, at any time (the seed may build it again)', async () => {
    // Zip writers stamp each part with the time (to 2 s) unless told otherwise: build at two times.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
      const a = await ceaWorkbook(2);
      vi.setSystemTime(new Date('2026-07-15T16:30:07Z'));
      const b = await ceaWorkbook(2);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
