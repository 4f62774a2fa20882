import { beforeEach, describe, expect, it, vi } from 'vitest';

const data = vi.hoisted(() => ({ addUsage: vi.fn(), markOpened: vi.fn() }));
vi.mock('../../data/usage', () => data);

const { recordUsage } = await import('./record-usage');
const { logger } = await import('../../lib/observability');

const NOW = Date.parse('2026-11-30T23:59:59.000Z');

beforeEach(() => {
  vi.clearAllMocks();
  data.addUsage.mockResolvedValue(undefined);
  data.markOpened.mockResolvedValue(undefined);
});

describe('recordUsage (issue 20 §8)', () => {
  it("counts an opened entry in its UTC month and moves the entry's last-opened month", async () => {
    await recordUsage('m1', 'views', 1, NOW);
    expect(data.addUsage).toHaveBeenCalledWith('m1', 'views', 1, '2026-11');
    expect(data.markOpened).toHaveBeenCalledWith('m1', '2026-11');
  });

  it('counts downloads and runs without touching the last-opened month', async () => {
    await recordUsage('m1', 'downloads', 4, NOW);
    await recordUsage('m1', 'runs', 2, NOW);
    expect(data.addUsage.mock.calls).toEqual([
      ['m1', 'downloads', 4, '2026-11'],
      ['m1', 'runs', 2, '2026-11'],
    ]);
    expect(data.markOpened).not.toHaveBeenCalled();
  });

  it('writes nothing for a count of zero (an archive of no files)', async () => {
    await recordUsage('m1', 'downloads', 0, NOW);
    expect(data.addUsage).not.toHaveBeenCalled();
  });

  it('never fails the counted request: a failed write is logged and dropped', async () => {
    data.addUsage.mockRejectedValue(new Error('throttled'));
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await expect(recordUsage('m1', 'views', 1, NOW)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Usage not counted', expect.objectContaining({ modelUuid: 'm1' }));
  });
});
