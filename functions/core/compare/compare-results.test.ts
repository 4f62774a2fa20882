import type { RunResult } from '@shared/schemas/run-result';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceSummaryRecord } from '../../data/instances';
import type { ModelRecord } from '../../data/models';
import type { SubModelRecord } from '../../data/sub-models';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const subModels = vi.hoisted(() => ({ listSubModels: vi.fn() }));
const instances = vi.hoisted(() => ({ queryInstanceSummaries: vi.fn(), getInstance: vi.fn() }));
const executions = vi.hoisted(() => ({ getExecutionRun: vi.fn() }));
const runFiles = vi.hoisted(() => ({
  findRunDocument: vi.fn(),
  runResultKey: (runId: string) => `runs/${runId}/result.json`,
}));
vi.mock('../../data/models', () => models);
vi.mock('../../data/sub-models', () => subModels);
vi.mock('../../data/instances', () => instances);
vi.mock('../../data/executions', () => executions);
vi.mock('../../data/run-files', () => runFiles);
const { compareVersionResults } = await import('./compare-results');

const lead = { id: 'lead', userType: 'INTERNALUSER' } as never;
const modeler = { id: 'modeler', userType: 'INTERNALUSER' } as never;
const roles = {
  vestLead: 'lead',
  steward: 'steward',
  owners: [],
  viewers: [],
  displayViewers: [],
  calibrationModelers: [],
  scenarioModelers: ['modeler'],
};
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const entry = (uuid: string, extra: object = {}) =>
  ({
    uuid,
    name: `Entry ${uuid}`,
    status: 'PUBLISHED',
    roles,
    metadata: { global: 'true', platform: 'WebModel 2.0' },
    ...extra,
  }) as unknown as ModelRecord;

const subModel = (id: string, name: string, extra: object = {}) =>
  ({ id, name, type: 'scenario', ...extra }) as unknown as SubModelRecord;
const instance = (id: string, name: string, subModelId: string, status: string, extra: object = {}) =>
  ({
    id,
    name,
    status,
    type: 'scenario',
    executionSetupId: subModelId,
    createdBy: 'lead',
    sharedWith: [],
    hidden: false,
    outdated: false,
    lastGroupId: `group-${id}`,
    ...extra,
  }) as unknown as InstanceSummaryRecord;

const icerResult = (icer: number): RunResult => ({
  elements: [
    {
      kind: 'table',
      options: { title: 'Incremental analysis', tableHeadTillRow: 1 },
      cells: [
        { row: 0, column: 0, value: 'Measure', th: true },
        { row: 0, column: 1, value: 'Value', th: true },
        { row: 1, column: 0, value: 'ICER (cost per QALY gained)' },
        { row: 1, column: 1, value: icer },
      ],
    },
  ],
});

/** Results by run id; every instance's latest run is `run-<instanceId>`, COMPLETED. */
const results = new Map<string, unknown>();

beforeEach(() => {
  vi.clearAllMocks();
  results.clear();
  models.getModel.mockImplementation(async (uuid: string) => entry(uuid));
  executions.getExecutionRun.mockImplementation(async (_group: string, instanceId: string) => ({
    runId: `run-${instanceId}`,
    status: 'COMPLETED',
    finishedOn: '2026-11-28T10:00:00.000Z',
  }));
  runFiles.findRunDocument.mockImplementation(async (key: string) => results.get(key.split('/')[1] ?? ''));
});

function twoVersions() {
  subModels.listSubModels.mockImplementation(async (uuid: string) =>
    uuid === A
      ? [subModel('s-a', 'Scenarios')]
      : [subModel('s-b', 'scenarios '), subModel('s-new', 'Sensitivity')],
  );
  instances.queryInstanceSummaries.mockImplementation(async (uuid: string) =>
    uuid === A
      ? [
          instance('a-base', 'Base case', 's-a', 'COMPLETED'),
          instance('a-disc', 'Discount 1.5%', 's-a', 'COMPLETED'),
          instance('a-cost', 'Treatment cost +25%', 's-a', 'COMPLETED'),
          instance('a-draft', 'Never run', 's-a', 'DRAFT', { lastGroupId: undefined }),
          instance('a-hidden', 'Analysis', 's-a', 'COMPLETED', { hidden: true }),
        ]
      : [
          instance('b-base', 'base case', 's-b', 'COMPLETED'),
          instance('b-disc', 'Discount 1.5%', 's-b', 'DRAFT', { lastGroupId: undefined }),
          instance('b-draft', 'Never run', 's-b', 'DRAFT', { lastGroupId: undefined }),
          instance('b-tornado', 'Tornado', 's-new', 'COMPLETED'),
          instance('b-hidden', 'Analysis', 's-b', 'COMPLETED', { hidden: true }),
        ],
  );
  results.set('run-a-base', icerResult(23410)).set('run-b-base', icerResult(27950));
}

