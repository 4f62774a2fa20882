import { describe, expect, it } from 'vitest';
import { input } from '../../test-fixtures';
import { definitionInput, exportContent, exportFileName } from './export-definition';

describe('sub-model export (001 §9)', () => {
  it('names the file from the type, the sub-model, the instance and the words Input Definition, spaces as underscores', () => {
    expect(exportFileName('scenario', 'Base case', 'Run 2')).toBe(
      'Scenario_Base_case_Run_2_Input_Definition.json',
    );
    expect(exportFileName('calibration', 'Fit ')).toBe('Calibration_Fit_Input_Definition.json');
  });

  it("exports a template as its definitions list (the import's form) and a JSON definition as its object", () => {
    const definitions = [{ id: 'p1', name: 'age', type: 'INTEGER' }];
    expect(JSON.parse(exportContent(input({ value: JSON.stringify({ definitions }) })))).toEqual(definitions);
    expect(JSON.parse(exportContent(input({ type: 'JSON', value: '{"a":1}' })))).toEqual({ a: 1 });
  });

  it("uses the newest input of the sub-model's definition type", () => {
    const items = [input({ id: 'json', type: 'JSON' }), input({ id: 'tpl' }), input({ id: 'older' })];
    expect(definitionInput(items, 'JSONTEMPLATE')?.id).toBe('tpl');
    expect(definitionInput([], 'JSON')).toBeUndefined();
  });
});
