/**
 * The exports of step 3 (issue 19 §2), as the flow page uses them: `useResultExport(source)` gives
 * `open('xlsx' | 'pptx' | 'pdf')` for Export Excel, Export PPT and Export PDF, `print` for Print,
 * `canExport`, and the `dialog` to render once (idle → downloading → exporting, cancellable). The files
 * themselves are written by shared/exports (docs/visualization-exports.md); importing this module
 * loads none of the export libraries, and importing it brings in the print stylesheet.
 */
export {
  downloadBytes,
  EXPORT_LABELS,
  EXPORT_RENDER_WAIT_MS,
  type ExportPhase,
  type ResultExportSource,
  useResultExport,
} from './export-dialog';
