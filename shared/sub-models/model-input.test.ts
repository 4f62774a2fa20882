import { describe, expect, it } from 'vitest';
import {
  inputSetupPlan,
  isInputDefinitionValid,
  newModelInputValue,
  validateTemplate,
  validateTemplateText,
} from './model-input';
import { sampleDefinition, sampleTemplate } from './sample-template';

const issuesOf = (value: unknown) => {
  const check = validateTemplate(value);
  return check.valid ? [] : check.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('new input definitions (§3)', () => {
  it('a JSON input starts as empty JSON', () => {
    expect(JSON.parse(newModelInputValue('JSON'))).toEqual({});
  });
  it('a template starts with an empty definitions list', () => {
    expect(JSON.parse(newModelInputValue('JSONTEMPLATE'))).toEqual({ definitions: [] });
  });
  it('an empty template is valid', () => {
    expect(validateTemplateText(newModelInputValue('JSONTEMPLATE')).valid).toBe(true);
  });
});

describe('template validity', () => {
  it('accepts the sample with all 13 types and applies defaults', () => {
    const check = validateTemplate(sampleTemplate());
    expect(check.valid).toBe(true);
    if (check.valid) expect(check.definitions).toHaveLength(13);
  });

  it.each([
    ['a list instead of an object', [], [': Invalid data structure']],
    ['text', 'definitions', [': Invalid data structure']],
    ['no definitions list', { definitions: {} }, ['definitions: Invalid data structure']],
  ])('refuses %s', (_, value, expected) => {
    expect(issuesOf(value)).toEqual(expected);
  });

  it('refuses text that is not JSON', () => {
    expect(validateTemplateText('{definitions:').valid).toBe(false);
  });

  it('paths a definition problem to its parameter', () => {
    const template = sampleTemplate();
    template.definitions[2] = { ...sampleDefinition('INTEGER', 3), min: 50, max: 10 } as never;
    expect(issuesOf(template)).toEqual(['definitions.2.max: Max must be equal or greater then 50']);
  });

  it('refuses two parameters with the same id', () => {
    const a = sampleDefinition('STRING', 1);
    const b = { ...sampleDefinition('BOOLEAN', 2), id: 'p1' };
    expect(issuesOf({ definitions: [a, b] })).toEqual(['definitions.1.id: Id is not unique']);
  });

  it('refuses two parameters with the same variable name', () => {
    const a = sampleDefinition('STRING', 1);
    const b = { ...sampleDefinition('BOOLEAN', 2), name: 'param_1' };
    expect(issuesOf({ definitions: [a, b] })).toEqual(['definitions.1.name: Variable Name is not unique']);
  });

  const controller = sampleDefinition('BOOLEAN', 1);
  const select = sampleDefinition('SINGLE_SELECT', 2);
  const controlled = (controlledBy: unknown) => ({
    ...sampleDefinition('STRING', 3),
    controlType: 'HIDE_SHOW',
    controlledBy,
  });
  it.each([
    ['a boolean controller and a boolean value', { id: 'p1', value: true }, []],
    ['a select controller and one of its keys', { id: 'p2', value: 'b' }, []],
    [
      'a missing controller',
      { id: 'p9', value: true },
      ['definitions.2.controlledBy: Controlled By value is invalid'],
    ],
    [
      'a key the select does not have',
      { id: 'p2', value: 'zz' },
      ['definitions.2.controlledBy: Controlled By value is invalid'],
    ],
    [
      'a text value for a boolean',
      { id: 'p1', value: 'true' },
      ['definitions.2.controlledBy: Controlled By value is invalid'],
    ],
    ['itself', { id: 'p3', value: true }, ['definitions.2.controlledBy: Controlled By value is invalid']],
  ])('a controlled-by naming %s gives %j', (_, controlledBy, expected) => {
    expect(issuesOf({ definitions: [controller, select, controlled(controlledBy)] })).toEqual(expected);
  });

  it('refuses a controller that cannot control (a string)', () => {
    const text = sampleDefinition('STRING', 1);
    expect(issuesOf({ definitions: [text, select, controlled({ id: 'p1', value: 'text' })] })).toEqual([
      'definitions.2.controlledBy: Controlled By value is invalid',
    ]);
  });
});

describe('isInputDefinitionValid', () => {
  it.each([
    [{ type: 'JSON', value: '{"a":1}' }, true],
    [{ type: 'JSON', value: '[1]' }, false],
    [{ type: 'JSON', value: 'nope' }, false],
    [{ type: 'JSONTEMPLATE', value: JSON.stringify(sampleTemplate()) }, true],
    [{ type: 'JSONTEMPLATE', value: '{"definitions":[{"type":"INTEGER"}]}' }, false],
  ] as const)('%j is %s', (input, expected) => {
    expect(isInputDefinitionValid(input)).toBe(expected);
  });
});

describe('input setup per execution setup (§4)', () => {
  it('creates one empty JSON input when there is none', () => {
    expect(inputSetupPlan([])).toEqual({
      create: { type: 'JSON', name: 'default', value: '{}' },
      deleteIds: [],
    });
  });
  it.each([
    [['a'], []],
    [['a', 'b'], []],
    [['a', 'b', 'c'], ['c']],
    [
      ['a', 'b', 'c', 'd'],
      ['c', 'd'],
    ],
  ])('with inputs %j deletes %j (the extras beyond the first two)', (ids, deleted) => {
    expect(inputSetupPlan(ids.map((id) => ({ id })))).toEqual({ create: undefined, deleteIds: deleted });
  });
});
