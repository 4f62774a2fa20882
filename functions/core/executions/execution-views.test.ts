import { EXECUTION_MESSAGES } from '@shared/executions/execution-status';
import { describe, expect, it, vi } from 'vitest';
import type { ExecutionGroupRecord, ExecutionRunRecord } from '../../data/executions';
import type { ModelRecord } from '../../data/models';
import { person, rolesOf } from '../../testing/people';

vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { toExecutionGroup } = await import('./execution-views');

const RESTRICTED = EXECUTION_MESSAGES.restrictedAccess;
const roles = rolesOf({ scenarioModelers: ['scenarist'] });
const model = {
  uuid: 'MODEL-UUID',
  name: 'Cohort',
  status: 'DRAFT',
  metadata: { platform: 'WebModel 2.0' },
  roles,
} as unknown as ModelRecord;
const group: ExecutionGroupRecord = {
  groupId: 'GROUP-ID',
  modelUuid: 'MODEL-UUID',
  modelName: 'Cohort',
  createdBy: 'owner',
  createdByName: 'Olivia Owner',
  createdOn: '2030-01-01T00:00:00.000Z',
  runs: [
    {
      instanceId: 'CAL-INST',
      runId: 'CAL-RUN',
      name: 'Fit',
      filename: 'fit.R',
      subModelId: 'CAL-SM',
      type: 'calibration',
    },
    {
      instanceId: 'SC-INST',
      runId: 'SC-RUN',
      name: 'Base',
      filename: 'run.R',
      subModelId: 'SC-SM',
      type: 'scenario',
    },
  ],
  statuses: { 'CAL-INST': 'INPROCESS', 'SC-INST': 'COMPLETED' },
};
const runs = [
  { instanceId: 'CAL-INST', status: 'INPROCESS', startedOn: '2030-01-01T00:00:05.000Z' },
  { instanceId: 'SC-INST', status: 'COMPLETED', finishedOn: '2030-01-01T00:01:00.000Z' },
] as ExecutionRunRecord[];

describe('toExecutionGroup: queue rows the caller may not see', () => {
  it('leaves every id and the creator out of a group of an entry the caller cannot see', () => {
    const view = toExecutionGroup(person('stranger'), group, model, runs);
    const text = JSON.stringify(view);
    for (const secret of [
      'GROUP-ID',
      'MODEL-UUID',
      'CAL-INST',
      'CAL-RUN',
      'CAL-SM',
      'SC-INST',
      'SC-RUN',
      'owner',
      'Olivia',
    ])
      expect(text).not.toContain(secret);
    expect(view).toEqual({
      status: 'INPROCESS',
      model: { name: RESTRICTED },
      createdBy: { name: RESTRICTED },
      createdOn: group.createdOn,
      restricted: true,
      executions: ['INPROCESS', 'COMPLETED'].map((status) => ({
        status,
        scenario: { name: RESTRICTED },
        model: { name: RESTRICTED },
        filename: RESTRICTED,
        createdBy: { name: RESTRICTED },
        createdOn: group.createdOn,
        restricted: true,
      })),
    });
  });

  it('shows the group to who sees the entry, but a run of a hidden section without its ids', () => {
    const view = toExecutionGroup(person('scenarist'), group, model, runs);
    expect(view).toMatchObject({
      groupId: 'GROUP-ID',
      model: { uuid: 'MODEL-UUID', name: 'Cohort' },
      createdBy: { id: 'owner', name: 'Olivia Owner' },
      restricted: false,
    });
    const [calibration, scenario] = view.executions;
    expect(calibration).toEqual({
      groupId: 'GROUP-ID',
      status: 'INPROCESS',
      scenario: { name: RESTRICTED },
      model: { uuid: 'MODEL-UUID', name: 'Cohort' },
      filename: RESTRICTED,
      createdBy: { name: RESTRICTED },
      createdOn: group.createdOn,
      restricted: true,
    });
    expect(scenario).toMatchObject({
      id: 'SC-RUN',
      scenario: { id: 'SC-INST', name: 'Base' },
      subModelId: 'SC-SM',
      createdBy: { id: 'owner' },
      finishedOn: '2030-01-01T00:01:00.000Z',
      restricted: false,
    });
  });
});
