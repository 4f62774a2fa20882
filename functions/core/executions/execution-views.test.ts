import { EXECUTION_MESSAGES } from '@shared/executions/execution-status';
import { describe, expect, it, vi } from 'vitest';
import type { ExecutionGroupRecord, ExecutionRunRecord } from '../../data/executions';
import type { InstanceRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import { person, rolesOf } from '../../testing/people';

vi.mock('../../lib/env', () => ({ env: { tableName: 'T', filesBucket: 'B' } }));

const { seesRunAnalysis, toExecutionGroup } = await import('./execution-views');

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

describe('toExecutionGroup: runs of a hidden analysis (a draft of the visualization flow)', () => {
  const displayRoles = rolesOf({ viewers: ['viewer', 'author'], displayViewers: ['watcher'] });
  const displayModel = { ...model, roles: displayRoles } as ModelRecord;
  const draftGroup: ExecutionGroupRecord = {
    ...group,
    createdBy: 'author',
    createdByName: 'Ann Author',
    runs: [
      {
        instanceId: 'DRAFT-INST',
        runId: 'DRAFT-RUN',
        name: 'Draft 12:00',
        filename: 'display.py',
        subModelId: 'DISPLAY-SM',
        type: 'display',
        draft: true,
      },
    ],
    statuses: { 'DRAFT-INST': 'COMPLETED' },
  };
  const analysis = (hidden: boolean, sharedWith: string[] = []) =>
    new Map([['DRAFT-INST', { hidden, createdBy: 'author', sharedWith } as unknown as InstanceRecord]]);
  const names = (view: ReturnType<typeof toExecutionGroup>) => JSON.stringify(view.executions);

  it('hides the draft’s name and ids from a viewer of the display section who may not change it', () => {
    for (const who of ['viewer', 'watcher']) {
      const view = toExecutionGroup(person(who), draftGroup, displayModel, undefined, analysis(true));
      expect(view.executions).toEqual([
        {
          groupId: 'GROUP-ID',
          status: 'COMPLETED',
          scenario: { name: RESTRICTED },
          model: { uuid: 'MODEL-UUID', name: 'Cohort' },
          filename: RESTRICTED,
          createdBy: { name: RESTRICTED },
          createdOn: group.createdOn,
          restricted: true,
        },
      ]);
      for (const secret of ['Draft 12:00', 'DRAFT-INST', 'DRAFT-RUN'])
        expect(names(view)).not.toContain(secret);
    }
  });

  it('shows the draft’s run to those who may change the draft: its creator, who it is shared with, the owner tier, super users', () => {
    for (const who of [person('author'), person('viewer'), person('owner'), person('admin', 'SUPERUSER')]) {
      const view = toExecutionGroup(who, draftGroup, displayModel, undefined, analysis(true, ['viewer']));
      expect(view.executions[0]).toMatchObject({
        scenario: { id: 'DRAFT-INST', name: 'Draft 12:00' },
        restricted: false,
      });
    }
  });

  it('shows the run to everyone who sees the section once the analysis is saved, whatever the flag of Execute said', () => {
    const view = toExecutionGroup(person('viewer'), draftGroup, displayModel, undefined, analysis(false));
    expect(view.executions[0]).toMatchObject({ scenario: { id: 'DRAFT-INST' }, restricted: false });
  });

  it('decides from the flag of Execute when the analysis is gone, and shows runs of older groups without one', () => {
    const gone = toExecutionGroup(person('viewer'), draftGroup, displayModel);
    expect(gone.executions[0]?.restricted).toBe(true);
    expect(toExecutionGroup(person('author'), draftGroup, displayModel).executions[0]?.restricted).toBe(
      false,
    );
    const older = { ...draftGroup, runs: draftGroup.runs.map(({ draft: _draft, ...run }) => run) };
    expect(toExecutionGroup(person('viewer'), older, displayModel).executions[0]?.restricted).toBe(false);
  });
});

describe('seesRunAnalysis', () => {
  it('never hides runs of scenario and calibration instances', () => {
    expect(
      seesRunAnalysis(person('viewer'), model, group, { type: 'scenario', draft: true }, undefined),
    ).toBe(true);
  });
});
