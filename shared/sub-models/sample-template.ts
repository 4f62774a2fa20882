import type { InstanceValues } from './instance-values';
import type { ParameterDefinition } from './parameter-definition';
import { PARAMETER_TYPES, type ParameterType } from './parameter-types';

/**
 * A valid template with one parameter of each of the 13 types, and a generator of large templates.
 * Used by the tests, the benchmark (scripts/bench/parameters.ts) and the demo seed.
 */

/** One valid definition of `type`; `n` makes ids and names unique. */
export function sampleDefinition(type: ParameterType, n = 1): ParameterDefinition {
  const common = {
    id: `p${n}`,
    categoryId: '3',
    name: `param_${n}`,
    title: `Parameter ${n}`,
    question: `What is parameter ${n}?`,
    visible: true,
    required: false,
    viewable: true,
    expertiseLevel: 500 as const,
  };
  switch (type) {
    case 'STRING':
      return { ...common, type, length: 255, defaultValue: 'text' };
    case 'BOOLEAN':
      return { ...common, type, defaultValue: true };
    case 'INTEGER':
      return { ...common, type, min: 0, max: 100, defaultValue: 40 };
    case 'REAL_NUMBER':
      return { ...common, type, min: 0, max: 1, defaultValue: 0.5 };
    case 'DECIMAL':
      return { ...common, type, min: -10.5, max: 10.5, defaultValue: 1.25 };
    case 'DATE':
      return { ...common, type, min: '2020-01-01', max: '2030-12-31', defaultValue: '2025-06-30' };
    case 'SINGLE_SELECT':
      return {
        ...common,
        type,
        options: [
          { key: 'a', text: 'Arm A', selected: true },
          { key: 'b', text: 'Arm B', selected: false },
        ],
      };
    case 'MULTI_SELECT':
      return {
        ...common,
        type,
        options: [
          { key: 'x', text: 'X', selected: true },
          { key: 'y', text: 'Y', selected: true },
          { key: 'z', text: 'Z', selected: false },
        ],
      };
    case 'ARRAY':
      return {
        ...common,
        type,
        rowDescription: 'Age group',
        rows: [{ text: '0-17' }, { text: '18-64' }, { text: '65+' }],
        columns: [
          {
            text: 'Rate',
            required: true,
            dataType: 'DECIMAL',
            length: 200,
            min: 0,
            max: 1,
            defaultValue: [0.1, 0.2, 0.3],
          },
          {
            text: 'Note',
            required: false,
            dataType: 'STRING',
            length: 200,
            defaultValue: ['', 'adults', null],
          },
        ],
      };
    case 'RANGE':
      return {
        ...common,
        type,
        dataType: 'INTEGER',
        from: { min: 0, max: 50, defaultValue: 10 },
        to: { min: 0, max: 100, defaultValue: 60 },
      };
    case 'SELECTOR':
      return {
        ...common,
        type,
        rows: [{ text: 'Cost' }, { text: 'Effect' }],
        columns: [
          { key: 'low', text: 'Low', cellText: ['100', '0.1'] },
          { key: 'high', text: 'High', cellText: ['900', '0.8'] },
        ],
      };
    case 'LABEL':
      return { ...common, type, defaultValue: 'Section heading' };
    case 'FILE':
      return { ...common, type, size: 1, files: 'help-file-1' };
  }
}

/** A valid template with one parameter of each type, in PARAMETER_TYPES order (p1..p13). */
export function sampleTemplate(): { definitions: ParameterDefinition[] } {
  return { definitions: PARAMETER_TYPES.map((type, i) => sampleDefinition(type, i + 1)) };
}

/** A valid template of `count` parameters cycling through the 13 types (some required, some expert). */
export function generateTemplate(count: number): { definitions: ParameterDefinition[] } {
  const definitions = Array.from({ length: count }, (_, i) => {
    const type = PARAMETER_TYPES[i % PARAMETER_TYPES.length] as ParameterType;
    const d = sampleDefinition(type, i + 1);
    return { ...d, required: i % 3 === 0 && type !== 'LABEL', expertiseLevel: i % 7 === 0 ? 1000 : 500 };
  });
  return { definitions: definitions as ParameterDefinition[] };
}

/** Valid values for every parameter of `definitions` (what a user fills in). */
export function sampleValues(definitions: readonly ParameterDefinition[]): InstanceValues {
  const values: InstanceValues = {};
  for (const d of definitions) {
    switch (d.type) {
      case 'STRING':
        values[d.name] = 'hello';
        break;
      case 'BOOLEAN':
        values[d.name] = false;
        break;
      case 'INTEGER':
        values[d.name] = 42;
        break;
      case 'REAL_NUMBER':
        values[d.name] = 0.25;
        break;
      case 'DECIMAL':
        values[d.name] = 2.5;
        break;
      case 'DATE':
        values[d.name] = '2026-01-15';
        break;
      case 'SINGLE_SELECT':
        values[d.name] = 'b';
        break;
      case 'MULTI_SELECT':
        values[d.name] = ['x', 'z'];
        break;
      case 'ARRAY':
        values[d.name] = [
          [0.15, 'children'],
          [0.25, ''],
          [0.35, 'elderly'],
        ];
        break;
      case 'RANGE':
        values[d.name] = { from: 5, to: 70 };
        break;
      case 'SELECTOR':
        values[d.name] = 'high';
        break;
      case 'LABEL':
        break;
      case 'FILE':
        values[d.name] = { id: 'file-1', name: 'inputs.csv' };
        break;
    }
  }
  return values;
}
