import { describe, expect, it } from 'vitest';
import {
  convertInstanceValues,
  defaultInstanceValues,
  definitionsForExpertise,
  instanceParametersFileProblem,
  mergeIncomingValues,
  parameterStates,
  parametersEditorImportProblem,
  parseParametersJson,
  saveCheck,
  validateInstanceValues,
} from './instance-values';
import type { ParameterDefinition } from './parameter-definition';
import type { ParameterType } from './parameter-types';
import { sampleDefinition, sampleTemplate, sampleValues } from './sample-template';

const def = (type: ParameterType, changes: Record<string, unknown> = {}) =>
  ({ ...sampleDefinition(type, 1), title: 'Age', name: 'age', ...changes }) as ParameterDefinition;
const messages = (definitions: ParameterDefinition[], values: Record<string, unknown>, level = 1000) =>
  validateInstanceValues(definitions, values, level).map((i) => `${i.path}: ${i.message}`);

describe('valid values', () => {
  it('accepts values for all 13 types', () => {
    const { definitions } = sampleTemplate();
    expect(messages(definitions, sampleValues(definitions))).toEqual([]);
  });
  it('accepts the defaults of the sample template', () => {
    const { definitions } = sampleTemplate();
    expect(messages(definitions, defaultInstanceValues(definitions))).toEqual([]);
  });
});

describe('run-time rules (§5)', () => {
  const rows: [string, ParameterDefinition, unknown, string[]][] = [
    ['a required string left empty', def('STRING', { required: true }), '', ['age: Age is required']],
    ['a required number left null', def('INTEGER', { required: true }), null, ['age: Age is required']],
    [
      'a required multi select with none',
      def('MULTI_SELECT', { required: true }),
      [],
      ['age: Age is required'],
    ],
    ['a required boolean set to false', def('BOOLEAN', { required: true }), false, []],
    ['an optional number left empty', def('INTEGER'), null, []],
    ['a string at its length', def('STRING', { length: 3 }), 'abc', []],
    ['a string above its length', def('STRING', { length: 3 }), 'abcd', ['age: Age is too long']],
    ['a number below min', def('INTEGER'), -1, ['age: Age must be equal or greater then 0']],
    ['a number above max', def('INTEGER'), 101, ['age: Age must be equal or smaller then 100']],
    ['a number at min', def('INTEGER'), 0, []],
    ['a decimal integer', def('INTEGER'), 1.5, ['age: Age must be integer']],
    ['text for a number', def('DECIMAL'), 'five', ['age: Age must be a number']],
    [
      'an infinite real number',
      def('REAL_NUMBER', { min: undefined, max: undefined }),
      Number.POSITIVE_INFINITY,
      ['age: Age must be a number'],
    ],
    ['a date before min', def('DATE'), '2019-12-31', ['age: Age must be equal or greater then 2020-01-01']],
    ['a date after max', def('DATE'), '2031-01-01', ['age: Age must be equal or smaller then 2030-12-31']],
    ['a date in another format', def('DATE'), '31/12/2025', ['age: Age is in wrong format']],
    ['an unpadded date', def('DATE'), '2025-1-1', ['age: Age is in wrong format']],
    ['an unknown option', def('SINGLE_SELECT'), 'zz', ['age: Age value is invalid']],
    ['an unknown option among many', def('MULTI_SELECT'), ['x', 'zz'], ['age: Age value is invalid']],
    ['an unknown selector column', def('SELECTOR'), 'mid', ['age: Age value is invalid']],
    ['a file without id', def('FILE'), { name: 'a.csv' }, ['age: Age value is invalid']],
    ['a boolean as text', def('BOOLEAN'), 'true', ['age: Age value is invalid']],
    [
      'a range with to below from',
      def('RANGE'),
      { from: 30, to: 20 },
      ['age.to: Age To must be equal or greater then Age From'],
    ],
    ['a range with to equal to from', def('RANGE'), { from: 30, to: 30 }, []],
    [
      'a range end out of its bounds',
      def('RANGE'),
      { from: 60, to: 70 },
      ['age.from: Age From must be equal or smaller then 50'],
    ],
    [
      'a required range without to',
      def('RANGE', { required: true }),
      { from: 1, to: null },
      ['age.to: Age To is required'],
    ],
    ['a range that is not an object', def('RANGE'), 5, ['age: Age value is invalid']],
    [
      'a date range in order',
      def('RANGE', {
        dataType: 'DATE',
        from: { min: '2020-01-01', max: '2030-01-01', defaultValue: '2021-01-01' },
        to: { min: '2020-01-01', max: '2030-01-01', defaultValue: '2022-01-01' },
      }),
      { from: '2021-09-01', to: '2021-10-01' },
      [],
    ],
    [
      'an array with a missing required cell',
      def('ARRAY'),
      [
        [0.1, ''],
        [null, ''],
        [0.3, ''],
      ],
      ['age.1.0: Age Rate (2) is required'],
    ],
    [
      'an array cell above max',
      def('ARRAY'),
      [
        [0.1, ''],
        [2, ''],
        [0.3, ''],
      ],
      ['age.1.0: Age Rate (2) must be equal or smaller then 1'],
    ],
    ['an array with a wrong row count', def('ARRAY'), [[0.1, '']], ['age: Age value is invalid']],
    [
      'an array string cell above its length',
      def('ARRAY'),
      [
        [0.1, 'x'.repeat(201)],
        [0.2, ''],
        [0.3, ''],
      ],
      ['age.0.1: Age Note (1) is too long'],
    ],
  ];
  it.each(rows)('%s gives %j', (_, definition, value, expected) => {
    expect(messages([definition], { age: value })).toEqual(expected);
  });

  it('ignores a label', () => {
    expect(messages([def('LABEL', { required: true })], {})).toEqual([]);
  });
});

