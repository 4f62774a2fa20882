import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { sampleTemplate } from '@shared/sub-models/sample-template';
import { describe, expect, it } from 'vitest';
import {
  addColumn,
  addParameter,
  addRow,
  changeParameterType,
  controllerCandidates,
  controllerValues,
  type DraftParameter,
  issuesByPath,
  moveParameter,
  nextParameterId,
  parameterHasIssues,
  parseTemplateValue,
  removeParameter,
  removeRow,
  setColumnDataType,
  setController,
  setControlType,
  setRangeDataType,
  templateIssues,
  templateValue,
  toggleOption,
} from './template-state';

const sample = () => sampleTemplate().definitions as DraftParameter[];
const byType = (type: string) => sample().find((d) => d.type === type) as DraftParameter;

describe('template drafts', () => {
  it('reads a stored template and refuses anything else', () => {
    expect(parseTemplateValue(templateValue(sample()))).toMatchObject({ ok: true });
    expect(parseTemplateValue('{}')).toEqual({ ok: true, definitions: [] });
    for (const bad of ['[]', '{"definitions": 3}', 'not json', '{"definitions": [1]}'])
      expect(parseTemplateValue(bad)).toEqual({
        ok: false,
        message: SUB_MODEL_MESSAGES.invalidDataStructure,
      });
  });

  it('adds a string parameter with the defaults of §3 and a fresh id', () => {
    const next = addParameter([{ ...byType('STRING'), id: 'p2' }]);
    expect(nextParameterId([{ id: 'p1' }, { id: 'p3' }])).toBe('p4');
    expect(next[1]).toMatchObject({
      id: 'p3',
      type: 'STRING',
      length: 255,
      categoryId: '3',
      expertiseLevel: 500,
      visible: true,
      required: false,
      viewable: true,
    });
  });

  it("keeps names, texts, flags and control on a type change and takes the new type's defaults", () => {
    const d = {
      ...byType('STRING'),
      required: true,
      expertiseLevel: 750,
      controlType: 'HIDE_SHOW' as const,
      controlledBy: { id: 'p2', value: true },
    };
    const file = changeParameterType(d, 'FILE');
    expect(file).toMatchObject({
      type: 'FILE',
      size: 1,
      name: d.name,
      title: d.title,
      required: true,
      expertiseLevel: 750,
      controlledBy: { id: 'p2', value: true },
    });
    expect(file.length).toBeUndefined();
  });

  it('removes a parameter and the controls that pointed at it', () => {
    const defs = sample();
    const boolean = defs.find((d) => d.type === 'BOOLEAN') as DraftParameter;
    const controlled = defs.map((d) =>
      d.type === 'STRING'
        ? { ...d, controlType: 'HIDE_SHOW' as const, controlledBy: { id: boolean.id, value: true } }
        : d,
    );
    const after = removeParameter(
      controlled,
      controlled.indexOf(controlled.find((d) => d.type === 'BOOLEAN') as DraftParameter),
    );
    expect(after.find((d) => d.type === 'STRING')).not.toHaveProperty('controlledBy');
    expect(after).toHaveLength(12);
  });

  it('moves a parameter and stays within the list', () => {
    const defs = sample();
    expect(
      moveParameter(defs, 1, -1)
        .map((d) => d.id)
        .slice(0, 2),
    ).toEqual(['p2', 'p1']);
    expect(moveParameter(defs, 0, -1).map((d) => d.id)).toEqual(defs.map((d) => d.id));
  });

  it('keeps one option selected in a single select, toggles in a multi select (§4)', () => {
    const single = byType('SINGLE_SELECT');
    expect(toggleOption(single, 1).options?.map((o) => o.selected)).toEqual([false, true]);
    expect(toggleOption(single, 0).options?.map((o) => o.selected)).toEqual([false, false]);
    const multi = byType('MULTI_SELECT');
    expect(toggleOption(multi, 2).options?.map((o) => o.selected)).toEqual([true, true, true]);
  });

  it("resets a range's ends when its data type changes (§4)", () => {
    expect(setRangeDataType(byType('RANGE'), 'DATE')).toMatchObject({ dataType: 'DATE', from: {}, to: {} });
  });

  it('rebuilds an array column with blank defaults when its data type changes (§4)', () => {
    const array = byType('ARRAY');
    const next = setColumnDataType(array, 0, 'DATE');
    expect(next.columns?.[0]).toMatchObject({
      text: 'Rate',
      required: true,
      dataType: 'DATE',
      defaultValue: [null, null, null],
    });
    expect(next.columns?.[0]?.min).toBeUndefined();
  });

  it('gives every column a cell for a new row and drops it with the row', () => {
    const array = addRow(byType('ARRAY'));
    expect(array.rows).toHaveLength(4);
    expect(array.columns?.map((c) => c.defaultValue?.length)).toEqual([4, 4]);
    const selector = addRow(byType('SELECTOR'));
    expect(selector.columns?.map((c) => c.cellText)).toEqual([
      ['100', '0.1', ''],
      ['900', '0.8', ''],
    ]);
    expect(removeRow(selector, 0).columns?.map((c) => c.cellText)).toEqual([
      ['0.1', ''],
      ['0.8', ''],
    ]);
    expect(addColumn(selector).columns?.[2]).toEqual({ key: '', text: '', cellText: ['', '', ''] });
    expect(addColumn(byType('ARRAY')).columns?.[2]).toMatchObject({
      dataType: 'STRING',
      length: 200,
      defaultValue: [null, null, null],
    });
  });

  it('offers boolean and select parameters other than itself as controllers, with their values', () => {
    const defs = sample();
    const string = byType('STRING');
    expect(controllerCandidates(defs, string).map((d) => d.type)).toEqual([
      'BOOLEAN',
      'SINGLE_SELECT',
      'MULTI_SELECT',
    ]);
    expect(controllerValues(byType('BOOLEAN')).map((v) => v.value)).toEqual([true, false]);
    expect(controllerValues(byType('SINGLE_SELECT')).map((v) => v.value)).toEqual(['a', 'b']);
    const controlled = setController(setControlType(string, 'ENABLE_DISABLE'), byType('MULTI_SELECT'));
    expect(controlled).toMatchObject({
      controlType: 'ENABLE_DISABLE',
      controlledBy: { id: byType('MULTI_SELECT').id, value: 'x' },
    });
    expect(setControlType(controlled, undefined)).not.toHaveProperty('controlledBy');
  });

  it("reports the editor rules of §5 at their paths with the spec's messages", () => {
    const defs = sample();
    defs[0] = { ...defs[0], name: '1st value' } as DraftParameter;
    defs[2] = { ...defs[2], min: 10, max: 5 } as DraftParameter;
    const issues = templateIssues(defs);
    const errors = issuesByPath(issues);
    expect(errors.get('definitions.0.name')).toBe(SUB_MODEL_MESSAGES.variableNameStart);
    expect(errors.get('definitions.2.max')).toBe('Max must be equal or greater then 10');
    expect(parameterHasIssues(issues, 2)).toBe(true);
    expect(parameterHasIssues(issues, 1)).toBe(false);
    expect(templateIssues(sample())).toEqual([]);
  });
});
