import * as XLSX from '@e965/xlsx';
import { workbookErrors } from './errors';

/**
 * Excel 97-2003 workbooks (.xls: BIFF8 records in a CFB container) are compared by converting them to
 * .xlsx first (issue 18 §4 "xls converted first"; docs/spreadsheet-diff.md): SheetJS CE 0.20.3
 * (@e965/xlsx, Apache-2.0; the registry's `xlsx` 0.18.5 has unfixed CVEs) reads the records (values,
 * formulas as A1 text, sheet names, defined names) and writes them as an .xlsx, which the streaming
 * reader then reads as any other workbook, so both sides of a comparison go through one reader.
 *
 * What BIFF keeps outside cells is not carried: formats, charts, pivot tables, and the VBA project
 * (an .xls keeps it in a `_VBA_PROJECT_CUR` storage, not in vbaProject.bin), so an .xls compares
 * cells, formulas and defined names only. The conversion holds the workbook in memory: its input is
 * bounded by the reader's limits (the compound file is collected under `maxUncompressedBytes`), and
 * the cell limit applies to the converted workbook.
 */
export function convertLegacyXls(bytes: Uint8Array): Uint8Array {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), {
      type: 'buffer',
      cellFormula: true,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
      sheetStubs: false,
    });
  } catch (error) {
    // An .xls saved with 'Password to open' is RC4-encrypted record by record (FILEPASS).
    if (error instanceof Error && /password|encrypt/i.test(error.message))
      throw workbookErrors.passwordProtected();
    throw workbookErrors.corrupt();
  }
  try {
    return new Uint8Array(
      XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer,
    );
  } catch {
    // A container whose records hold no sheet ('Workbook is empty').
    throw workbookErrors.corrupt();
  }
}
