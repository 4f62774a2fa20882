import { describe, expect, it } from 'vitest';
import type { ModelFileRecord } from '../../data/model-files';
import type { ModelRecord } from '../../data/models';
import {
  calibrationProblems,
  displayProblems,
  entryPathOf,
  parameterProblems,
  planRun,
} from './execution-plan';

const model = (metadata: Record<string, unknown> = {}) => ({ metadata }) as unknown as ModelRecord;
const file = (uuid: string, name: string, extra: Partial<ModelFileRecord> = {}) =>
  ({
    uuid,
    name,
    path: '',
    folder: false,
    mainFile: false,
    s3Key: `models/m/files/${uuid}`,
    ...extra,
  }) as ModelFileRecord;

describe('planRun (Execute blockers of the execution files)', () => {
  const files = [
    file('f1', 'data.csv'),
    file('f2', 'model.R', { mainFile: true, path: 'code/r' }),
    file('f3', 'helpers.R'),
  ];

  it('starts the first execution file the language executes, with every execution file', () => {
    const { plan, problems } = planRun(model(), files, { executionModels: ['f1', 'f2', 'f3'] });
    expect(problems).toEqual([]);
    expect(plan?.language).toBe('R');
    expect(plan?.entry.uuid).toBe('f2');
    expect(entryPathOf(plan?.entry ?? file('x', 'x'))).toBe('code/r/model.R');
    expect(plan?.files.map((f) => f.uuid)).toEqual(['f1', 'f2', 'f3']);
  });

  it("names the missing files: '{names} file is/are missing.'", () => {
    const gone = [...files, file('f4', 'params.R', { retired: true })];
    const { problems } = planRun(model(), gone, { executionModels: ['f2', 'f4', 'f9'] });
    expect(problems).toEqual([{ check: 'files', message: 'params.R, f9 file is/are missing.' }]);
  });

  it("says 'There is no executable file.' when no execution file is of the model's language", () => {
    const { problems } = planRun(model(), files, { executionModels: ['f1'] });
    expect(problems).toEqual([{ check: 'executable', message: 'There is no executable file.' }]);
  });

  it('refuses Mathematica with the runner layer’s message', () => {
    const { problems } = planRun(model({ mathematica_environment: 'Mathematica 14.1' }), files, {
      executionModels: ['f2'],
    });
    expect(problems[0]?.check).toBe('language');
    expect(problems[0]?.message).toMatch(/^This deployment has no Mathematica runtime/);
  });
});

const template = JSON.stringify({
  definitions: [
    {
      id: 'cycles',
      name: 'cycles',
      title: 'Cycles',
      question: 'How many?',
      type: 'INTEGER',
      categoryId: '18',
      visible: true,
      required: true,
      viewable: true,
      expertiseLevel: 1000,
      min: 1,
      max: 200,
      defaultValue: 40,
    },
  ],
});

describe('parameterProblems', () => {
  const instance = { name: 'Base case' };

  it('passes valid values, also of parameters above anyone’s default level', () => {
    expect(
      parameterProblems(instance, { type: 'JSONTEMPLATE', value: template }, { value: '{"cycles": 40}' })
        .problems,
    ).toEqual([]);
  });

  it('blocks values outside the definition, with each issue', () => {
    const { problems, issues } = parameterProblems(
      instance,
      { type: 'JSONTEMPLATE', value: template },
      { value: '{"cycles": 500}' },
    );
    expect(problems).toEqual([
      {
        check: 'parameters',
        message:
          'The parameters of Base case are not valid: fix them in the instance editor before executing it.',
      },
    ]);
    expect(issues).toEqual([{ path: 'cycles', message: 'Cycles must be equal or smaller then 200' }]);
  });

  it('blocks an invalid template and an array input with the spec’s texts', () => {
    expect(
      parameterProblems(instance, { type: 'JSONTEMPLATE', value: '{"definitions": [{}]}' }, { value: '{}' })
        .problems[0]?.message,
    ).toBe('Input Definition is not valid and needs to be fixed before proceeding.');
    expect(
      parameterProblems(instance, { type: 'JSON', value: '{}' }, { value: '[1]' }).problems[0]?.message,
    ).toBe('Input Data must not be an Array.');
  });
});

describe('calibrationProblems', () => {
  const linked = { type: 'scenario' as const, executionSetupId: 'cal' };

  it('needs no calibration when the sub-model links none', () => {
    expect(calibrationProblems({ type: 'scenario' }, undefined, undefined, undefined)).toEqual([]);
  });

  it('requires a chosen, accepted instance of the linked calibration sub-model', () => {
    expect(calibrationProblems(linked, { name: 'Weibull fit' }, undefined, undefined)[0]?.message).toBe(
      'Select an accepted calibration instance of Weibull fit before executing.',
    );
    const completed = { status: 'COMPLETED' as const, executionSetupId: 'cal' };
    expect(calibrationProblems(linked, { name: 'Weibull fit' }, completed, 'c1')[0]?.check).toBe(
      'calibration',
    );
    const other = { status: 'ACCEPTED' as const, executionSetupId: 'other' };
    expect(calibrationProblems(linked, { name: 'Weibull fit' }, other, 'c1')[0]?.check).toBe('calibration');
    const accepted = { status: 'ACCEPTED' as const, executionSetupId: 'cal' };
    expect(calibrationProblems(linked, { name: 'Weibull fit' }, accepted, 'c1')).toEqual([]);
  });
});

describe('displayProblems (Execute blockers of an analysis)', () => {
  const run = (id: string, type: 'scenario' | 'calibration') =>
    ({ instance: { id, type } }) as unknown as Awaited<
      ReturnType<typeof import('./displayed-scenarios').displayedRuns>
    >['runs'][number];
  const seesScenariosOnly = (type: string) => type !== 'calibration';

  it('passes other instances and analyses whose scenarios have runs the caller sees', () => {
    expect(displayProblems(undefined, seesScenariosOnly)).toEqual([]);
    expect(displayProblems({ runs: [run('A', 'scenario')] }, seesScenariosOnly)).toEqual([]);
  });

  it('blocks a displayed scenario without a finished run, with the reading’s message', () => {
    expect(displayProblems({ runs: [], problem: 'Base has no finished result' }, () => true)).toEqual([
      { check: 'scenarios', message: 'Base has no finished result' },
    ]);
  });

  it('blocks an analysis showing instances of a section the caller does not see, revealing nothing', () => {
    expect(
      displayProblems({ runs: [run('A', 'scenario'), run('C', 'calibration')] }, seesScenariosOnly),
    ).toEqual([{ check: 'scenarios', message: 'Scenario C was not found.' }]);
  });
});
