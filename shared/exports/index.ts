import { writePdf } from './pdf';
import { writePptx } from './pptx';
import type { ExportFormat, ExportInput } from './types';
import { writeXlsx } from './xlsx';

/**
 * Result exports (issue 19 §2): one RunResult, with its title and provenance, into Excel, PowerPoint
 * or PDF, in the browser and in Node alike. Each writer loads its library (exceljs, pptxgenjs,
 * jspdf + svg2pdf.js) with a dynamic import when it runs, so importing this module costs a page
 * nothing. docs/visualization-exports.md describes what each file contains.
 */
export { EXPORT_MESSAGES, ExportError, type ExportMessage } from './messages';
export {
  type ChartPicture,
  EXPORT_FILE_NAMES,
  EXPORT_MIME_TYPES,
  type ExportFormat,
  type ExportInput,
  type ExportProvenance,
  type ScenarioProvenance,
} from './types';

const WRITERS: Record<ExportFormat, (input: ExportInput) => Promise<Uint8Array>> = {
  xlsx: writeXlsx,
  pptx: writePptx,
  pdf: writePdf,
};

/** The file's bytes; throws ExportError with a spec 001 §8 text when it cannot be written. */
export function exportResult(format: ExportFormat, input: ExportInput): Promise<Uint8Array> {
  return WRITERS[format](input);
}
