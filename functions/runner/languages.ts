import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { RunnableLanguage } from '@shared/schemas/run-result';

/**
 * How each language's model is started and how its runtime reports its version. The interpreters are
 * Debian's (`/usr/bin/...`, packages in scripts/local/install-runner-deps.sh and the runner images),
 * never whatever `python3` comes first on someone's PATH: the reproducibility record names them.
 */
export interface RuntimePaths {
  python: string;
  rscript: string;
  r: string;
  soffice: string;
  /** The Python that has LibreOffice's `uno` module (Debian's python3-uno). */
  unoPython: string;
}

export const DEFAULT_RUNTIMES: RuntimePaths = {
  python: '/usr/bin/python3',
  rscript: '/usr/bin/Rscript',
  r: '/usr/bin/R',
  soffice: '/usr/bin/soffice',
  unoPython: '/usr/bin/python3',
};

/**
 * The LibreOffice driver. Beside this module in the source tree and beside the bundled entrypoint in
 * the image (functions/runner/docker/*: `/app/excel/recalculate.py`).
 */
export const EXCEL_DRIVER = fileURLToPath(new URL('./excel/recalculate.py', import.meta.url));

export const ENTRY_EXTENSIONS: Record<RunnableLanguage, readonly string[]> = {
  Python: ['.py'],
  R: ['.r'],
  ExcelNative: ['.xlsx', '.xlsm', '.xlsb', '.xls', '.ods'],
};

/** Preferred entry names when a work directory holds several files of the language. */
const ENTRY_NAMES = ['main', 'model', 'run'];

const extensionOf = (path: string) => {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/**
 * The file to start: the one named by the sub-model, else the only file of the language closest to the
 * top of the work directory, else one of those named main, model or run. Returns the candidates when
 * it cannot choose.
 */
export function pickEntry(
  language: RunnableLanguage,
  files: readonly string[],
): { entry: string } | { candidates: string[] } {
  const matching = files.filter((f) => ENTRY_EXTENSIONS[language].includes(extensionOf(f)));
  if (matching.length === 0) return { candidates: [] };
  const depth = (f: string) => f.split('/').length;
  const top = Math.min(...matching.map(depth));
  const shallow = matching.filter((f) => depth(f) === top).sort();
  if (shallow.length === 1) return { entry: shallow[0] as string };
  for (const name of ENTRY_NAMES) {
    const found = shallow.find((f) => {
      const base = f.slice(f.lastIndexOf('/') + 1);
      return base.slice(0, base.lastIndexOf('.')).toLowerCase() === name;
    });
    if (found) return { entry: found };
  }
  return { candidates: shallow };
}

export function hasEntryExtension(language: RunnableLanguage, path: string): boolean {
  return ENTRY_EXTENSIONS[language].includes(extensionOf(path));
}

/** The command that runs `entry` (relative to the work directory, which is the working directory). */
export function modelCommand(
  language: RunnableLanguage,
  entry: string,
  runtimes: RuntimePaths,
  /** Where the model sees the Excel driver (the sandbox shows it at a path of its own). */
  excelDriver: string = EXCEL_DRIVER,
): { command: string; args: string[] } {
  switch (language) {
    case 'Python':
      // -s: no user site-packages; the image's libraries are the ones the record names.
      return { command: runtimes.python, args: ['-s', entry] };
    case 'R':
      // --vanilla: no profile or saved workspace of whoever ran R before; the site library stays.
      return { command: runtimes.rscript, args: ['--vanilla', entry] };
    case 'ExcelNative':
      return { command: runtimes.unoPython, args: ['-s', excelDriver] };
  }
}

/** The binaries a language needs; a missing one is RUNTIME_MISSING before anything starts. */
export function requiredBinaries(language: RunnableLanguage, runtimes: RuntimePaths): string[] {
  switch (language) {
    case 'Python':
      return [runtimes.python];
    case 'R':
      return [runtimes.rscript];
    case 'ExcelNative':
      return [runtimes.unoPython, runtimes.soffice];
  }
}

export async function missingBinaries(paths: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const path of paths) {
    try {
      await access(path, constants.X_OK);
    } catch {
      missing.push(path);
    }
  }
  return missing;
}

export const RUNTIME_NAMES: Record<RunnableLanguage, string> = {
  Python: 'Python',
  R: 'R',
  ExcelNative: 'LibreOffice (for Excel workbooks)',
};

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { timeout: 60_000, env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' } },
      (_e, out, err) => resolve(`${out}${err}`.trim()),
    );
  });
}

const firstLine = (text: string) => text.split('\n')[0]?.trim() ?? '';

function parsePairs(text: string): Record<string, string> {
  const packages: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const [name, version] = line.trim().split('=');
    if (name && version && version !== 'NA') packages[name] = version;
  }
  return packages;
}

const PYTHON_PACKAGES = `
import importlib.metadata as m
for p in ('numpy', 'pandas', 'openpyxl'):
    try:
        print(p + '=' + m.version(p))
    except Exception:
        pass
`;
const R_PACKAGES =
  'for (p in c("jsonlite", "data.table")) cat(p, "=", tryCatch(as.character(packageVersion(p)), error = function(e) "NA"), "\\n", sep = "")';

export interface RuntimeVersion {
  version: string;
  packages: Record<string, string>;
}

const versionCache = new Map<string, Promise<RuntimeVersion>>();

/** The runtime's version line and its libraries' versions; asked once per process and runtime. */
export function runtimeVersion(language: RunnableLanguage, runtimes: RuntimePaths): Promise<RuntimeVersion> {
  const key = `${language} ${JSON.stringify(runtimes)}`;
  let cached = versionCache.get(key);
  if (!cached) {
    cached = probe(language, runtimes);
    versionCache.set(key, cached);
  }
  return cached;
}

async function probe(language: RunnableLanguage, runtimes: RuntimePaths): Promise<RuntimeVersion> {
  switch (language) {
    case 'Python': {
      const [version, packages] = await Promise.all([
        run(runtimes.python, ['--version']),
        run(runtimes.python, ['-s', '-c', PYTHON_PACKAGES]),
      ]);
      return { version: firstLine(version), packages: parsePairs(packages) };
    }
    case 'R': {
      const [version, packages] = await Promise.all([
        run(runtimes.r, ['--version']),
        run(runtimes.rscript, ['--vanilla', '-e', R_PACKAGES]),
      ]);
      return { version: firstLine(version), packages: parsePairs(packages) };
    }
    case 'ExcelNative': {
      const [version, python] = await Promise.all([
        run(runtimes.soffice, ['--version']),
        run(runtimes.unoPython, ['--version']),
      ]);
      return { version: firstLine(version), packages: { python: python.replace(/^Python /, '') } };
    }
  }
}
