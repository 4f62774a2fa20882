/**
 * The export texts of spec 001 §8, word for word, and the error that carries one of them to the
 * export dialog. Where each one is raised:
 * - 'Nothing to export.': the result has no element to write.
 * - 'Canceled': the user cancelled the export (its AbortSignal fired) between two elements.
 * - 'Undefined or wrong chart type': a chart element of a kind no writer knows.
 * - 'Image load failed. No valid dimensions.': a chart picture supplied by the screen without a usable
 *   width and height, or whose bytes are no PNG/SVG.
 * - 'Table is not rendered.': a table element with no cell to lay out.
 * - 'Fetching font has failed.': the PDF's font could not be loaded.
 */
export const EXPORT_MESSAGES = {
  nothingToExport: 'Nothing to export.',
  canceled: 'Canceled',
  wrongChartType: 'Undefined or wrong chart type',
  imageLoadFailed: 'Image load failed. No valid dimensions.',
  tableNotRendered: 'Table is not rendered.',
  fontFetchFailed: 'Fetching font has failed.',
} as const;
export type ExportMessage = (typeof EXPORT_MESSAGES)[keyof typeof EXPORT_MESSAGES];

/** An export that stopped for a reason the user is told in the spec's words. */
export class ExportError extends Error {
  override readonly name = 'ExportError';
  constructor(
    override readonly message: ExportMessage,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Throws 'Canceled' once the signal has fired; the writers call it between elements. */
export function throwIfCanceled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportError(EXPORT_MESSAGES.canceled);
}
