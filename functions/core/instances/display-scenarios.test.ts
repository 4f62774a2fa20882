import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import type { InstanceStatus } from '@shared/sub-models/instances';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { describe, expect, it } from 'vitest';
import type { InstanceRecord } from '../../data/instances';
import { displayScenarioIssues } from './display-scenarios';

const display = { id: 'DISPLAY', name: 'Survival curves dashboard' };
const subModels = new Map([
  ['SCENARIOS', { displayExecutionSetupId: 'DISPLAY' }],
  ['CALIBRATIONS', { displayExecutionSetupId: 'DISPLAY' }],
  ['OTHER', { displayExecutionSetupId: 'ANOTHER' }],
  ['UNLINKED', {}],
  ['DISPLAY', {}],
]);
const instance = (
  id: string,
  status: InstanceStatus = 'COMPLETED',
  type: SubModelType = 'scenario',
  executionSetupId = type === 'calibration' ? 'CALIBRATIONS' : 'SCENARIOS',
) => ({ id, name: `Scenario ${id}`, status, type, executionSetupId }) as InstanceRecord;
const found = (...records: InstanceRecord[]) => new Map(records.map((r) => [r.id, r]));
const seesAll = () => true;
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('the scenarios an analysis displays', () => {
  it('accepts finished scenario and calibration instances of sub-models that use this display', () => {
    const issues = displayScenarioIssues(
      display,
      [
        { id: 'A', order: 1 },
        { id: 'B', order: 2, label: 'Accepted' },
        { id: 'C', order: 3 },
      ],
      found(instance('A'), instance('B', 'ACCEPTED', 'calibration'), instance('C', 'SUPERSEDED')),
      subModels,
      seesAll,
    );
    expect(issues).toEqual([]);
  });

  it('needs at least one scenario', () => {
    expect(displayScenarioIssues(display, [], found(), subModels, seesAll)).toEqual([
      { path: 'displayScenarios', message: MSG.displayScenariosRequired },
    ]);
  });

  it('refuses a scenario twice and an order twice', () => {
    const issues = displayScenarioIssues(
      display,
      [
        { id: 'A', order: 1 },
        { id: 'A', order: 2 },
        { id: 'B', order: 2 },
      ],
      found(instance('A'), instance('B')),
      subModels,
      seesAll,
    );
    expect(issues).toEqual([
      { path: 'displayScenarios.1.id', message: MSG.displayScenarioTwice('A') },
      { path: 'displayScenarios.2.order', message: MSG.displayOrderTwice(2) },
    ]);
  });

  it('answers not found for an unknown instance and for one the caller does not see', () => {
    const issues = displayScenarioIssues(
      display,
      [
        { id: 'GONE', order: 1 },
        { id: 'CAL', order: 2 },
      ],
      found(instance('CAL', 'ACCEPTED', 'calibration')),
      subModels,
      (type) => type !== 'calibration',
    );
    expect(messages(issues)).toEqual([
      MSG.displayScenarioNotFound('GONE'),
      MSG.displayScenarioNotFound('CAL'),
    ]);
  });

  it('refuses unfinished instances, analyses and scenarios of sub-models that use another display', () => {
    const issues = displayScenarioIssues(
      display,
      [
        { id: 'DRAFT', order: 1 },
        { id: 'RUNNING', order: 2 },
        { id: 'FAILED', order: 3 },
        { id: 'ANALYSIS', order: 4 },
        { id: 'OTHER', order: 5 },
        { id: 'UNLINKED', order: 6 },
      ],
      found(
        instance('DRAFT', 'DRAFT'),
        instance('RUNNING', 'INPROCESS'),
        instance('FAILED', 'FAILED'),
        instance('ANALYSIS', 'COMPLETED', 'display', 'DISPLAY'),
        instance('OTHER', 'COMPLETED', 'scenario', 'OTHER'),
        instance('UNLINKED', 'COMPLETED', 'scenario', 'UNLINKED'),
      ),
      subModels,
      seesAll,
    );
    expect(messages(issues)).toEqual([
      MSG.displayScenarioNotFinished('Scenario DRAFT'),
      MSG.displayScenarioNotFinished('Scenario RUNNING'),
      MSG.displayScenarioNotFinished('Scenario FAILED'),
      MSG.displayScenarioIsAnalysis('Scenario ANALYSIS'),
      MSG.displayScenarioOtherDisplay('Scenario OTHER', display.name),
      MSG.displayScenarioOtherDisplay('Scenario UNLINKED', display.name),
    ]);
  });
});