describe('expertise (§6): parameters above the user level are hidden and ignored', () => {
  const basic = def('INTEGER', { id: 'b', name: 'basic', expertiseLevel: 250, required: true });
  const expert = def('INTEGER', { id: 'e', name: 'expert', expertiseLevel: 1000, required: true });
  it.each([
    [250, ['basic']],
    [500, ['basic']],
    [750, ['basic']],
    [1000, ['basic', 'expert']],
  ])('a user at %i sees %j', (level, names) => {
    expect(definitionsForExpertise([basic, expert], level).map((d) => d.name)).toEqual(names);
  });
  it('the default level is 500', () => {
    expect(definitionsForExpertise([basic, expert]).map((d) => d.name)).toEqual(['basic']);
  });
  it('does not require a parameter the user cannot see', () => {
    expect(messages([basic, expert], { basic: 1 }, 500)).toEqual([]);
    expect(messages([basic, expert], { basic: 1 }, 1000)).toEqual(['expert: Age is required']);
  });
  it('keeps the stored value of a hidden parameter whatever is sent', () => {
    expect(
      mergeIncomingValues({
        definitions: [basic, expert],
        stored: { basic: 1, expert: 50 },
        incoming: { basic: 2, expert: 99, extra: 'kept' },
        userLevel: 500,
      }),
    ).toEqual({ basic: 2, expert: 50, extra: 'kept' });
  });
  it('drops a hidden parameter sent for a new instance', () => {
    expect(
      mergeIncomingValues({
        definitions: [basic, expert],
        stored: undefined,
        incoming: { basic: 2, expert: 99 },
        userLevel: 250,
      }),
    ).toEqual({ basic: 2 });
  });
  it('an expert may change every parameter', () => {
    expect(
      mergeIncomingValues({
        definitions: [basic, expert],
        stored: { expert: 50 },
        incoming: { basic: 2, expert: 99 },
        userLevel: 1000,
      }),
    ).toEqual({ basic: 2, expert: 99 });
  });
});

