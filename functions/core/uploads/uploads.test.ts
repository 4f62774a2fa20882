import { describe, expect, it } from 'vitest';
import {
  FILE_MESSAGES,
  formatBytes,
  isValidFileName,
  isValidFolderPath,
  modelLanguages,
  publishedFileProblems,
} from './file-rules';

describe('file names and paths', () => {
  it.each([
    ['model.xlsx', true],
    ['Model v2 (final).R', true],
    ['..', false],
    ['.', false],
    ['a/b', false],
    ['a\\b', false],
    [' lead.txt', false],
    ['tab\tname', false],
    ['', false],
    ['x'.repeat(256), false],
  ])('%j valid: %s', (name, valid) => {
    expect(isValidFileName(name)).toBe(valid);
  });

  it.each([
    ['', true],
    ['docs', true],
    ['docs/inputs', true],
    ['../x', false],
    ['/abs', false],
    ['a//b', false],
    ['a/../b', false],
  ])('folder %j valid: %s', (path, valid) => {
    expect(isValidFolderPath(path)).toBe(valid);
  });

  it('formats sizes for messages', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});

describe('published entries', () => {
  it('knows the languages from main files and environments, else all', () => {
    expect([...modelLanguages({ mainFileNames: ['model.R'] })]).toEqual(['R']);
    expect([...modelLanguages({ mainFileNames: ['a.xlsm'], pythonEnvironment: 'Py' })].sort()).toEqual([
      'Excel VBA',
      'Python',
    ]);
    expect(modelLanguages({ mainFileNames: ['model.xlsx'] }).size).toBeGreaterThan(5);
  });

  it('refuses replacing the main file, a new main file and files of the language', () => {
    const existing = [
      { name: 'model.nb', path: '', mainFile: true },
      { name: 'readme.txt', path: '', mainFile: false },
    ];
    const languages = modelLanguages({ mainFileNames: ['model.nb'] });
    expect(
      publishedFileProblems({
        incoming: [
          { name: 'model.nb', path: '' },
          { name: 'helper.m', path: 'lib' },
          { name: 'readme.txt', path: '' },
          { name: 'new-main.txt', path: '', mainFile: true },
          { name: 'script.py', path: '' },
        ],
        existing,
        languages,
      }),
    ).toEqual([
      FILE_MESSAGES.mainFileOnPublished('model.nb'),
      FILE_MESSAGES.languageOnPublished('model.nb', 'Mathematica'),
      FILE_MESSAGES.languageOnPublished('helper.m', 'Mathematica'),
      FILE_MESSAGES.newMainFileOnPublished('new-main.txt'),
    ]);
  });
});
