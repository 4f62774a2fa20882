import { SUB_MODEL_LIMITS } from './limits';
import { DESIGNED_MESSAGES, SUB_MODEL_MESSAGES } from './messages';

/**
 * The parameter file widget (spec 001 §5): a file uploaded as a FILE parameter's value. At most
 * 1,048,576 bytes (and no more than the parameter's own size in MB), with one of the extensions below
 * in either case, under a plain file name (parameterFileNameProblem).
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
export function parameterFileMaxBytes(sizeMb: number = SUB_MODEL_LIMITS.fileParameterSizeMb.default): number {
  const bytes = Math.floor(sizeMb * SUB_MODEL_LIMITS.parameterFileBytes);
  return Math.min(
    bytes > 0 ? bytes : SUB_MODEL_LIMITS.parameterFileBytes,
    SUB_MODEL_LIMITS.parameterFileBytes,
  );
}

export function hasParameterFileExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return false;
  return (PARAMETER_FILE_EXTENSIONS as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}

/**
 * The ids the app issues for parameter files (a ULID per upload ticket, functions/core/instances/
 * parameter-files.ts): a stored value must carry one of these, nothing that could name another key.
 */
const PARAMETER_FILE_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const isParameterFileId = (id: unknown): id is string =>
  typeof id === 'string' && PARAMETER_FILE_ID.test(id);

/** The longest parameter file name (most file systems' limit for one name). */
export const PARAMETER_FILE_NAME_MAX = 255;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const UNSAFE_NAME_CHARACTERS = /[/\\<>:"|?*\u0000-\u001f\u007f-\u009f]/;

/**
 * The problem with a parameter file's name, or undefined (issue 16 §2): the runner writes the file
 * under this name in the model's parameter directory, so it must be one plain name on every file
 * system: no path separator, no `..`, no control character, none of `< > : " | ? *`, at most 255
 * characters.
 */
export function parameterFileNameProblem(name: string): string | undefined {
  if (name.length > PARAMETER_FILE_NAME_MAX)
    return DESIGNED_MESSAGES.fileNameTooLong(PARAMETER_FILE_NAME_MAX);
  if (UNSAFE_NAME_CHARACTERS.test(name) || name.includes('..')) return DESIGNED_MESSAGES.fileNameUnsafe;
  return undefined;
}

/**
 * The problem with a file chosen for a parameter, or undefined when it may be uploaded. Checked in
 * this order: present, name, extension, size.
 */
export function parameterFileProblem(
  file: { name: string; size: number } | undefined | null,
  sizeMb?: number,
): string | undefined {
  if (!file) return SUB_MODEL_MESSAGES.fileRequired;
  const nameProblem = parameterFileNameProblem(file.name);
  if (nameProblem) return nameProblem;
  if (!hasParameterFileExtension(file.name))
    return SUB_MODEL_MESSAGES.fileExtensionUnsupported(PARAMETER_FILE_EXTENSIONS);
  if (file.size > parameterFileMaxBytes(sizeMb)) return SUB_MODEL_MESSAGES.fileTooLarge;
  return undefined;
}

/**
 * The help-file picker of a FILE parameter definition (§5): the files of the entry tagged 'Help File';
 * with none, the dialog shows the spec's text instead of a list.
 */
export function helpFilesEmptyText(helpFiles: readonly unknown[]): string | undefined {
  return helpFiles.length === 0 ? SUB_MODEL_MESSAGES.noHelpFiles : undefined;
}