describe('controls: Hide/Show and Enable/Disable', () => {
  const flag = def('BOOLEAN', { id: 'f', name: 'flag', defaultValue: false });
  const arm = def('SINGLE_SELECT', { id: 's', name: 'arm' });
  const hidden = def('STRING', {
    id: 'h',
    name: 'hidden',
    required: true,
    controlType: 'HIDE_SHOW',
    controlledBy: { id: 'f', value: true },
  });
  const disabled = def('STRING', {
    id: 'd',
    name: 'disabled',
    required: true,
    controlType: 'ENABLE_DISABLE',
    controlledBy: { id: 's', value: 'b' },
  });
  const chained = def('STRING', {
    id: 'c',
    name: 'chained',
    controlType: 'HIDE_SHOW',
    controlledBy: { id: 'h2', value: 'x' },
  });
  const all = [flag, arm, hidden, disabled];

  it.each([
    [
      { flag: false, arm: 'a' },
      { h: { shown: false, enabled: false }, d: { shown: true, enabled: false } },
    ],
    [
      { flag: true, arm: 'b' },
      { h: { shown: true, enabled: true }, d: { shown: true, enabled: true } },
    ],
    [{}, { h: { shown: false, enabled: false }, d: { shown: true, enabled: false } }],
  ])('with %j the states are %j', (values, expected) => {
    const states = parameterStates(all, values, 1000);
    expect({ h: states.get('h'), d: states.get('d') }).toEqual(expected);
  });

  it('requires a controlled parameter only while shown and enabled', () => {
    expect(messages(all, { flag: false, arm: 'a' })).toEqual([]);
    expect(messages(all, { flag: true, arm: 'b' })).toEqual([
      'hidden: Age is required',
      'disabled: Age is required',
    ]);
  });

  it('hides a parameter whose controller is hidden', () => {
    const multi = def('MULTI_SELECT', {
      id: 'h2',
      name: 'multi',
      controlType: 'HIDE_SHOW',
      controlledBy: { id: 'f', value: true },
    });
    const states = parameterStates([flag, multi, chained], { flag: false, multi: ['x'] }, 1000);
    expect(states.get('c')).toEqual({ shown: false, enabled: false });
    const shown = parameterStates([flag, multi, chained], { flag: true, multi: ['x'] }, 1000);
    expect(shown.get('c')).toEqual({ shown: true, enabled: true });
  });

  it('hides a parameter marked not visible', () => {
    expect(parameterStates([def('STRING', { visible: false })], {}, 1000).get('p1')).toEqual({
      shown: false,
      enabled: false,
    });
  });

  it('survives a control cycle', () => {
    const a = def('BOOLEAN', {
      id: 'a',
      name: 'a',
      controlType: 'HIDE_SHOW',
      controlledBy: { id: 'b', value: true },
    });
    const b = def('BOOLEAN', {
      id: 'b',
      name: 'b',
      controlType: 'HIDE_SHOW',
      controlledBy: { id: 'a', value: true },
    });
    expect(() => parameterStates([a, b], { a: true, b: true }, 1000)).not.toThrow();
  });
});

describe('defaults of a new instance', () => {
  it('come from defaults, selected options, range ends and column defaults', () => {
    const { definitions } = sampleTemplate();
    expect(defaultInstanceValues(definitions)).toEqual({
      param_1: 'text',
      param_2: true,
      param_3: 40,
      param_4: 0.5,
      param_5: 1.25,
      param_6: '2025-06-30',
      param_7: 'a',
      param_8: ['x', 'y'],
      param_9: [
        [0.1, ''],
        [0.2, 'adults'],
        [0.3, null],
      ],
      param_10: { from: 10, to: 60 },
      param_11: null,
      param_13: null,
    });
  });
});

