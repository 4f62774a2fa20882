import { UnprocessableError } from '../../../lib/errors';

/**
 * Why a workbook's VBA project could not be read. The spreadsheet diff keeps the reason with the
 * stored result so the Macros tab can say what went wrong instead of failing the whole comparison.
 */
export type VbaProjectErrorReason =
  /** The .xlsm is not a readable zip archive. */
  | 'corrupt-workbook'
  /** xl/vbaProject.bin is not a readable compound file, or lacks the VBA storage's streams. */
  | 'corrupt-container'
  /** The VBA/dir stream (the project's table of modules) is malformed. */
  | 'corrupt-dir'
  /** A module stream is missing or its compressed source is malformed. */
  | 'corrupt-module'
  /** A declared or decompressed size is over our limits (a zip or decompression bomb). */
  | 'too-large';

/** A VBA project that cannot be read: a 422 with a stable reason, never a crash or a hang. */
export class VbaProjectError extends UnprocessableError {
  constructor(
    readonly reason: VbaProjectErrorReason,
    message: string,
  ) {
    super(message);
  }
}
