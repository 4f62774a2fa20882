import { describe, expect, it } from 'vitest';
import { diffVbaModules, toMacroSummary } from '../../../functions/core/diffs/vba/diff-vba-modules';
import { extractVbaModules } from '../../../functions/core/diffs/vba/extract-vba-modules';
import { buildDemoXlsm, demoMacroModules } from './xlsm';

const SHEETS = [{ name: 'Results', rows: [['ICER', { formula: 'B2/B3', result: 23410 }]] }];

describe('demo .xlsm versions', () => {
  it('carry exactly the modules of their version', async () => {
    const modules = await extractVbaModules(await buildDemoXlsm(1, SHEETS));
    expect(modules.map(({ name, kind, code }) => ({ name, kind, code }))).toEqual(demoMacroModules(1));
  });

  it('differ from one version to the next as the Macros tab should show', async () => {
    const [v1, v2, v3] = await Promise.all(
      ([1, 2, 3] as const).map(async (version) => extractVbaModules(await buildDemoXlsm(version, SHEETS))),
    );

    expect(diffVbaModules(v1 ?? [], v2 ?? []).map(toMacroSummary)).toEqual([
      {
        name: 'ThisWorkbook',
        kind: 'document',
        status: 'unchanged',
        linesAdded: 0,
        linesRemoved: 0,
        cosmeticLines: 0,
      },
      // The exponent line is the real change; Icer → ICER (three lines) and a new Attribute are cosmetic.
      {
        name: 'Discounting',
        kind: 'standard',
        status: 'changed',
        linesAdded: 1,
        linesRemoved: 1,
        cosmeticLines: 7,
      },
      {
        name: 'LegacyImport',
        kind: 'standard',
        status: 'unchanged',
        linesAdded: 0,
        linesRemoved: 0,
        cosmeticLines: 0,
      },
      {
        name: 'Reporting',
        kind: 'standard',
        status: 'changed',
        linesAdded: 1,
        linesRemoved: 1,
        cosmeticLines: 0,
      },
    ]);
    expect(
      diffVbaModules(v2 ?? [], v3 ?? [])
        .filter((diff) => diff.status !== 'unchanged')
        .map(({ name, status }) => ({ name, status })),
    ).toEqual([
      { name: 'LegacyImport', status: 'removed' },
      { name: 'Scenario', status: 'added' },
    ]);
  });
});