describe('converting raw values', () => {
  const { definitions } = sampleTemplate();
  it('converts typed text to the parameter types', () => {
    const { values, issues } = convertInstanceValues(definitions, {
      param_2: 'TRUE',
      param_3: '12',
      param_6: '2025-7-4',
      param_8: 'x',
      param_9: [
        ['0.5', 'a'],
        ['', 'b'],
        ['0.1', ''],
      ],
      param_10: { from: '1', to: '2' },
      unknown: 'kept',
    });
    expect(issues).toEqual([]);
    expect(values).toEqual({
      param_2: true,
      param_3: 12,
      param_6: '2025-07-04',
      param_8: ['x'],
      param_9: [
        [0.5, 'a'],
        [null, 'b'],
        [0.1, ''],
      ],
      param_10: { from: 1, to: 2 },
      unknown: 'kept',
    });
  });
  it.each([
    ['param_3', 'x', 'Failed to parse integer from x'],
    ['param_2', 'maybe', 'Failed to parse boolean from maybe'],
    ['param_6', '4 July', 'Failed to parse date from 4 July'],
    ['param_10', { from: 'a', to: 1 }, 'Failed to parse integer from a'],
    ['param_9', [['x', '']], 'Failed to parse decimal from x'],
  ])('%s from %j fails with %s', (name, raw, message) => {
    expect(convertInstanceValues(definitions, { [name]: raw }).issues).toEqual([
      { name, path: name, message },
    ]);
  });
});

describe('the parameters editor', () => {
  it.each([
    ['{"a":1}', { ok: true, values: { a: 1 } }],
    ['[{"a":1}]', { ok: false, message: 'Input Data must not be an Array.' }],
    ['[]', { ok: false, message: 'Input Data must not be an Array.' }],
    ['{"a":', { ok: false, message: 'Invalid data structure' }],
    ['42', { ok: false, message: 'Invalid data structure' }],
  ])('pasting %s gives %j', (text, expected) => {
    expect(parseParametersJson(text)).toEqual(expected);
  });

  it.each([
    ['params.json', undefined],
    ['params.JSON', undefined],
    ['params.xml', 'Unsupported File Extension'],
    ['params.txt', 'Unsupported File Extension'],
  ])('imports %s: %s (only .json)', (name, expected) => {
    expect(parametersEditorImportProblem(name)).toBe(expected);
  });

  it.each([
    ['p.json', 'JSON', undefined],
    ['p.json', 'JSONTEMPLATE', undefined],
    ['p.xml', 'JSONTEMPLATE', undefined],
    ['p.xml', 'JSON', 'Unsupported Input Definition Type'],
    ['p.csv', 'JSONTEMPLATE', 'Unsupported File Extension'],
  ] as const)('an instance parameters file %s on a %s input: %s', (name, type, expected) => {
    expect(instanceParametersFileProblem(name, type)).toBe(expected);
  });
});

describe("'Do you want to save it anyway?' (§2)", () => {
  const template = sampleTemplate();
  const good = sampleValues(template.definitions);
  it.each([
    ['valid definitions and values', template, good, undefined],
    ['valid definitions only', template, undefined, undefined],
    [
      'invalid definitions',
      { definitions: [{ type: 'INTEGER' }] },
      undefined,
      'Do you want to save it anyway?',
    ],
    ['invalid values', template, { ...good, param_3: 1000 }, 'Do you want to save it anyway?'],
    ['a raw JSON input', undefined, { anything: 1 }, undefined],
  ])('%s: %s', (_, t, values, expected) => {
    expect(saveCheck({ template: t, values, userLevel: 1000 }).confirm).toBe(expected);
  });
  it('says which part is invalid', () => {
    expect(saveCheck({ template, values: { ...good, param_3: 1000 }, userLevel: 1000 })).toMatchObject({
      definitionsValid: true,
      parametersValid: false,
      valueIssues: [{ name: 'param_3', message: 'Parameter 3 must be equal or smaller then 100' }],
    });
  });
  it('does not count a parameter above the user level', () => {
    expect(
      saveCheck({
        template: { definitions: [{ ...sampleDefinition('INTEGER'), expertiseLevel: 1000 }] },
        values: { param_1: 1000 },
        userLevel: 500,
      }).confirm,
    ).toBeUndefined();
  });
});
