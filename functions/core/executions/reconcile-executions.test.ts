import { EXECUTION_MESSAGES, NOT_STARTED_TIMEOUT_MINUTES } from '@shared/executions/execution-status';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const executions = vi.hoisted(() => ({ listActiveRuns: vi.fn() }));
const sfn = vi.hoisted(() => ({ describeRunExecution: vi.fn() }));
const events = vi.hoisted(() => ({ applyRunEvent: vi.fn() }));
const failing = vi.hoisted(() => ({ markFailed: vi.fn() }));
const slots = vi.hoisted(() => ({ releaseSlotsOfEndedRuns: vi.fn() }));
vi.mock('../runs/run-slots', () => slots);
vi.mock('../../data/executions', () => executions);
vi.mock('../../lib/step-functions', () => sfn);
vi.mock('../runs/run-events', () => events);
vi.mock('../runs/mark-run-failed', () => failing);

const { reconcileExecutions } = await import('./reconcile-executions');

const now = new Date('2026-01-01T12:00:00.000Z');
const run = (extra: Record<string, unknown> = {}) => ({
  runId: 'R1',
  groupId: 'G1',
  instanceId: 'I1',
  modelUuid: 'M1',
  status: 'INPROCESS',
  executionArn: 'arn:aws:states:us-east-1:0:execution:m:R1',
  ...extra,
});

beforeEach(() => {
  vi.clearAllMocks();
  events.applyRunEvent.mockResolvedValue(true);
  failing.markFailed.mockResolvedValue({ status: 'FAILED', applied: true });
  slots.releaseSlotsOfEndedRuns.mockResolvedValue(0);
});

describe('reconcileExecutions', () => {
  it('fails a run whose execution was stopped under it (a restart), saying so', async () => {
    executions.listActiveRuns.mockResolvedValue([run()]);
    sfn.describeRunExecution.mockResolvedValue({ status: 'ABORTED', cause: 'The local cloud was stopped.' });
    expect(await reconcileExecutions(now)).toEqual({ checked: 1, failed: 1, releasedSlots: 0 });
    expect(events.applyRunEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'FAILED',
        error: { code: 'INTERRUPTED', message: expect.stringContaining('(The local cloud was stopped.)') },
      }),
    );
  });

  it('fails a run whose execution failed as MarkFailed would have', async () => {
    executions.listActiveRuns.mockResolvedValue([run()]);
    sfn.describeRunExecution.mockResolvedValue({ status: 'FAILED', error: 'RunFailed', cause: 'x' });
    await reconcileExecutions(now);
    expect(failing.markFailed).toHaveBeenCalledWith(
      expect.objectContaining({ runId: 'R1', error: { Error: 'RunFailed', Cause: 'x' } }),
    );
  });

  it('leaves running executions, runs not started yet and recently queued runs alone', async () => {
    executions.listActiveRuns.mockResolvedValue([
      run(),
      run({
        runId: 'R2',
        status: 'NOTSTARTED',
        executionArn: undefined,
        createdOn: '2026-01-01T11:58:00.000Z',
      }),
      run({ runId: 'R3', status: 'INQUEUE', executionArn: undefined, queuedOn: '2026-01-01T11:58:00.000Z' }),
    ]);
    sfn.describeRunExecution.mockResolvedValue({ status: 'RUNNING' });
    expect(await reconcileExecutions(now)).toEqual({ checked: 3, failed: 0, releasedSlots: 0 });
    expect(events.applyRunEvent).not.toHaveBeenCalled();
  });

  it('fails a run never started for longer than the limit, with the reason shown', async () => {
    const createdOn = new Date(now.getTime() - (NOT_STARTED_TIMEOUT_MINUTES * 60_000 + 1000)).toISOString();
    const recent = new Date(now.getTime() - 60_000).toISOString();
    executions.listActiveRuns.mockResolvedValue([
      run({ runId: 'R1', status: 'NOTSTARTED', executionArn: undefined, createdOn }),
      run({
        runId: 'R2',
        instanceId: 'I2',
        status: 'NOTSTARTED',
        executionArn: undefined,
        createdOn: recent,
      }),
    ]);
    expect(await reconcileExecutions(now)).toEqual({ checked: 2, failed: 1, releasedSlots: 0 });
    expect(events.applyRunEvent).toHaveBeenCalledTimes(1);
    expect(events.applyRunEvent).toHaveBeenCalledWith({
      uuid: 'M1',
      groupId: 'G1',
      instanceId: 'I1',
      to: 'FAILED',
      error: { code: 'NEVER_STARTED', message: EXECUTION_MESSAGES.neverStarted },
    });
    expect(sfn.describeRunExecution).not.toHaveBeenCalled();
  });

  it('gives back the run slots of ended runs after reconciling the runs', async () => {
    executions.listActiveRuns.mockResolvedValue([]);
    slots.releaseSlotsOfEndedRuns.mockResolvedValue(2);
    expect(await reconcileExecutions(now)).toEqual({ checked: 0, failed: 0, releasedSlots: 2 });
  });

  it('fails a run queued for more than five minutes without an execution', async () => {
    executions.listActiveRuns.mockResolvedValue([
      run({ status: 'INQUEUE', executionArn: undefined, queuedOn: '2026-01-01T11:50:00.000Z' }),
    ]);
    await reconcileExecutions(now);
    expect(events.applyRunEvent).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'FAILED', error: expect.objectContaining({ code: 'START_FAILED' }) }),
    );
  });
});
