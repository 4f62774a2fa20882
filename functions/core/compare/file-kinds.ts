import type { DiffKind } from '@shared/schemas/compare';

/**
 * Which diff a file gets, by its extension (issue 18 §3, §4): model code and data that people read as
 * lines (R, Python, M, CSV, JSON, Markdown, plain text and their kin) get a line diff; .xlsx and .xlsm
 * workbooks (and .xls, converted first) the spreadsheet diff; everything else (binaries, PDFs) none.
 */
const TEXT_EXTENSIONS = new Set([
  // model code
  'r',
  'rmd',
  'qmd',
  'py',
  'ipynb',
  'm',
  'nb',
  'wl',
  'jl',
  'sas',
  'do',
  'stan',
  'bas',
  'cls',
  'frm',
  'vba',
  'sql',
  'js',
  'ts',
  'sh',
  'bat',
  'ps1',
  // data and configuration
  'csv',
  'tsv',
  'json',
  'xml',
  'yaml',
  'yml',
  'toml',
  'ini',
  'cfg',
  'conf',
  'properties',
  // documents
  'md',
  'markdown',
  'txt',
  'text',
  'log',
  'tex',
  'rst',
  'html',
  'htm',
  'css',
]);
const SPREADSHEET_EXTENSIONS = new Set(['xlsx', 'xlsm', 'xls']);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function fileKind(name: string): DiffKind {
  const ext = extensionOf(name);
  if (SPREADSHEET_EXTENSIONS.has(ext)) return 'spreadsheet';
  if (TEXT_EXTENSIONS.has(ext)) return 'text';
  return 'other';
}

/** The kind of a pair: the one both sides share; a file renamed across kinds is not diffed. */
export function pairKind(before: string | undefined, after: string | undefined): DiffKind {
  const kinds = [before, after].filter((n): n is string => n !== undefined).map(fileKind);
  const [first] = kinds;
  return first !== undefined && kinds.every((k) => k === first) ? first : 'other';
}
