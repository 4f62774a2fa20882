import { describe, expect, it, vi } from 'vitest';
import { runAccessClient } from './run-access-client';

const urls = (paths: string[]) => ({
  expiresAt: '',
  outputs: Object.fromEntries(paths.map((p) => [p, `https://put/${p}`])),
  archive: 'a',
  result: 'r',
  outcome: 'o',
  runnerError: 'e',
});

describe('the runner’s run-access client', () => {
  it('asks the RunAccess task with the run’s id and token', async () => {
    const invoke = vi.fn(async () => ({ expiresAt: '', job: 'j', objects: {} }));
    await runAccessClient('RUN1', 'TOKEN', invoke).inputs();
    expect(invoke).toHaveBeenCalledWith({
      task: 'RunAccess',
      input: { runId: 'RUN1', token: 'TOKEN', request: 'inputs' },
    });
  });

  it('asks for many outputs in batches the function accepts', async () => {
    const invoke = vi.fn(async (payload: unknown) =>
      urls((payload as { input: { paths: string[] } }).input.paths),
    );
    const paths = Array.from({ length: 1201 }, (_, i) => `f${i}.csv`);

    const answer = await runAccessClient('RUN1', 'TOKEN', invoke).outputs(paths);

    expect(invoke.mock.calls.map((c) => (c[0] as { input: { paths: string[] } }).input.paths.length)).toEqual(
      [500, 500, 201],
    );
    expect(Object.keys(answer.outputs)).toHaveLength(1201);
    expect(answer.runnerError).toBe('e');
  });

  it('asks once for the run documents when there are no outputs', async () => {
    const invoke = vi.fn(async () => urls([]));
    await runAccessClient('RUN1', 'TOKEN', invoke).outputs([]);
    expect(invoke).toHaveBeenCalledTimes(1);
  });
});
