import { INSTANCE_API_MESSAGES as MSG } from '@shared/schemas/instance-api';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** What Prepare gives the run of an analysis: the displayed scenarios' outputs and their index. */

const executions = vi.hoisted(() => ({ getExecutionRun: vi.fn() }));
const instances = vi.hoisted(() => ({ getInstance: vi.fn() }));
const documents = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../data/executions', () => executions);
vi.mock('../../data/instances', () => instances);
vi.mock('../../data/run-files', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../data/run-files')>();
  return {
    ...actual,
    putRunText: vi.fn(async (key: string, text: string) => void documents.set(key, text)),
    findRunDocument: vi.fn(async (key: string) => documents.get(key)),
  };
});

const { displayedRuns, displayedScenarioFiles } = await import('./displayed-scenarios');

const scenario = (id: string, status = 'COMPLETED', label?: string) => ({
  id,
  modelUuid: 'M1',
  name: `Scenario ${id}`,
  status,
  executionSetupId: 'S1',
  lastGroupId: `G-${id}`,
  ...(label ? { label } : {}),
});
const records = new Map<string, ReturnType<typeof scenario>>();
const runStatus = new Map<string, string>();

beforeEach(() => {
  vi.clearAllMocks();
  documents.clear();
  records.clear();
  runStatus.clear();
  instances.getInstance.mockImplementation(async (_uuid: string, id: string) => records.get(id));
  executions.getExecutionRun.mockImplementation(async (groupId: string, instanceId: string) => ({
    groupId,
    instanceId,
    runId: `RUN-${instanceId}`,
    status: runStatus.get(instanceId) ?? 'COMPLETED',
  }));
});

const fail = (message: string) => new Error(message);

describe('a display run', () => {
  it('gives each scenario’s outputs under _scenarios/<order>_<id>/ and an index in displayed order', async () => {
    records.set('A', scenario('A', 'COMPLETED', 'Own label'));
    records.set('B', scenario('B', 'ACCEPTED'));
    documents.set('runs/RUN-A/outcome.json', {
      outputFiles: [{ path: 'result.json' }, { path: 'tables/summary.csv' }],
    });
    documents.set('runs/RUN-B/outcome.json', { outputFiles: [{ path: 'result.json' }] });

    const files = await displayedScenarioFiles(
      'M1',
      'DISPLAYRUN',
      {
        displayScenarios: [
          { id: 'B', order: 2 },
          { id: 'A', order: 1, label: 'Reference' },
        ],
      },
      fail,
    );

    expect(files).toEqual([
      { key: 'runs/RUN-A/outputs/result.json', path: '_scenarios/1_A/result.json' },
      { key: 'runs/RUN-A/outputs/tables/summary.csv', path: '_scenarios/1_A/tables/summary.csv' },
      { key: 'runs/RUN-B/outputs/result.json', path: '_scenarios/2_B/result.json' },
      { key: 'runs/DISPLAYRUN/scenarios.json', path: '_scenarios/index.json' },
    ]);
    expect(JSON.parse(documents.get('runs/DISPLAYRUN/scenarios.json') as string)).toEqual([
      {
        id: 'A',
        name: 'Scenario A',
        label: 'Reference',
        order: 1,
        directory: '1_A',
        status: 'COMPLETED',
        subModelId: 'S1',
        runId: 'RUN-A',
        files: ['result.json', 'tables/summary.csv'],
      },
      {
        id: 'B',
        name: 'Scenario B',
        label: null,
        order: 2,
        directory: '2_B',
        status: 'ACCEPTED',
        subModelId: 'S1',
        runId: 'RUN-B',
        files: ['result.json'],
      },
    ]);
  });

  it('fails with the modeler’s message when a scenario is gone, unfinished or runs again', async () => {
    records.set('DONE', scenario('DONE'));
    records.set('DRAFT', scenario('DRAFT', 'DRAFT'));
    records.set('AGAIN', scenario('AGAIN', 'COMPLETED'));
    runStatus.set('AGAIN', 'INPROCESS');
    const analysis = (...ids: string[]) => ({ displayScenarios: ids.map((id, i) => ({ id, order: i + 1 })) });

    expect((await displayedRuns('M1', analysis('DONE'))).problem).toBeUndefined();
    expect((await displayedRuns('M1', analysis())).problem).toBe(MSG.displayScenariosRequired);
    expect((await displayedRuns('M1', analysis('DONE', 'GONE'))).problem).toBe(
      MSG.displayScenarioNotFound('GONE'),
    );
    expect((await displayedRuns('M1', analysis('DRAFT'))).problem).toBe(
      MSG.displayScenarioNotFinished('Scenario DRAFT'),
    );
    await expect(displayedScenarioFiles('M1', 'R', analysis('DONE', 'AGAIN'), fail)).rejects.toThrow(
      MSG.displayScenarioNotFinished('Scenario AGAIN'),
    );
    expect(documents.has('runs/R/scenarios.json')).toBe(false);
  });
  it('refuses scenarios whose outputs together exceed what one run may write, before writing the index', async () => {
    records.set('A', scenario('A'));
    records.set('B', scenario('B'));
    const gb = 1024 ** 3;
    documents.set('runs/RUN-A/outcome.json', { outputFiles: [{ path: 'big.bin', bytes: 1.5 * gb }] });
    documents.set('runs/RUN-B/outcome.json', { outputFiles: [{ path: 'big.bin', bytes: 0.75 * gb }] });
    const analysis = {
      displayScenarios: [
        { id: 'A', order: 1 },
        { id: 'B', order: 2 },
      ],
    };
    await expect(displayedScenarioFiles('M1', 'DISPLAYRUN', analysis, fail)).rejects.toThrow(
      "The displayed scenarios' output files total 2.3 GB, more than the 2 GB a display run may read: display fewer scenarios.",
    );
    expect(documents.has('runs/DISPLAYRUN/scenarios.json')).toBe(false);

    documents.set('runs/RUN-B/outcome.json', { outputFiles: [{ path: 'big.bin', bytes: 0.5 * gb }] });
    await expect(displayedScenarioFiles('M1', 'DISPLAYRUN', analysis, fail)).resolves.toHaveLength(3);
  });
});
