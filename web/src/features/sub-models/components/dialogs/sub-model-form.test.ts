import { describe, expect, it } from 'vitest';
import { file, subModel, webModel } from '../../test-fixtures';
import {
  DEFAULT_TIMEOUT_MINUTES,
  environmentOptions,
  initialForm,
  offeredFiles,
  pickerState,
} from './sub-model-form';

const files = [
  file('model.py', { mainFile: true }),
  file('helpers.py', { path: 'lib' }),
  file('inputs.xlsx'),
  file('notes.txt'),
  file('lib', { folder: true }),
];

describe('the entry as the sub-model dialog sees it (001 §2, §9)', () => {
  it("offers only the files the model's language can execute, folders left out, by path", () => {
    expect(offeredFiles(files, 'Python').map((f) => f.name)).toEqual(['helpers.py', 'model.py']);
    expect(offeredFiles(files, 'ExcelNative').map((f) => f.name)).toEqual(['inputs.xlsx']);
  });

  it("takes the language's own environment first, then the general execution environment", () => {
    expect(environmentOptions(webModel(), 'Python')).toEqual(['Python 3.11', 'WebModel runtime']);
    expect(environmentOptions(webModel(), 'R')).toEqual(['WebModel runtime']);
    expect(environmentOptions(webModel({ metadata: { platform: 'WebModel 2.0' } }), 'R')).toEqual([]);
  });

  it("enables 'Select file' only with environment options and files to offer", () => {
    expect(pickerState(webModel(), files)).toMatchObject({
      enabled: true,
      environments: ['Python 3.11', 'WebModel runtime'],
    });
    expect(
      pickerState(webModel({ metadata: { platform: 'WebModel 2.0' } }), [file('run.R', { mainFile: true })])
        .enabled,
    ).toBe(false);
    expect(pickerState(webModel(), [file('notes.txt')]).enabled).toBe(false);
  });

  it('starts a new sub-model with the first environment, a template definition and the default timeout', () => {
    expect(initialForm(undefined, ['Python 3.11'])).toMatchObject({
      environment: 'Python 3.11',
      timeoutMinutes: DEFAULT_TIMEOUT_MINUTES,
      definitionType: 'JSONTEMPLATE',
      executionModels: [],
    });
  });

  it('edits a stored sub-model in minutes, rounded (§5), with its fixed definition type', () => {
    expect(initialForm(subModel({ timeoutSeconds: 1830, definitionType: 'JSON' }), [])).toMatchObject({
      name: 'Base case',
      timeoutMinutes: 31,
      definitionType: 'JSON',
      executionModels: ['f-py'],
      outputPathDir: 'results/base',
    });
  });
});
