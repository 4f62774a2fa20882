import ExcelJS from 'exceljs';
import { addVbaProjectToWorkbook } from '../core/diffs/vba/extract-vba-modules';
import { type VbaModuleSource, writeVbaProject } from '../core/diffs/vba/vba-project';

/**
 * Macro-enabled workbooks built from module texts, for tests and the demo: exceljs writes the sheets,
 * our own writer the vbaProject.bin (MS-OVBA compression, the CFB container through `cfb`), and the
 * package is amended to an .xlsm. Every byte comes from code in this repository, so no third-party
 * workbook with its licence questions is needed.
 */

export interface XlsmSheet {
  name: string;
  /** Rows from A1 down; a `{ formula, result }` cell writes a formula with its cached value. */
  rows: ExcelJS.CellValue[][];
}

export interface XlsmSpec {
  sheets: XlsmSheet[];
  modules: VbaModuleSource[];
}

/** The bytes of an .xlsm with the given sheets and VBA modules. */
export async function buildXlsm({ sheets, modules }: XlsmSpec): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
  return addVbaProjectToWorkbook(xlsx, writeVbaProject(modules));
}

/** VBA source as the VBA editor exports it: Attribute header, then the code. */
export function vbaSource(name: string, kind: VbaModuleSource['kind'], body: string): string {
  const header =
    kind === 'standard'
      ? [`Attribute VB_Name = "${name}"`]
      : [
          `Attribute VB_Name = "${name}"`,
          `Attribute VB_Base = "${kind === 'document' ? '0{00020819-0000-0000-C000-000000000046}' : '0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}'}"`,
          'Attribute VB_GlobalNameSpace = False',
          `Attribute VB_Creatable = ${kind === 'document' ? 'False' : 'False'}`,
          `Attribute VB_PredeclaredId = ${kind === 'document' ? 'True' : 'False'}`,
          'Attribute VB_Exposed = True',
          'Attribute VB_TemplateDerived = False',
          'Attribute VB_Customizable = True',
        ];
  return `${header.join('\n')}\n${body}`;
}

/** A small cost-effectiveness helper module, the kind of code HTA workbooks carry. */
export const DISCOUNTING_MODULE: VbaModuleSource = {
  name: 'Discounting',
  kind: 'standard',
  code: vbaSource(
    'Discounting',
    'standard',
    [
      'Option Explicit',
      '',
      "' Discount factor for a cost or outcome in year t (start-of-year convention).",
      'Public Function DiscountFactor(ByVal rate As Double, ByVal t As Long) As Double',
      '    DiscountFactor = 1 / (1 + rate) ^ t',
      'End Function',
      '',
      'Public Function Icer(ByVal dCost As Double, ByVal dQaly As Double) As Variant',
      '    If dQaly = 0 Then',
      '        Icer = CVErr(xlErrDiv0)',
      '    Else',
      '        Icer = dCost / dQaly',
      '    End If',
      'End Function',
      '',
    ].join('\n'),
  ),
};

export const THIS_WORKBOOK_MODULE: VbaModuleSource = {
  name: 'ThisWorkbook',
  kind: 'document',
  code: vbaSource(
    'ThisWorkbook',
    'document',
    ['Option Explicit', '', 'Private Sub Workbook_Open()', '    Application.Calculate', 'End Sub', ''].join(
      '\n',
    ),
  ),
};

export const SCENARIO_CLASS_MODULE: VbaModuleSource = {
  name: 'Scenario',
  kind: 'class',
  code: vbaSource(
    'Scenario',
    'class',
    [
      'Option Explicit',
      '',
      'Public Name As String',
      'Public Horizon As Long',
      '',
      'Public Function Label() As String',
      '    Label = Name & " (" & Horizon & " years)"',
      'End Function',
      '',
    ].join('\n'),
  ),
};
