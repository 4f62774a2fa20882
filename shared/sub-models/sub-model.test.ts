import { describe, expect, it } from 'vitest';
import {
  canPickExecutionFiles,
  DeleteSubModelFormSchema,
  definitionTypeChangeProblem,
  executionFileCandidates,
  isDefinitionTypeEditable,
  MODEL_LANGUAGE_LABELS,
  type ModelLanguage,
  minutesToSeconds,
  modelLanguageOf,
  normalizeFileName,
  OUTDATE_CHOICES,
  SECTION_TITLES,
  SUB_MODEL_LINKS,
  SubModelFormSchema,
  SubModelPayloadSchema,
  secondsToMinutes,
  toSubModelForm,
  toSubModelPayload,
} from './sub-model';

const form = {
  name: 'Base case',
  executionModels: ['file-1'],
  outputPathDir: 'output/results',
  environment: 'Python 3.12',
  timeoutMinutes: 30,
  definitionType: 'JSONTEMPLATE',
};
const problems = (changes: Record<string, unknown>) => {
  const result = SubModelFormSchema.safeParse({ ...form, ...changes });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('sub-model form (§5)', () => {
  it('accepts a complete form', () => {
    expect(problems({})).toEqual([]);
  });
  it.each([
    [{ name: '' }, 'name: Name is required'],
    [{ name: '   ' }, 'name: Name is required'],
    [{ executionModels: [] }, 'executionModels: Execution Files is required'],
    [{ executionModels: undefined }, 'executionModels: Execution Files is required'],
    [{ environment: '' }, 'environment: Environment is required'],
    [{ timeoutMinutes: undefined }, 'timeoutMinutes: Execution timeout is required'],
    [{ timeoutMinutes: Number.NaN }, 'timeoutMinutes: Execution timeout must be a number'],
    [{ timeoutMinutes: '10' }, 'timeoutMinutes: Execution timeout must be a number'],
    [{ timeoutMinutes: 0 }, 'timeoutMinutes: Execution timeout must be equal or greater then 1'],
    [{ timeoutMinutes: 1441 }, 'timeoutMinutes: Execution timeout must be equal or smaller then 1440'],
    [{ timeoutMinutes: 2.5 }, 'timeoutMinutes: Execution timeout must be integer'],
    [{ definitionType: undefined }, 'definitionType: Definition Type is required'],
    [{ outputPathDir: '' }, 'outputPathDir: Output Directory Path is required'],
    [{ outputPathDir: '/abs/path' }, 'outputPathDir: Path must be relative path'],
    [{ outputPathDir: 'out put' }, 'outputPathDir: Path must be relative path'],
    [{ outputPathDir: '../up' }, 'outputPathDir: Path must be relative path'],
    [{ outputPathDir: 'a\\b' }, 'outputPathDir: Path must be relative path'],
    [
      { outputPathDir: 'a'.repeat(256) },
      'outputPathDir: Output Directory Path is too long, maximum length is 255 characters.',
    ],
    [
      { outputPathDir: 'out/'.repeat(1250) },
      'outputPathDir: Output Directory Path is too long, maximum length is 255 characters.',
    ],
  ])('%j gives %s', (changes, expected) => {
    expect(problems(changes)).toEqual([expected]);
  });
  it.each(['out', 'out/run_1', 'a-b/c_d/3', 'out/', 'a'.repeat(255)])(
    'accepts the relative path %s',
    (outputPathDir) => {
      expect(problems({ outputPathDir })).toEqual([]);
    },
  );
  it.each([1, 1440])('accepts a timeout of %i minutes', (timeoutMinutes) => {
    expect(problems({ timeoutMinutes })).toEqual([]);
  });
  it('needs the confirmation tick to delete', () => {
    expect(DeleteSubModelFormSchema.safeParse({ confirm: true }).success).toBe(true);
    expect(DeleteSubModelFormSchema.safeParse({ confirm: false }).error?.issues[0]?.message).toBe(
      'I confirm that this sub-model will be permanently deleted.',
    );
  });
});

describe('timeout: minutes in the form, seconds stored (§5)', () => {
  it.each([
    [1, 60],
    [30, 1800],
    [1440, 86_400],
  ])('%i minutes are sent as %i seconds', (minutes, seconds) => {
    expect(minutesToSeconds(minutes)).toBe(seconds);
  });
  it.each([
    [60, 1],
    [89, 1],
    [90, 2],
    [1799, 30],
    [86_400, 1440],
  ])('%i stored seconds load as %i minutes', (seconds, minutes) => {
    expect(secondsToMinutes(seconds)).toBe(minutes);
  });
});

describe('links by section (§2)', () => {
  it.each([
    ['scenario', true, true],
    ['calibration', false, true],
    ['display', false, false],
  ] as const)(
    'the %s section offers the calibration link: %s, the display link: %s',
    (type, calibration, display) => {
      expect(SUB_MODEL_LINKS[type]).toEqual({ calibration, display });
    },
  );

  const values = SubModelFormSchema.parse({
    ...form,
    executionSetupId: 'cal-1',
    displayExecutionSetupId: 'disp-1',
  });
  it.each([
    ['scenario', 'cal-1', 'disp-1'],
    ['calibration', undefined, 'disp-1'],
    ['display', undefined, undefined],
  ] as const)('a %s payload keeps only the links its section offers', (type, calibration, display) => {
    const payload = toSubModelPayload(type, values);
    expect(payload.executionSetupId).toBe(calibration);
    expect(payload.displayExecutionSetupId).toBe(display);
    expect(payload.timeoutSeconds).toBe(1800);
    expect(SubModelPayloadSchema.safeParse(payload).success).toBe(true);
  });

  it('the API refuses a calibration link on a calibration sub-model', () => {
    const payload = { ...toSubModelPayload('scenario', values), type: 'calibration' };
    expect(SubModelPayloadSchema.safeParse(payload).error?.issues.map((i) => i.message)).toEqual([
      'Calibration Sub-model value is invalid',
    ]);
  });

  it('an empty link choice means none', () => {
    expect(SubModelFormSchema.parse({ ...form, executionSetupId: '' }).executionSetupId).toBeUndefined();
  });

  it('loads a stored sub-model into the form with the timeout in minutes', () => {
    const loaded = toSubModelForm(
      {
        name: 'n',
        executionModels: ['f'],
        outputPathDir: 'out',
        environment: 'env',
        timeoutSeconds: 100,
        executionSetupId: 'cal-1',
      },
      'JSON',
    );
    expect(loaded).toMatchObject({ timeoutMinutes: 2, executionSetupId: 'cal-1', definitionType: 'JSON' });
  });
});

describe('definition type fixed on edit (§2)', () => {
  it('is editable when adding only', () => {
    expect(isDefinitionTypeEditable('add')).toBe(true);
    expect(isDefinitionTypeEditable('edit')).toBe(false);
  });
  it.each([
    ['JSON', 'JSON', undefined],
    ['JSON', undefined, undefined],
    ['JSON', 'JSONTEMPLATE', 'Definition Type value is invalid'],
  ])('from %s to %s: %s', (current, requested, expected) => {
    expect(definitionTypeChangeProblem(current, requested)).toBe(expected);
  });
});

describe('execution files by model language (§9)', () => {
  const files = ['model.xlsx', 'Macro.XLSM', 'run.py', 'analysis.R', 'calc.m', 'nb.nb', 'readme.txt'].map(
    (name) => ({
      name,
    }),
  );
  it.each([
    ['ExcelNative', ['model.xlsx', 'Macro.XLSM']],
    ['Python', ['run.py']],
    ['R', ['analysis.R']],
    ['Mathematica', ['calc.m', 'nb.nb']],
    ['Other', files.map((f) => f.name)],
  ] as [ModelLanguage, string[]][])('%s offers %j', (language, names) => {
    expect(executionFileCandidates(files, language).map((f) => f.name)).toEqual(names);
  });
  it('shows ExcelNative as Excel', () => {
    expect(MODEL_LANGUAGE_LABELS.ExcelNative).toBe('Excel');
  });
  it.each([
    [{ pythonEnvironment: 'py3.12' }, 'Python'],
    [{ mathematicaEnvironment: '14.0' }, 'Mathematica'],
    [{ mainFileNames: ['m.xlsb'] }, 'ExcelNative'],
    [{ mainFileNames: ['run.r'] }, 'R'],
    [{ mainFileNames: ['notes.pdf'] }, 'Other'],
    [{}, 'Other'],
  ] as const)('%j is a %s model', (input, language) => {
    expect(modelLanguageOf(input)).toBe(language);
  });
  it.each([
    [['env'], [{}], true],
    [[], [{}], false],
    [['env'], [], false],
  ])('the file picker with environments %j and files %j is enabled: %s', (envs, candidates, expected) => {
    expect(canPickExecutionFiles(envs, candidates)).toBe(expected);
  });
  it('turns spaces in file names into underscores', () => {
    expect(normalizeFileName('my model v2.xlsx')).toBe('my_model_v2.xlsx');
  });
});

describe('texts', () => {
  it('names the sections and the outdate choices', () => {
    expect(SECTION_TITLES).toEqual({
      calibration: 'Calibration Management',
      display: 'Display Management',
      scenario: 'Scenario Management',
    });
    expect(OUTDATE_CHOICES.map((c) => c.label)).toEqual(['Proceed without outdating', 'Outdate instances']);
  });
});
