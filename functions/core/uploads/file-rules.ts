/**
 * Rules for file names, folder paths and what may be added to a published entry (000 §5: "On a
 * published model the main file cannot be replaced and files with the model language's extensions
 * cannot be added or replaced").
 *
 * The model language's extensions: the spec does not list them. Our definition: the languages of an
 * entry are the languages of its current main files (by extension), plus Python when a Python
 * environment is set and Mathematica when a Mathematica environment is set; when none can be told,
 * every language below counts. A file whose extension belongs to one of these languages is refused.
 */
export const LANGUAGE_EXTENSIONS: Record<string, readonly string[]> = {
  Python: ['.py', '.ipynb', '.pyx'],
  R: ['.r', '.rmd', '.rds', '.rdata'],
  Mathematica: ['.m', '.nb', '.wl', '.wls', '.mx'],
  'Excel VBA': ['.xlsm', '.xlsb', '.xltm', '.bas', '.cls', '.frm'],
  TreeAge: ['.trex', '.tre'],
  SAS: ['.sas'],
  Stata: ['.do', '.ado'],
};

export const FILE_MESSAGES = {
  mainFileOnPublished: (name: string) =>
    `${name}: the main model file of a published model entry cannot be replaced.`,
  newMainFileOnPublished: (name: string) =>
    `${name}: a published model entry cannot get a new main model file.`,
  languageOnPublished: (name: string, language: string) =>
    `${name}: ${language} files cannot be added to or replaced in a published model entry.`,
  badName: (name: string) =>
    `'${name}' is not an allowed file name: use a plain name without '/', '\\', control characters, or '.'/'..'.`,
  badPath: (path: string) =>
    `'${path}' is not an allowed folder path: use names separated by '/', without '..', '\\' or a leading '/'.`,
  tooLarge: (name: string, size: number, max: number) =>
    `${name} is too large (${formatBytes(size)}): the largest allowed file is ${formatBytes(max)}.`,
  extensionNotAllowed: (name: string) => `${name}: files of this type are not accepted.`,
} as const;

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0
    ? `${bytes} bytes`
    : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL = /[\u0000-\u001f\u007f]/;

export function isValidFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name === name.trim() &&
    name !== '.' &&
    name !== '..' &&
    !/[/\\]/.test(name) &&
    !CONTROL.test(name)
  );
}

/** '' is the root; otherwise '/'-separated valid names. */
export function isValidFolderPath(path: string): boolean {
  if (path === '') return true;
  return path.length <= 1000 && path.split('/').every(isValidFileName);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export function languageOf(name: string): string | undefined {
  const ext = extensionOf(name);
  return Object.entries(LANGUAGE_EXTENSIONS).find(([, exts]) => exts.includes(ext))?.[0];
}

export function modelLanguages(input: {
  mainFileNames: readonly string[];
  pythonEnvironment?: string;
  mathematicaEnvironment?: string;
}): Set<string> {
  const languages = new Set<string>();
  for (const name of input.mainFileNames) {
    const lang = languageOf(name);
    if (lang) languages.add(lang);
  }
  if (input.pythonEnvironment) languages.add('Python');
  if (input.mathematicaEnvironment) languages.add('Mathematica');
  return languages.size > 0 ? languages : new Set(Object.keys(LANGUAGE_EXTENSIONS));
}

export interface IncomingFile {
  name: string;
  path: string;
  mainFile?: boolean;
}
export interface ExistingFile extends IncomingFile {
  mainFile: boolean;
}

/** Problems of adding `incoming` files to a PUBLISHED entry (empty list: allowed). */
export function publishedFileProblems(input: {
  incoming: readonly IncomingFile[];
  existing: readonly ExistingFile[];
  languages: ReadonlySet<string>;
}): string[] {
  const problems: string[] = [];
  const at = (f: IncomingFile) => `${f.path}/${f.name}`;
  const existingByPath = new Map(input.existing.map((f) => [at(f), f]));
  for (const f of input.incoming) {
    const replaced = existingByPath.get(at(f));
    if (replaced?.mainFile) problems.push(FILE_MESSAGES.mainFileOnPublished(f.name));
    else if (f.mainFile) problems.push(FILE_MESSAGES.newMainFileOnPublished(f.name));
    const lang = languageOf(f.name);
    if (lang && input.languages.has(lang)) problems.push(FILE_MESSAGES.languageOnPublished(f.name, lang));
  }
  return problems;
}
