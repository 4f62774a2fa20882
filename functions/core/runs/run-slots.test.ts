import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The run queue's Lambda tasks and reconciliation step with the slot data stubbed. */
const slotData = vi.hoisted(() => ({
  acquireRunSlot: vi.fn(),
  releaseRunSlot: vi.fn(),
  listRunSlotHolders: vi.fn(),
}));
const executions = vi.hoisted(() => ({ getExecutionRun: vi.fn() }));
vi.mock('../../data/run-slots', () => slotData);
vi.mock('../../data/executions', () => executions);

const { acquireRunSlot, releaseSlotsOfEndedRuns } = await import('./run-slots');
const { fromCaughtError } = await import('./mark-run-failed');

const ids = { runId: 'R1', groupId: 'G1', instanceId: 'I1' };

beforeEach(() => vi.clearAllMocks());

describe('AcquireRunSlot', () => {
  it('fails with RunSlotsFull while every slot is held, which the ASL retries', async () => {
    slotData.acquireRunSlot.mockResolvedValue('FULL');
    await expect(acquireRunSlot({ ...ids, limit: '6' })).rejects.toMatchObject({ name: 'RunSlotsFull' });
    expect(slotData.acquireRunSlot).toHaveBeenCalledWith(expect.objectContaining(ids), 6);
  });

  it('refuses a limit that is not a positive whole number', async () => {
    await expect(acquireRunSlot({ ...ids, limit: '0' })).rejects.toThrow();
    await expect(acquireRunSlot({ ...ids, limit: 'six' })).rejects.toThrow();
    expect(slotData.acquireRunSlot).not.toHaveBeenCalled();
  });

  it('tells the modeler why a run that never got a slot failed', () => {
    const error = fromCaughtError({ error: { Error: 'RunSlotsFull', Cause: '{}' } });
    expect(error.code).toBe('QUEUE_TIMEOUT');
    expect(error.message).toMatch(/waited too long for a free run slot/);
  });
});

describe('releaseSlotsOfEndedRuns', () => {
  it('gives back the slots of ended or vanished runs and keeps those of active ones', async () => {
    slotData.listRunSlotHolders.mockResolvedValue([
      { ...ids, runId: 'active' },
      { ...ids, runId: 'cancelled' },
      { ...ids, runId: 'gone' },
      { ...ids, runId: 'replaced' },
    ]);
    executions.getExecutionRun
      .mockResolvedValueOnce({ runId: 'active', status: 'INPROCESS' })
      .mockResolvedValueOnce({ runId: 'cancelled', status: 'CANCELLED' })
      .mockResolvedValueOnce(undefined)
      // Another run id under the same group and instance: this holder's run is over.
      .mockResolvedValueOnce({ runId: 'newer', status: 'INPROCESS' });
    slotData.releaseRunSlot.mockResolvedValue(true);
    expect(await releaseSlotsOfEndedRuns()).toBe(3);
    expect(slotData.releaseRunSlot.mock.calls.map(([runId]) => runId)).toEqual([
      'cancelled',
      'gone',
      'replaced',
    ]);
  });
});
