import { beforeEach, describe, expect, it, vi } from 'vitest';

const files = vi.hoisted(() => ({
  putRunDocument: vi.fn(),
  getRunDocument: vi.fn(),
  runInputKey: (id: string) => `runs/${id}/input.json`,
  runOutputKey: (id: string) => `runs/${id}/output.json`,
}));
const runs = vi.hoisted(() => ({ putRun: vi.fn(), markRunCompleted: vi.fn(), markRunFailed: vi.fn() }));
vi.mock('../../data/run-files', () => files);
vi.mock('../../data/runs', () => runs);

const { prepareRun } = await import('./prepare-run');
const { collectRun } = await import('./collect-run');
const { markFailed } = await import('./mark-run-failed');

beforeEach(() => {
  vi.clearAllMocks();
  files.putRunDocument.mockResolvedValue(undefined);
  runs.putRun.mockResolvedValue(undefined);
  runs.markRunCompleted.mockResolvedValue(undefined);
  runs.markRunFailed.mockResolvedValue(undefined);
});

describe('prepareRun', () => {
  it('writes the runner input, records RUNNING and returns keys with the default time limit', async () => {
    const prepared = await prepareRun({ runId: 'r1', parameters: { cycles: 5 } });
    expect(prepared).toEqual({
      runId: 'r1',
      inputKey: 'runs/r1/input.json',
      outputKey: 'runs/r1/output.json',
      timeoutSeconds: 900,
    });
    expect(files.putRunDocument).toHaveBeenCalledWith('runs/r1/input.json', {
      runId: 'r1',
      parameters: { cycles: 5 },
    });
    expect(runs.putRun).toHaveBeenCalledWith(
      expect.objectContaining({ runId: 'r1', status: 'RUNNING', timeoutSeconds: 900 }),
    );
  });

  it('creates a run id when none is given and passes the fail flag to the runner', async () => {
    const prepared = await prepareRun({ parameters: {}, fail: true, timeoutSeconds: 60 });
    expect(prepared.runId).toMatch(/^[0-9A-Z]{26}$/);
    expect(prepared.timeoutSeconds).toBe(60);
    expect(files.putRunDocument.mock.calls[0]?.[1]).toMatchObject({ fail: true });
  });

  it('refuses a time limit above 24 hours', async () => {
    await expect(prepareRun({ parameters: {}, timeoutSeconds: 86_401 })).rejects.toThrow();
    expect(runs.putRun).not.toHaveBeenCalled();
  });
});

describe('collectRun', () => {
  const prepared = {
    runId: 'r1',
    inputKey: 'runs/r1/input.json',
    outputKey: 'runs/r1/output.json',
    timeoutSeconds: 900,
  };

  it('records COMPLETED with the result summary', async () => {
    files.getRunDocument.mockResolvedValue({
      runId: 'r1',
      model: 'markov-cohort-3-state',
      totalCost: 10,
      totalQalys: 2,
      cycles: 1,
      trace: [{ cycle: 0, healthy: 1, sick: 0, dead: 0, cost: 10, qalys: 2 }],
      finishedOn: '2026-01-01T00:00:00.000Z',
    });
    const collected = await collectRun({ parameters: {}, prepared });
    expect(collected).toEqual({
      runId: 'r1',
      status: 'COMPLETED',
      result: { totalCost: 10, totalQalys: 2, cycles: 1 },
    });
    expect(files.getRunDocument).toHaveBeenCalledWith('runs/r1/output.json');
    expect(runs.markRunCompleted).toHaveBeenCalledWith(
      'r1',
      { totalCost: 10, totalQalys: 2, cycles: 1 },
      expect.any(String),
    );
  });

  it('fails on malformed output (so the state machine marks the run FAILED)', async () => {
    files.getRunDocument.mockResolvedValue({ runId: 'r1' });
    await expect(collectRun({ prepared })).rejects.toThrow();
    expect(runs.markRunCompleted).not.toHaveBeenCalled();
  });
});

describe('markFailed', () => {
  it('takes the run id from $.prepared and the error from $.error', async () => {
    const out = await markFailed({
      runId: 'ignored',
      prepared: { runId: 'r1' },
      error: { Error: 'States.TaskFailed', Cause: 'exit 1' },
    });
    expect(out).toEqual({ runId: 'r1', status: 'FAILED' });
    expect(runs.markRunFailed).toHaveBeenCalledWith(
      'r1',
      { error: 'States.TaskFailed', cause: 'exit 1' },
      expect.any(String),
    );
  });

  it('falls back to $.runId when Prepare failed', async () => {
    await markFailed({ runId: 'r2', error: { Error: 'ZodError', Cause: '{"x":1}' } });
    expect(runs.markRunFailed).toHaveBeenCalledWith(
      'r2',
      { error: 'ZodError', cause: '{"x":1}' },
      expect.any(String),
    );
  });

  it('only logs when there is no run id at all', async () => {
    expect(await markFailed({ error: { Error: 'X' } })).toEqual({ status: 'FAILED' });
    expect(runs.markRunFailed).not.toHaveBeenCalled();
  });
});
