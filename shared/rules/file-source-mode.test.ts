import { describe, expect, it } from 'vitest';
import { fileSourceMode } from './file-source-mode';

describe('file source mode (000 §4)', () => {
  it.each([
    [{ bitbucket_project: 'HEOR', bitbucket_repository: 'cea' }, ['model.xlsx'], 'source-control'],
    [{ bitbucket_project: 'HEOR', bitbucket_repository: 'cea' }, [], 'source-control'],
    [{ bitbucket_project: 'HEOR' }, ['model.XLSM'], 'local-upload'],
    [{ bitbucket_project: ' ', bitbucket_repository: ' ' }, ['inputs.xls'], 'local-upload'],
    [{}, ['model.R', 'inputs.csv'], 'none'],
    [{}, [], 'none'],
  ] as const)('%j with %j → %s', (metadata, files, mode) => {
    expect(fileSourceMode(metadata, files)).toBe(mode);
  });
});
