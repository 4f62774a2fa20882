import type { Readable } from 'node:stream';
import type { MacroModuleDiff } from '@shared/diffs/macros';
import { diffWorkbooks } from '../diffs/spreadsheet/diff-workbooks';
import { maxPageIndex, overviewOf, renderPage } from '../diffs/spreadsheet/pages';
import { diffVbaModules, toMacroSummary } from '../diffs/vba/diff-vba-modules';
import { extractVbaModules, type VbaModule } from '../diffs/vba/extract-vba-modules';
import { VbaProjectError } from '../diffs/vba/vba-project-error';
import { extensionOf } from './file-kinds';
import type { WorkbookDiffer, WorkbookSource } from './workbook-differ';

/**
 * The spreadsheet diff engine (functions/core/diffs/spreadsheet, docs/spreadsheet-diff.md) and the
 * VBA module diff (functions/core/diffs/vba) behind the WorkbookDiffer port:
 * - the sheets: diffWorkbooks reads each body as a stream, one after the other; pages are rendered one
 *   at a time as the store writes them away (renderPage), so memory holds the comparison and one page;
 * - the macros: only a macro-enabled workbook (.xlsm) has a VBA project; the project is unzipped from
 *   the whole body (extractVbaModules), and the modules are compared by name. A project that cannot
 *   be read does not cost the sheets' comparison: the overview says why in `macrosError`, and the
 *   Macros tab shows it. Every other refusal (a damaged, protected or oversized workbook) is the
 *   engine's UnprocessableError, which the store keeps.
 */
async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function modulesOf(source: WorkbookSource): Promise<VbaModule[]> {
  if (extensionOf(source.name) !== 'xlsm') return [];
  return extractVbaModules(await bytesOf(await source.open()));
}

export const workbookDiffer: WorkbookDiffer = {
  async diff(before, after) {
    const comparison = await diffWorkbooks(await before.open(), await after.open());
    let modules: MacroModuleDiff[] = [];
    let macrosError: string | undefined;
    try {
      modules = diffVbaModules(await modulesOf(before), await modulesOf(after));
    } catch (error) {
      if (!(error instanceof VbaProjectError)) throw error;
      macrosError = error.message;
    }
    return {
      overview: { ...overviewOf(comparison), ...(macrosError ? { macrosError } : {}) },
      sheetPages: comparison.sheets.map(
        (sheet) =>
          function* () {
            for (let page = 0; page <= maxPageIndex(sheet); page++) yield renderPage(sheet, page);
          },
      ),
      macros: modules.map((module) => ({ summary: toMacroSummary(module), diff: async () => module })),
    };
  },
};
