import type { FileSourceMode } from '../schemas/source-control';

/** The extensions 000 §2 calls spreadsheet files (the clone flow accepts .xls and .xlsx; .xlsm has macros). */
const SPREADSHEET = /\.(xls|xlsx|xlsm)$/i;

/**
 * 000 §4 file source mode: the source-control service when repository metadata exists (project and
 * repository both named); otherwise local upload when spreadsheet files exist; otherwise none.
 */
export function fileSourceMode(
  metadata: { readonly bitbucket_project?: string; readonly bitbucket_repository?: string },
  fileNames: readonly string[],
): FileSourceMode {
  if (metadata.bitbucket_project?.trim() && metadata.bitbucket_repository?.trim()) return 'source-control';
  return fileNames.some((name) => SPREADSHEET.test(name)) ? 'local-upload' : 'none';
}
