import type { VbaModuleSource } from '../../../functions/core/diffs/vba/vba-project';
import {
  buildXlsm,
  SCENARIO_CLASS_MODULE,
  THIS_WORKBOOK_MODULE,
  vbaSource,
  type XlsmSheet,
  type XlsmSpec,
} from '../../../functions/testing/vba-fixtures';

/**
 * Macro-enabled demo workbooks (.xlsm) whose VBA really differs between the versions of a lineage,
 * so the Macros tab of a comparison has something to show: a changed formula, a module added and
 * one removed, and the editor's own re-capitalisation and Attribute lines (hidden by default).
 *
 * `buildXlsm` writes the sheets with exceljs and the VBA project with our own writer
 * (functions/core/diffs/vba); see docs/versions.md, "Macros".
 */
export { buildXlsm, type XlsmSheet, type XlsmSpec };

export const XLSM_TYPE = 'application/vnd.ms-excel.sheet.macroEnabled.12';

export type DemoMacroVersion = 1 | 2 | 3;

function discounting(version: DemoMacroVersion): VbaModuleSource {
  // Version 2 moves to mid-year discounting (a real change) and, as the VBA editor does when
  // someone types `ICER` once, re-capitalises every use of the name (a cosmetic change).
  const icer = version === 1 ? 'Icer' : 'ICER';
  const exponent = version === 1 ? 't' : '(t - 0.5)';
  const lines = [
    'Option Explicit',
    '',
    "' Discount factor for a cost or outcome in year t.",
    'Public Function DiscountFactor(ByVal rate As Double, ByVal t As Long) As Double',
    ...(version === 1 ? [] : ['Attribute DiscountFactor.VB_Description = "Mid-year convention"']),
    `    DiscountFactor = 1 / (1 + rate) ^ ${exponent}`,
    'End Function',
    '',
    `Public Function ${icer}(ByVal dCost As Double, ByVal dQaly As Double) As Variant`,
    '    If dQaly = 0 Then',
    `        ${icer} = CVErr(xlErrDiv0)`,
    '    Else',
    `        ${icer} = dCost / dQaly`,
    '    End If',
    'End Function',
    '',
  ];
  return {
    name: 'Discounting',
    kind: 'standard',
    code: vbaSource('Discounting', 'standard', lines.join('\n')),
  };
}

function reporting(version: DemoMacroVersion): VbaModuleSource {
  const lines = [
    'Option Explicit',
    '',
    'Public Sub ExportResults()',
    '    Dim target As Worksheet',
    '    Set target = ThisWorkbook.Worksheets("Results")',
    version === 1
      ? '    target.Range("A1").Value = "Results"'
      : '    target.Range("A1").Value = "Results (mid-year)"',
    '    target.Calculate',
    'End Sub',
    '',
  ];
  return { name: 'Reporting', kind: 'standard', code: vbaSource('Reporting', 'standard', lines.join('\n')) };
}

/** A one-off helper of version 1 that version 3 no longer carries. */
const LEGACY_MODULE: VbaModuleSource = {
  name: 'LegacyImport',
  kind: 'standard',
  code: vbaSource(
    'LegacyImport',
    'standard',
    [
      'Option Explicit',
      '',
      'Public Sub ImportCsv()',
      '    MsgBox "Use Data > From Text instead."',
      'End Sub',
      '',
    ].join('\n'),
  ),
};

/**
 * The VBA modules of the demo workbook in a given version:
 * 1. ThisWorkbook, Discounting, Reporting, LegacyImport;
 * 2. Discounting and Reporting changed (mid-year discounting), plus cosmetic edits;
 * 3. as 2, with the class module Scenario added and LegacyImport removed.
 */
export function demoMacroModules(version: DemoMacroVersion): VbaModuleSource[] {
  const modules = [THIS_WORKBOOK_MODULE, discounting(version), reporting(version)];
  if (version < 3) modules.push(LEGACY_MODULE);
  else modules.push(SCENARIO_CLASS_MODULE);
  return modules;
}

/** The bytes of the demo .xlsm in a given version, with the caller's sheets. */
export function buildDemoXlsm(version: DemoMacroVersion, sheets: XlsmSheet[]): Promise<Uint8Array> {
  return buildXlsm({ sheets, modules: demoMacroModules(version) });
}
