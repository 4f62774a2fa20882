import { SUBMODEL_LIMITS } from './limits';
import { SUBMODEL_MESSAGES } from './messages';

/**
 * The parameter file widget (spec 001 §5): a file uploaded as a FILE parameter's value. At most
 * 1,048,576 bytes (and no more than the parameter's own size in MB), with one of the extensions below
 * in either case. Checked in this order: present, extension, size.
 */
export const PARAMETER_FILE_EXTENSIONS = [
  'xls',
  'xlsx',
  'csv',
  'tsv',
  'mtp',
  'json',
  'txt',
  'm',
  'wl',
  'wls',
  'rdata',
  'rda',
  'sas7bdat',
  'stx',
  'xpt',
  'dta',
  'por',
  'sav',
  'zsav',
] as const;

/** The `accept` attribute of the file input. */
export const PARAMETER_FILE_ACCEPT = PARAMETER_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Largest accepted size in bytes for a FILE parameter of `sizeMb` (default 1; never above 1 MB). */
export function parameterFileMaxBytes(sizeMb: number = SUBMODEL_LIMITS.fileParameterSizeMb.default): number {
  const bytes = Math.floor(sizeMb * SUBMODEL_LIMITS.parameterFileBytes);
  return Math.min(bytes > 0 ? bytes : SUBMODEL_LIMITS.parameterFileBytes, SUBMODEL_LIMITS.parameterFileBytes);
}

export function hasParameterFileExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return false;
  return (PARAMETER_FILE_EXTENSIONS as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}

/** The problem with a file chosen for a parameter, or undefined when it may be uploaded. */
export function parameterFileProblem(
  file: { name: string; size: number } | undefined | null,
  sizeMb?: number,
): string | undefined {
  if (!file) return SUBMODEL_MESSAGES.fileRequired;
  if (!hasParameterFileExtension(file.name))
    return SUBMODEL_MESSAGES.fileExtensionUnsupported(PARAMETER_FILE_EXTENSIONS);
  if (file.size > parameterFileMaxBytes(sizeMb)) return SUBMODEL_MESSAGES.fileTooLarge;
  return undefined;
}

/**
 * The help-file picker of a FILE parameter definition (§5): the files of the entry tagged 'Help File';
 * with none, the dialog shows the spec's text instead of a list.
 */
export function helpFilesEmptyText(helpFiles: readonly unknown[]): string | undefined {
  return helpFiles.length === 0 ? SUBMODEL_MESSAGES.noHelpFiles : undefined;
}
