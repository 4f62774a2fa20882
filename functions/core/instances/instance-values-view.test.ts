import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { sampleDefinition } from '@shared/sub-models/sample-template';
import { describe, expect, it } from 'vitest';
import {
  initialValues,
  namesAboveLevel,
  parseStoredValues,
  prepareIncomingValues,
  valueForCaller,
} from './instance-values-view';

/** A template with a basic (250), an intermediate (500, the default) and an expert (1000) parameter. */
const template = {
  definitions: [
    { ...sampleDefinition('INTEGER', 1), name: 'cohort', expertiseLevel: 250 as const },
    { ...sampleDefinition('STRING', 2), name: 'country' },
    { ...sampleDefinition('REAL_NUMBER', 3), name: 'discount', expertiseLevel: 1000 as const },
  ],
};
const definition = { type: 'JSONTEMPLATE' as const, value: JSON.stringify(template) };

describe('values above the caller’s expertise level (§6)', () => {
  it('hides parameters whose level exceeds the caller’s (default 500)', () => {
    expect([...namesAboveLevel(definition.value, 250)]).toEqual(['country', 'discount']);
    expect([...namesAboveLevel(definition.value, 500)]).toEqual(['discount']);
    expect([...namesAboveLevel(definition.value, 1000)]).toEqual([]);
  });

  it('reads the levels of a template that is no longer valid, and of none at all', () => {
    const broken = JSON.stringify({
      definitions: [{ name: 'secret', expertiseLevel: '750-Advanced' }, 'junk'],
    });
    expect([...namesAboveLevel(broken, 500)]).toEqual(['secret']);
    expect(namesAboveLevel('not json', 250).size).toBe(0);
  });

  it('leaves hidden values out of what the caller reads, and the text alone when nothing is hidden', () => {
    const stored = '{"cohort":40,"country":"UK","discount":0.035}';
    expect(JSON.parse(valueForCaller(stored, new Set(['discount'])))).toEqual({ cohort: 40, country: 'UK' });
    expect(valueForCaller(stored, new Set())).toBe(stored);
  });
});

describe('saving values', () => {
  it('ignores values sent for hidden parameters and keeps the stored ones', () => {
    const prepared = prepareIncomingValues({
      definition,
      stored: { cohort: 40, country: 'UK', discount: 0.035 },
      incoming: { cohort: 50, country: 'FR', discount: 0.9 },
      level: 250,
    });
    expect(prepared.values).toEqual({ cohort: 50, country: 'UK', discount: 0.035 });
  });

  it('lets an expert change every value', () => {
    const prepared = prepareIncomingValues({
      definition,
      stored: { cohort: 40, country: 'UK', discount: 0.035 },
      incoming: { cohort: 50, country: 'FR', discount: 0.9 },
      level: 1000,
    });
    expect(prepared).toEqual({
      values: { cohort: 50, country: 'FR', discount: 0.9 },
      valid: true,
      issues: [],
    });
  });

  it('converts typed text and reports what breaks the template, saving it anyway', () => {
    const prepared = prepareIncomingValues({
      definition,
      stored: undefined,
      incoming: { cohort: '120', country: 'x'.repeat(300) },
      level: 500,
    });
    expect(prepared.values.cohort).toBe(120);
    expect(prepared.valid).toBe(false);
    expect(prepared.issues.map((i) => i.message)).toEqual([
      'Parameter 1 must be equal or smaller then 100',
      'Parameter 2 is too long',
    ]);
  });

  it("reports 'Failed to parse ... from ...' for a value the converter cannot read", () => {
    const prepared = prepareIncomingValues({
      definition,
      stored: undefined,
      incoming: { cohort: 'many' },
      level: 500,
    });
    expect(prepared.issues[0]?.message).toMatch(/^Failed to parse .* from many$/);
    expect(prepared.values.cohort).toBe('many');
  });

  it('stores a raw JSON input as sent', () => {
    const raw = prepareIncomingValues({
      definition: { type: 'JSON', value: '{}' },
      stored: undefined,
      incoming: { anything: [1, 2] },
      level: 250,
    });
    expect(raw).toEqual({ values: { anything: [1, 2] }, valid: true, issues: [] });
  });

  it('keeps hidden values even when the template became invalid, and says so', () => {
    const broken = {
      type: 'JSONTEMPLATE' as const,
      value: JSON.stringify({ definitions: [{ name: 'secret', expertiseLevel: 1000 }] }),
    };
    const prepared = prepareIncomingValues({
      definition: broken,
      stored: { secret: 1 },
      incoming: { secret: 2, other: 3 },
      level: 500,
    });
    expect(prepared.values).toEqual({ other: 3, secret: 1 });
    expect(prepared.valid).toBe(false);
    expect(prepared.issues[0]?.message).toBe(SUB_MODEL_MESSAGES.invalidTemplateBlocksInstance);
  });
});

describe('a new instance’s values', () => {
  it('are the template’s defaults, or the raw JSON definition itself', () => {
    expect(initialValues(definition)).toEqual({ cohort: 40, country: 'text', discount: 0.5 });
    expect(initialValues({ type: 'JSON', value: '{"a":1}' })).toEqual({ a: 1 });
    expect(initialValues({ type: 'JSON', value: '[1]' })).toEqual({});
  });

  it('parse stored values only when they are an object', () => {
    expect(parseStoredValues('{"a":1}')).toEqual({ a: 1 });
    expect(parseStoredValues('[1]')).toBeUndefined();
    expect(parseStoredValues(undefined)).toBeUndefined();
  });
});
