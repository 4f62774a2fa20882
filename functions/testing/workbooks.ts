import * as CFB from 'cfb';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';

/**
 * Crafted workbooks for the spreadsheet-diff tests (issue 18 §4). `buildWorkbook` writes real xlsx
 * files with exceljs, as Excel would store them; `rawWorkbook` zips hand-written sheet XML for what
 * exceljs cannot write (inline strings, array formulas as Excel stores them, a million empty styled
 * cells); the others build the files a user might wrongly upload.
 */

/** A cell as exceljs takes it: a value, `{ formula, result }`, `{ error }`, or null for an empty cell. */
export type CellInput = ExcelJS.CellValue;

export interface SheetInput {
  name: string;
  /** Row by row from A1. */
  rows: CellInput[][];
}

export interface WorkbookInput {
  sheets: SheetInput[];
  /** [A1 location with sheet, name], e.g. ['Inputs!$B$1', 'rate']. */
  definedNames?: [string, string][];
  /** Anything else on the exceljs workbook (shared formulas, conditional formats, styles). */
  configure?: (workbook: ExcelJS.Workbook) => void;
}

export async function buildWorkbook(input: WorkbookInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of input.sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    sheet.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        if (value !== null && value !== undefined) worksheet.getCell(r + 1, c + 1).value = value;
      });
    });
  }
  for (const [location, name] of input.definedNames ?? []) workbook.definedNames.add(location, name);
  input.configure?.(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A shared formula as Excel stores it: the master cell carries the text and the range, the others
 * only point at the master (exceljs writes `<f t="shared" si=".."/>` for them).
 */
export function sharedFormula(
  worksheet: ExcelJS.Worksheet,
  range: string,
  formula: string,
  results: (number | string)[],
) {
  const [first = '', last = first] = range.split(':');
  const from = worksheet.getCell(first);
  const to = worksheet.getCell(last);
  let i = 0;
  for (let r = Number(from.row); r <= Number(to.row); r++) {
    for (let c = Number(from.col); c <= Number(to.col); c++, i++) {
      // exceljs reads `shareType` and `ref` on a master cell though its types do not declare them.
      worksheet.getCell(r, c).value =
        i === 0
          ? ({ formula, result: results[i], shareType: 'shared', ref: range } as ExcelJS.CellFormulaValue)
          : { sharedFormula: first, result: results[i] };
    }
  }
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`;

/** A minimal package around hand-written `<sheetData>` contents (and optional shared strings). */
export function rawWorkbook(
  sheets: { name: string; sheetData: string }[],
  sharedStrings: string[] = [],
  level: 1 | 9 = 9,
): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
        .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('')}</Relationships>`,
    ),
  };
  sheets.forEach((s, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(
      `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${s.sheetData}</sheetData></worksheet>`,
    );
  });
  if (sharedStrings.length > 0)
    files['xl/sharedStrings.xml'] = strToU8(
      `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sharedStrings
        .map((s) => `<si><t>${s}</t></si>`)
        .join('')}</sst>`,
    );
  return zipSync(files, { level });
}

/** `count` empty cells that carry only a style (Excel writes these for a formatted but empty range), plus A1 = 1. */
export function emptyStyledCellsWorkbook(count: number, columns = 100): Uint8Array {
  const parts: string[] = ['<row r="1"><c r="A1"><v>1</v></c></row>'];
  for (let r = 2, left = count; left > 0; r++) {
    const cells: string[] = [];
    for (let c = 0; c < columns && left > 0; c++, left--) cells.push(`<c r="${colName(c + 1)}${r}" s="1"/>`);
    parts.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  // Level 1: building the fixture at level 9 takes seconds; the reader's work is the same.
  return rawWorkbook([{ name: 'Sheet1', sheetData: parts.join('') }], [], 1);
}

function colName(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** A small zip whose one sheet inflates to `megabytes` MB of whitespace: a zip bomb's shape. */
export function zipBombWorkbook(megabytes: number): Uint8Array {
  const filler = ' '.repeat(megabytes * 1024 * 1024);
  return rawWorkbook([{ name: 'Sheet1', sheetData: `<row r="1"><c r="A1"><v>1</v></c></row>${filler}` }]);
}

/** What Excel saves for a workbook with a password to open: an OLE container with the encrypted package. */
export function encryptedWorkbook(): Buffer {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
  CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(4096, 7));
  return CFB.write(container, { type: 'buffer' }) as Buffer;
}

/** The container of an Excel 97-2003 workbook (.xls): a `Workbook` stream in an OLE file. */
export function legacyXlsWorkbook(): Buffer {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/Workbook', Buffer.alloc(4096, 9));
  return CFB.write(container, { type: 'buffer' }) as Buffer;
}
