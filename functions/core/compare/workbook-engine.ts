import type { WorkbookDiffer } from './workbook-differ';

/**
 * The spreadsheet diff engine behind the WorkbookDiffer port. The engine (functions/core/diffs/
 * spreadsheet, functions/core/diffs/vba) is being built at the same time as these routes; until its
 * entry point exists this adapter reports a fault, which the store keeps for a few minutes only
 * (workbook-diffs.ts), so that nothing wrong is cached for good.
 */
export const ENGINE_MISSING = 'The spreadsheet diff engine is not available in this build.';

export const workbookDiffer: WorkbookDiffer = {
  async diff() {
    throw new Error(ENGINE_MISSING);
  },
};
