import { describe, expect, it } from 'vitest';
import {
  changeColumnDataType,
  changeRangeDataType,
  type DefinitionOf,
  newArrayColumn,
  newParameterDefinition,
  ParameterDefinitionSchema,
  selectOption,
  VARIABLE_NAME_CHARACTER,
  variableNameProblem,
} from './parameter-definition';
import { PARAMETER_TYPES, type ParameterType } from './parameter-types';
import { sampleDefinition } from './sample-template';

/** The messages of parsing `definition`, as 'path: message'. */
function problems(definition: unknown): string[] {
  const result = ParameterDefinitionSchema.safeParse(definition);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** A valid definition of `type` with `changes` applied. */
const withChanges = (type: ParameterType, changes: Record<string, unknown>) => ({
  ...sampleDefinition(type),
  ...changes,
});

describe('parameter definitions: one valid sample per type', () => {
  it.each(PARAMETER_TYPES)('accepts a complete %s definition', (type) => {
    expect(problems(sampleDefinition(type))).toEqual([]);
  });
});

describe('defaults of §3', () => {
  const minimal = { id: 'p1', name: 'x', title: 'X', question: 'Q?' };
  const parse = (type: ParameterType, extra: Record<string, unknown> = {}) =>
    ParameterDefinitionSchema.parse({ ...minimal, type, ...extra, ...sampleBounds(type) });
  const sampleBounds = (type: ParameterType): Record<string, unknown> =>
    type === 'INTEGER' || type === 'REAL_NUMBER' || type === 'DECIMAL'
      ? { min: 0, max: 1, defaultValue: 0 }
      : type === 'DATE'
        ? { min: '2020-01-01', max: '2020-01-02', defaultValue: '2020-01-01' }
        : {};

  it.each([
    ['categoryId', '3'],
    ['visible', true],
    ['required', false],
    ['viewable', true],
    ['expertiseLevel', 500],
  ])('defaults %s to %s', (field, expected) => {
    expect((parse('BOOLEAN') as Record<string, unknown>)[field]).toBe(expected);
  });

  it('defaults a string length to 255', () => {
    expect(parse('STRING')).toMatchObject({ length: 255 });
  });

  it('defaults a file size to 1 (MB)', () => {
    const file = ParameterDefinitionSchema.parse({ ...minimal, type: 'FILE', files: 'help' });
    expect(file).toMatchObject({ size: 1 });
  });

  it('defaults an array column length to 200 and its type to string', () => {
    const array = ParameterDefinitionSchema.parse({
      ...minimal,
      type: 'ARRAY',
      rows: [{ text: 'r' }],
      columns: [{ text: 'c' }],
    }) as DefinitionOf<'ARRAY'>;
    expect(array.columns[0]).toMatchObject({ length: 200, dataType: 'STRING', required: false });
  });

  it('defaults an option to not selected', () => {
    const select = ParameterDefinitionSchema.parse({
      ...minimal,
      type: 'SINGLE_SELECT',
      options: [{ key: 'a', text: 'A' }],
    }) as DefinitionOf<'SINGLE_SELECT'>;
    expect(select.options[0]?.selected).toBe(false);
  });

  it.each(PARAMETER_TYPES)('makes a new %s definition with the type defaults', (type) => {
    const d = newParameterDefinition(type, 'id-1');
    expect(d).toMatchObject({
      id: 'id-1',
      type,
      categoryId: '3',
      visible: true,
      required: false,
      viewable: true,
      expertiseLevel: 500,
    });
  });
});

describe('variable name (§5)', () => {
  it.each([
    ['age', undefined],
    ['Age group 2', undefined],
    ['a_b_c', undefined],
    ['', 'Variable Name is required'],
    ['   ', 'Variable Name is required'],
    ['age-group', 'Special characters cannot be entered in this field.'],
    ['cost€', 'Special characters cannot be entered in this field.'],
    ['a.b', 'Special characters cannot be entered in this field.'],
    ['1age', 'Please enter a value that begins with a letter without any special characters.'],
    ['_age', 'Please enter a value that begins with a letter without any special characters.'],
    [' age', 'Please enter a value that begins with a letter without any special characters.'],
  ])('%j gives %s', (name, expected) => {
    expect(variableNameProblem(name)).toBe(expected);
    expect(problems(withChanges('BOOLEAN', { name }))).toEqual(expected ? [`name: ${expected}`] : []);
  });

  it.each([
    ['a', true],
    ['7', true],
    ['_', true],
    [' ', true],
    ['-', false],
    ['$', false],
  ])('the input accepts the character %j: %s', (char, expected) => {
    expect(VARIABLE_NAME_CHARACTER.test(char)).toBe(expected);
  });
});

describe('required fields (§5: title, question, type and id)', () => {
  it.each([
    [{ title: '' }, 'title: Title is required'],
    [{ title: undefined }, 'title: Title is required'],
    [{ question: '' }, 'question: Question is required'],
    [{ id: '' }, 'id: Id is required'],
    [{ id: undefined }, 'id: Id is required'],
  ])('%j gives %s', (changes, expected) => {
    expect(problems(withChanges('STRING', changes))).toEqual([expected]);
  });

  it('names a missing type', () => {
    expect(problems({ ...sampleDefinition('STRING'), type: undefined })).toEqual(['type: Type is required']);
  });

  it('refuses an unknown type', () => {
    expect(problems({ ...sampleDefinition('STRING'), type: 'COLOUR' })).toEqual([
      'type: Type value is invalid',
    ]);
  });

  it('reports every problem of a definition at once', () => {
    expect(problems(withChanges('INTEGER', { title: '', name: '9x', max: -1 }))).toEqual([
      'name: Please enter a value that begins with a letter without any special characters.',
      'title: Title is required',
      'max: Max must be equal or greater then 0',
    ]);
  });
});

describe('controls (Hide/Show, Enable/Disable)', () => {
  it.each([
    [{ controlType: 'HIDE_SHOW', controlledBy: { id: 'p9', value: true } }, []],
    [{ controlType: 'ENABLE_DISABLE', controlledBy: { id: 'p9', value: 'a' } }, []],
    [{ controlType: 'HIDE_SHOW' }, ['controlledBy: Controlled By is required']],
    [{ controlledBy: { id: 'p9', value: true } }, ['controlType: Control Type is required']],
    [
      { controlType: 'TOGGLE', controlledBy: { id: 'p9', value: true } },
      ['controlType: Control Type value is invalid'],
    ],
  ])('%j gives %j', (changes, expected) => {
    expect(problems(withChanges('STRING', changes))).toEqual(expected);
  });
});

describe('expertise level', () => {
  it.each([250, 500, 750, 1000])('accepts %i', (expertiseLevel) => {
    expect(problems(withChanges('STRING', { expertiseLevel }))).toEqual([]);
  });
  it('refuses a level that is not one of the four', () => {
    expect(problems(withChanges('STRING', { expertiseLevel: 600 }))).toEqual([
      'expertiseLevel: Expertise Level value is invalid',
    ]);
  });
});

describe('string definitions (§5)', () => {
  it.each([
    [{ length: 10, defaultValue: '0123456789' }, []],
    [{ length: 10, defaultValue: '0123456789X' }, ['defaultValue: Default Value is too long']],
    [{ length: 2.5 }, ['length: Length must be integer']],
    [{ length: 0 }, ['length: Length must be greater then 0']],
    [{ length: null }, ['length: Length is required']],
    [{ length: 'ten' }, ['length: Length must be a number']],
  ])('%j gives %j', (changes, expected) => {
    expect(problems(withChanges('STRING', changes))).toEqual(expected);
  });
});

describe('number definitions (§5): min, max, default required; max ≥ min; default within', () => {
  const rows: [ParameterType, Record<string, unknown>, string[]][] = [
    ['INTEGER', { min: 1, max: 1, defaultValue: 1 }, []],
    ['INTEGER', { min: undefined }, ['min: Min is required']],
    ['INTEGER', { max: undefined }, ['max: Max is required']],
    ['INTEGER', { defaultValue: undefined }, ['defaultValue: Default Value is required']],
    ['INTEGER', { min: null }, ['min: Min is required']],
    ['INTEGER', { min: 0.5 }, ['min: Min must be integer']],
    ['INTEGER', { defaultValue: 1.5 }, ['defaultValue: Default Value must be integer']],
    ['INTEGER', { min: 'zero' }, ['min: Min must be a number']],
    ['INTEGER', { min: '' }, ['min: Min must be a number']],
    ['INTEGER', { min: 10, max: 5, defaultValue: 7 }, ['max: Max must be equal or greater then 10']],
    ['INTEGER', { defaultValue: -1 }, ['defaultValue: Default Value must be equal or greater then 0']],
    ['INTEGER', { defaultValue: 101 }, ['defaultValue: Default Value must be equal or smaller then 100']],
    ['REAL_NUMBER', { min: 0.1, max: 0.2, defaultValue: 0.15 }, []],
    ['REAL_NUMBER', { max: Number.NaN }, ['max: Max must be a number']],
    ['REAL_NUMBER', { defaultValue: 2 }, ['defaultValue: Default Value must be equal or smaller then 1']],
    ['DECIMAL', { min: -1.5, max: 1.5, defaultValue: 0 }, []],
    ['DECIMAL', { min: 2.5, max: 1.5, defaultValue: 2 }, ['max: Max must be equal or greater then 2.5']],
    ['DATE', { min: '2020-01-01', max: '2020-12-31', defaultValue: '2020-06-01' }, []],
    [
      'DATE',
      { min: '2020-12-31', max: '2020-02-01', defaultValue: '2020-06-01' },
      ['max: Max must be equal or greater then 2020-12-31'],
    ],
    // Dates are compared as dates, not as text: 2020-9-1 is before 2020-10-01.
    ['DATE', { min: '2020-9-1', max: '2020-10-01', defaultValue: '2020-09-15' }, []],
    [
      'DATE',
      { defaultValue: '2031-01-01' },
      ['defaultValue: Default Value must be equal or smaller then 2030-12-31'],
    ],
    ['DATE', { min: '01/02/2020' }, ['min: Min is in wrong format']],
    ['DATE', { min: '2020-02-30' }, ['min: Min is in wrong format']],
    ['DATE', { min: '' }, ['min: Min is required']],
    ['DATE', { min: 20200101 }, ['min: Min is in wrong format']],
  ];
  it.each(rows)('%s %j gives %j', (type, changes, expected) => {
    expect(problems(withChanges(type, changes))).toEqual(expected);
  });
});

describe('select definitions (§5): options', () => {
  const opts = (...list: [string, string, boolean?][]) =>
    list.map(([key, text, selected]) => ({ key, text, selected: selected ?? false }));
  const rows: [ParameterType, unknown, string[]][] = [
    ['SINGLE_SELECT', opts(['a', 'A', true], ['b', 'B']), []],
    [
      'SINGLE_SELECT',
      opts(['a', 'A', true], ['b', 'B', true]),
      ['options: Only one option can be selected.'],
    ],
    ['MULTI_SELECT', opts(['a', 'A', true], ['b', 'B', true]), []],
    ['SINGLE_SELECT', opts(['a', 'A'], ['a', 'B']), ['options.1.key: Key is not unique']],
    ['SINGLE_SELECT', opts(['a', 'A'], ['b', 'A']), ['options.1.text: Text is not unique']],
    ['MULTI_SELECT', opts(['', 'A']), ['options.0.key: Key is required']],
    ['MULTI_SELECT', opts(['a', ' ']), ['options.0.text: Text is required']],
    ['SINGLE_SELECT', [], ['options: Options is required']],
  ];
  it.each(rows)('%s %j gives %j', (type, options, expected) => {
    expect(problems(withChanges(type, { options }))).toEqual(expected);
  });

  it('selecting a single-select option clears the others', () => {
    const options = opts(['a', 'A', true], ['b', 'B'], ['c', 'C']);
    expect(selectOption(options, 'b', true).map((o) => o.selected)).toEqual([false, true, false]);
  });

  it('selecting a multi-select option toggles it only', () => {
    const options = opts(['a', 'A', true], ['b', 'B']);
    expect(selectOption(options, 'b', false).map((o) => o.selected)).toEqual([true, true]);
    expect(selectOption(options, 'a', false).map((o) => o.selected)).toEqual([false, false]);
  });
});

describe('array definitions (§5)', () => {
  const column = (changes: Record<string, unknown>) => ({
    text: 'Rate',
    required: false,
    dataType: 'DECIMAL',
    length: 200,
    min: 0,
    max: 1,
    defaultValue: [0.5],
    ...changes,
  });
  const array = (columns: unknown[], rows: unknown[] = [{ text: 'r1' }]) =>
    withChanges('ARRAY', { rows, columns });
  const rows: [string, unknown, string[]][] = [
    ['a valid decimal column', array([column({})]), []],
    ['a blank column text', array([column({ text: '' })]), ['columns.0.text: Column Text is required']],
    ['a blank row text', array([column({})], [{ text: '' }]), ['rows.0.text: Row Text is required']],
    ['no rows', array([column({ defaultValue: [] })], []), ['rows: Rows is required']],
    ['no columns', array([]), ['columns: Columns is required']],
    [
      'an integer column with a decimal bound',
      array([column({ dataType: 'INTEGER', min: 0.5, max: 3, defaultValue: [1] })]),
      ['columns.0.min: Min must be integer'],
    ],
    [
      'an integer column with a decimal default',
      array([column({ dataType: 'INTEGER', min: 0, max: 3, defaultValue: [1.5] })]),
      ['columns.0.defaultValue.0: Default Value must be integer'],
    ],
    [
      'a default above max',
      array([column({ defaultValue: [2] })]),
      ['columns.0.defaultValue.0: Default Value must be equal or smaller then 1'],
    ],
    [
      'max below min',
      array([column({ min: 1, max: 0, defaultValue: [null] })]),
      ['columns.0.max: Max must be equal or greater then 1'],
    ],
    [
      'a text default in a number column',
      array([column({ defaultValue: ['abc'] })]),
      ['columns.0.defaultValue.0: Default Value must be a number'],
    ],
    ['a blank default', array([column({ defaultValue: [''] })]), []],
    [
      'a string default longer than the column',
      array([
        column({ dataType: 'STRING', min: undefined, max: undefined, length: 3, defaultValue: ['abcd'] }),
      ]),
      ['columns.0.defaultValue.0: Default Value is too long'],
    ],
    [
      'more defaults than rows',
      array([column({ defaultValue: [0.1, 0.2] })]),
      ['columns.0.defaultValue: Default Value value is invalid'],
    ],
    [
      'a date column with a wrong date',
      array([
        column({ dataType: 'DATE', min: '2020-01-01', max: '2020-12-31', defaultValue: ['2020-13-01'] }),
      ]),
      ['columns.0.defaultValue.0: Default Value is in wrong format'],
    ],
  ];
  it.each(rows)('%s gives %j', (_, definition, expected) => {
    expect(problems(definition)).toEqual(expected);
  });

  it('a new column has length 200 and one blank default per row', () => {
    expect(newArrayColumn(3)).toEqual({
      text: '',
      required: false,
      dataType: 'STRING',
      length: 200,
      defaultValue: [null, null, null],
    });
  });

  it("changing a column's data type rebuilds it with blank defaults", () => {
    const rebuilt = changeColumnDataType(
      {
        text: 'Rate',
        required: true,
        dataType: 'DECIMAL',
        length: 200,
        min: 0,
        max: 1,
        defaultValue: [0.5, 0.6],
      },
      'DATE',
      2,
    );
    expect(rebuilt).toEqual({
      text: 'Rate',
      required: true,
      dataType: 'DATE',
      length: 200,
      defaultValue: [null, null],
    });
  });
});

describe('range definitions', () => {
  it.each([
    [{}, []],
    [{ from: { min: 0, max: 10 } }, ['from.defaultValue: Default Value is required']],
    [{ to: { min: 5, max: 1, defaultValue: 3 } }, ['to.max: Max must be equal or greater then 5']],
    [{ from: { min: 0, max: 10, defaultValue: 0.5 } }, ['from.defaultValue: Default Value must be integer']],
    [{ from: { min: 'a', max: 10, defaultValue: 1 } }, ['from.min: Min must be a number']],
    [
      {
        dataType: 'DATE',
        from: { min: '2020-01-01', max: '2020-12-31', defaultValue: '2020-05-05' },
        to: { min: '2020-01-01', max: '2021-12-31', defaultValue: '2021-01-01' },
      },
      [],
    ],
    [
      { dataType: 'DATE' },
      [
        'from.min: Min is in wrong format',
        'from.max: Max is in wrong format',
        'from.defaultValue: Default Value is in wrong format',
        'to.min: Min is in wrong format',
        'to.max: Max is in wrong format',
        'to.defaultValue: Default Value is in wrong format',
      ],
    ],
  ])('%j gives %j', (changes, expected) => {
    expect(problems(withChanges('RANGE', changes))).toEqual(expected);
  });

  it('refuses a data type other than integer, real number, decimal or date', () => {
    expect(problems(withChanges('RANGE', { dataType: 'STRING' }))).toEqual([
      'dataType: Data Type value is invalid',
    ]);
  });

  it("changing a range's data type resets from and to", () => {
    const range = sampleDefinition('RANGE') as DefinitionOf<'RANGE'>;
    expect(changeRangeDataType(range, 'DATE')).toMatchObject({ dataType: 'DATE', from: {}, to: {} });
  });
});

describe('selector definitions (§5)', () => {
  it.each([
    [{}, []],
    [{ columns: [{ key: '', text: 'Low', cellText: ['1', '2'] }] }, ['columns.0.key: Key is required']],
    [
      { columns: [{ key: 'k', text: '', cellText: ['1', '2'] }] },
      ['columns.0.text: Column Text is required'],
    ],
    [
      { columns: [{ key: 'k', text: 'K', cellText: ['1', ''] }] },
      ['columns.0.cellText.1: Cell Text is required'],
    ],
    [
      { columns: [{ key: 'k', text: 'K', cellText: ['1'] }] },
      ['columns.0.cellText.1: Cell Text is required'],
    ],
    [
      { rows: [{ text: '' }], columns: [{ key: 'k', text: 'K', cellText: ['1'] }] },
      ['rows.0.text: Row Text is required'],
    ],
    [
      {
        columns: [
          { key: 'k', text: 'A', cellText: ['1', '2'] },
          { key: 'k', text: 'B', cellText: ['1', '2'] },
        ],
      },
      ['columns.1.key: Key is not unique'],
    ],
  ])('%j gives %j', (changes, expected) => {
    expect(problems(withChanges('SELECTOR', changes))).toEqual(expected);
  });
});

describe('file definitions (§5)', () => {
  it.each([
    [{ size: 1, files: 'help-1' }, []],
    [{ files: undefined }, ['files: Help File is required']],
    [{ files: '' }, ['files: Help File is required']],
    [{ size: 0.5 }, ['size: Size must be integer']],
    [{ size: 2 }, ['size: Size must be equal or smaller then 1']],
    [{ size: 0 }, ['size: Size must be greater then 0']],
    [{ size: null }, ['size: Size is required']],
  ])('%j gives %j', (changes, expected) => {
    expect(problems(withChanges('FILE', changes))).toEqual(expected);
  });
});

describe('boolean and label definitions', () => {
  it('refuses a boolean default that is not a boolean', () => {
    expect(problems(withChanges('BOOLEAN', { defaultValue: 'yes' }))).toEqual([
      'defaultValue: Default Value value is invalid',
    ]);
  });
  it('keeps a label heading text as its default', () => {
    expect(ParameterDefinitionSchema.parse(sampleDefinition('LABEL'))).toMatchObject({
      defaultValue: 'Section heading',
    });
  });
});