describe('compareVersionResults', () => {
  it('compares the same-named scenario of the same-named sub-model and ranks its changes', async () => {
    twoVersions();
    const { applicable, pairs } = await compareVersionResults(lead, A, B);
    expect(applicable).toBe(true);
    const base = pairs[0];
    expect(base).toMatchObject({
      subModelType: 'scenario',
      subModelName: 'scenarios ',
      name: 'base case',
      ranOn: 'both',
      before: { instanceId: 'a-base', runId: 'run-a-base', status: 'COMPLETED' },
      after: { instanceId: 'b-base', runId: 'run-b-base', status: 'COMPLETED' },
    });
    expect(base?.changes?.map((c) => c.headline)).toEqual([
      'ICER (cost per QALY gained) 23,410 → 27,950, +19%',
    ]);
    expect(base?.tables?.[0]?.title).toBe('Incremental analysis');
  });

  it('says what the side without a run needs, and leaves out scenarios that ran on neither side', async () => {
    twoVersions();
    const { pairs } = await compareVersionResults(lead, A, B);
    const byName = new Map(pairs.map((p) => [p.name, p]));
    expect([...byName.keys()].sort()).toEqual([
      'Discount 1.5%',
      'Tornado',
      'Treatment cost +25%',
      'base case',
    ]);
    // The instance exists in B but never ran: run it there (the lead created it: Execute).
    expect(byName.get('Discount 1.5%')).toMatchObject({
      ranOn: 'before',
      missing: 'run',
      after: { instanceId: 'b-disc', status: 'DRAFT', mayExecute: true },
    });
    expect(byName.get('Discount 1.5%')?.after?.runId).toBeUndefined();
    expect(byName.get('Treatment cost +25%')).toMatchObject({ ranOn: 'before', missing: 'instance' });
    expect(byName.get('Treatment cost +25%')?.after).toBeUndefined();
    expect(byName.get('Tornado')).toMatchObject({ ranOn: 'after', missing: 'subModel' });
    expect(runFiles.findRunDocument).toHaveBeenCalledTimes(2);
  });

  it('offers Execute only to those who run the instance, and not for a scenario linked to a calibration', async () => {
    twoVersions();
    const asModeler = await compareVersionResults({ id: 'owner', userType: 'SUPERUSER' } as never, A, B);
    expect(asModeler.pairs.find((p) => p.name === 'Discount 1.5%')?.after?.mayExecute).toBe(true);
    subModels.listSubModels.mockImplementation(async (uuid: string) =>
      uuid === A
        ? [subModel('s-a', 'Scenarios')]
        : [
            subModel('s-b', 'Scenarios', { executionSetupId: 'calibration' }),
            subModel('s-new', 'Sensitivity'),
          ],
    );
    const linked = await compareVersionResults(lead, A, B);
    expect(linked.pairs.find((p) => p.name === 'Discount 1.5%')?.after?.mayExecute).toBe(false);
  });

  it('says so when a run returned files instead of result tables', async () => {
    twoVersions();
    results.delete('run-b-base');
    const { pairs } = await compareVersionResults(lead, A, B);
    expect(pairs[0]).toMatchObject({
      name: 'base case',
      ranOn: 'both',
      problem: 'This run returned files, not result tables: there is nothing to compare.',
    });
    expect(pairs[0]?.changes).toBeUndefined();
  });

  it('answers 404 when the caller may not see one of the versions, reading nothing of either', async () => {
    twoVersions();
    models.getModel.mockImplementation(async (uuid: string) =>
      uuid === A ? entry(A) : entry(B, { status: 'DRAFT', roles: { ...roles, vestLead: 'x', steward: 'y' } }),
    );
    await expect(compareVersionResults(lead, A, B)).rejects.toMatchObject({ statusCode: 404 });
    expect(subModels.listSubModels).not.toHaveBeenCalled();
    expect(runFiles.findRunDocument).not.toHaveBeenCalled();
  });

  it("answers 403 to a caller who sees both versions but may not open one's files, as compare does", async () => {
    twoVersions();
    models.getModel.mockImplementation(async (uuid: string) =>
      uuid === A ? entry(A, { roles: { ...roles, viewers: ['modeler'] } }) : entry(B),
    );
    await expect(compareVersionResults(modeler, A, B)).rejects.toMatchObject({ statusCode: 403 });
    expect(subModels.listSubModels).not.toHaveBeenCalled();
  });

  it('has nothing to compare for entries other than WebModel 2.0', async () => {
    twoVersions();
    models.getModel.mockImplementation(async (uuid: string) =>
      uuid === A ? entry(A) : entry(B, { metadata: { global: 'true', platform: 'Oncology' } }),
    );
    expect(await compareVersionResults(lead, A, B)).toEqual({ applicable: false, pairs: [] });
    expect(subModels.listSubModels).not.toHaveBeenCalled();
  });
});
