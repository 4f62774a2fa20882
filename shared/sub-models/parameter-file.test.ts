import { describe, expect, it } from 'vitest';
import {
  helpFilesEmptyText,
  PARAMETER_FILE_ACCEPT,
  PARAMETER_FILE_EXTENSIONS,
  parameterFileMaxBytes,
  parameterFileNameProblem,
  parameterFileProblem,
} from './parameter-file';

const EXAMPLES =
  'File extension is unsupported, examples of supported extensions are: xls, xlsx, csv, tsv, mtp, json, txt, m, wl, wls, rdata, rda, sas7bdat, stx, xpt, dta, por, sav, zsav';

describe('parameter file upload (§5)', () => {
  it.each([
    ['no file', undefined, 'File is required'],
    ['a csv of 1 MB exactly', { name: 'a.csv', size: 1_048_576 }, undefined],
    [
      'a csv one byte over 1 MB',
      { name: 'a.csv', size: 1_048_577 },
      'File exceeds 1 MB limit. Reduce the file size and try again.',
    ],
    ['an upper-case extension', { name: 'DATA.XLSX', size: 10 }, undefined],
    ['a mixed-case extension', { name: 'model.RData', size: 10 }, undefined],
    ['an exe', { name: 'run.exe', size: 10 }, EXAMPLES],
    ['a file without extension', { name: 'README', size: 10 }, EXAMPLES],
    ['a dot file', { name: '.csv', size: 10 }, EXAMPLES],
    ['a large exe (extension first)', { name: 'run.exe', size: 5_000_000 }, EXAMPLES],
  ])('%s: %s', (_, file, expected) => {
    expect(parameterFileProblem(file)).toBe(expected);
  });

  it.each(PARAMETER_FILE_EXTENSIONS)('accepts .%s', (ext) => {
    expect(parameterFileProblem({ name: `f.${ext}`, size: 1 })).toBeUndefined();
  });

  it('lists the 19 extensions of the spec', () => {
    expect(PARAMETER_FILE_EXTENSIONS).toHaveLength(19);
    expect(PARAMETER_FILE_ACCEPT.startsWith('.xls,.xlsx,.csv')).toBe(true);
  });

  it.each([
    [undefined, 1_048_576],
    [1, 1_048_576],
    [5, 1_048_576],
    [0.5, 524_288],
    [0, 1_048_576],
  ])('a file parameter of size %s MB takes at most %i bytes', (size, bytes) => {
    expect(parameterFileMaxBytes(size)).toBe(bytes);
  });
});

describe('parameter file names (issue 16 §2)', () => {
  const UNSAFE =
    'File name must not contain / or \\, "..", control characters or any of < > : " | ? *. Rename the file and try again.';

  it.each([
    '../../x.csv',
    '..\\..\\x.csv',
    'a/b.csv',
    'a\\b.csv',
    '<img>.csv',
    'a:b.csv',
    'what?.csv',
    'star*.csv',
    'pipe|.csv',
    'quote".csv',
    'nul\u0000.csv',
    'line\nbreak.csv',
    'data..csv',
  ])('refuses %j with a message saying what a name may not contain', (name) => {
    expect(parameterFileNameProblem(name)).toBe(UNSAFE);
    expect(parameterFileProblem({ name, size: 10 })).toBe(UNSAFE);
  });

  it('refuses a name over 255 characters and accepts one of 255', () => {
    const name = (length: number) => `${'n'.repeat(length - 4)}.csv`;
    expect(parameterFileProblem({ name: name(255), size: 10 })).toBeUndefined();
    expect(parameterFileProblem({ name: name(256), size: 10 })).toBe(
      'File name is longer than 255 characters. Rename the file and try again.',
    );
  });

  it('accepts names with spaces, dots, brackets and non-ASCII letters', () => {
    for (const name of ['Population 2024 (v1.2).csv', 'données_été.xlsx', 'a.b.c.json'])
      expect(parameterFileProblem({ name, size: 10 }), name).toBeUndefined();
  });
});

describe('help files of a file definition (§5)', () => {
  it('says how to get help files when there are none', () => {
    expect(helpFilesEmptyText([])).toBe(
      'There are no files available for selection, please add help file in the model or if they are already available please assign the File Type as Help File.',
    );
  });
  it('says nothing when there are help files', () => {
    expect(helpFilesEmptyText([{ id: 'h1' }])).toBeUndefined();
  });
});
