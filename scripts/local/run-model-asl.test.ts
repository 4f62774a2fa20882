import './polyfills';
import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { loadDefinition } from './sfn-server';

/**
 * cdk/state-machine/run-model.asl.json as the local cloud runs it (the same substitutions, the same
 * library), with stub tasks keyed by state name, so that the queue and the retries are exercised
 * without a runner. Retry pauses are set to nothing (aws-local-stepfunctions' retryIntervalOverrides).
 */
type State = Record<string, unknown> & { Retry?: Retrier[]; Next?: string; Catch?: { Next: string }[] };
type Retrier = {
  ErrorEquals: string[];
  IntervalSeconds?: number;
  BackoffRate?: number;
  MaxAttempts?: number;
  MaxDelaySeconds?: number;
};

const definition = loadDefinition('us-east-1') as { States: Record<string, State> };
const run = { runId: 'R1', groupId: 'G1', instanceId: 'I1', modelUuid: 'M1' };
/**
 * Prepare's answer: every `$.prepared.<field>` the ASL reads (the runner's overrides change with the
 * runner), with the runner and the task's time limit set.
 */
const prepared: Record<string, unknown> = {
  ...Object.fromEntries(
    [...JSON.stringify(definition).matchAll(/\$\.prepared\.(\w+)/g)].map(([, field]) => [
      field,
      `stub-${field}`,
    ]),
  ),
  runner: 'r',
  timeoutSeconds: 700,
  modelTimeoutSeconds: 100,
};

function namedError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

/** Runs the machine with stub tasks; every call is recorded as `[state, input]`. */
async function runMachine(stubs: Record<string, (input: unknown) => unknown>) {
  const calls: [string, unknown][] = [];
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  const defaults: Record<string, (input: unknown) => unknown> = {
    AcquireRunSlot: () => ({ slot: 'ACQUIRED' }),
    Prepare: () => prepared,
    RunModel: () => ({ LastStatus: 'STOPPED' }),
    Collect: () => ({ status: 'COMPLETED' }),
    MarkFailed: () => ({ status: 'FAILED' }),
    ReleaseRunSlot: () => ({ released: true }),
    ReleaseRunSlotOfFailedRun: () => ({ released: true }),
  };
  for (const [name, stub] of Object.entries({ ...defaults, ...stubs }))
    handlers[name] = async (input) => {
      calls.push([name, input]);
      return stub(input);
    };
  const machine = new StateMachine(definition as never);
  const execution = machine.run(run as never, {
    overrides: {
      taskResourceLocalHandlers: handlers as never,
      retryIntervalOverrides: Object.fromEntries(Object.keys(definition.States).map((name) => [name, 0])),
    },
  });
  const outcome = await execution.result.then(
    (output: unknown) => ({ status: 'SUCCEEDED', output }),
    (error: unknown) => ({ status: 'FAILED', error }),
  );
  return { ...outcome, calls, states: calls.map(([name]) => name) };
}

describe('RunModel', () => {
  it('retries with backoff when the task did not start: ECS throttling and capacity errors', () => {
    const retriers = definition.States.RunModel?.Retry ?? [];
    const ecs = retriers.find((r) => r.ErrorEquals.includes('ECS.AmazonECSException'));
    expect(ecs?.ErrorEquals).toEqual(
      expect.arrayContaining(['ECS.AmazonECSException', 'ECS.ThrottlingException']),
    );
    expect(ecs?.IntervalSeconds).toBeGreaterThanOrEqual(5);
    expect(ecs?.BackoffRate).toBeGreaterThan(1);
    expect(ecs?.MaxAttempts).toBeGreaterThanOrEqual(3);
    expect(ecs?.MaxDelaySeconds).toBeGreaterThan(0);
    // A task that ran and failed (the model's fault) must not run again.
    for (const retrier of retriers) {
      expect(retrier.ErrorEquals).not.toContain('States.TaskFailed');
      expect(retrier.ErrorEquals).not.toContain('States.ALL');
    }
  });

  it('completes a run whose runner start was throttled once', async () => {
    let starts = 0;
    const result = await runMachine({
      RunModel: () => {
        starts++;
        if (starts === 1)
          throw namedError(
            'ECS.AmazonECSException',
            'Rate exceeded (Service: AmazonECS; Status Code: 400; Error Code: ThrottlingException)',
          );
        return { LastStatus: 'STOPPED' };
      },
    });
    expect(result.status).toBe('SUCCEEDED');
    expect(starts).toBe(2);
    expect(result.states).toEqual([
      'AcquireRunSlot',
      'Prepare',
      'RunModel',
      'RunModel',
      'Collect',
      'ReleaseRunSlot',
    ]);
  });

  it('does not run a model again after a failed run, and gives its slot back', async () => {
    const result = await runMachine({
      RunModel: () => {
        throw namedError('States.TaskFailed', '{"Containers":[{"ExitCode":1}]}');
      },
    });
    expect(result.status).toBe('FAILED');
    expect(result.states).toEqual([
      'AcquireRunSlot',
      'Prepare',
      'RunModel',
      'MarkFailed',
      'ReleaseRunSlotOfFailedRun',
    ]);
  });
});

describe('the run queue (AcquireRunSlot / ReleaseRunSlot)', () => {
  it('takes a slot before Prepare, passing the run and the limit', async () => {
    const result = await runMachine({});
    const [first] = result.calls;
    expect(first?.[0]).toBe('AcquireRunSlot');
    expect(first?.[1]).toEqual({
      task: 'AcquireRunSlot',
      input: { runId: 'R1', groupId: 'G1', instanceId: 'I1', limit: expect.stringMatching(/^[1-9]\d*$/) },
    });
    expect(result.calls.at(-1)).toEqual([
      'ReleaseRunSlot',
      { task: 'ReleaseRunSlot', input: { runId: 'R1' } },
    ]);
  });

  it('waits while every slot is held, then runs', async () => {
    let asks = 0;
    const result = await runMachine({
      AcquireRunSlot: () => {
        asks++;
        if (asks <= 3) throw namedError('RunSlotsFull', 'All 2 run slots are in use.');
        return { slot: 'ACQUIRED' };
      },
    });
    expect(result.status).toBe('SUCCEEDED');
    expect(asks).toBe(4);
    expect(result.states.filter((s) => s === 'Prepare')).toHaveLength(1);
    const retrier = definition.States.AcquireRunSlot?.Retry?.find((r) =>
      r.ErrorEquals.includes('RunSlotsFull'),
    );
    expect(retrier?.BackoffRate).toBeGreaterThan(1);
    expect(retrier?.MaxDelaySeconds).toBeGreaterThan(0);
    // Hours of waiting before the run gives up.
    expect((retrier?.MaxAttempts ?? 0) * (retrier?.MaxDelaySeconds ?? 0)).toBeGreaterThanOrEqual(3600);
  });

  it('gives the slot back on every way out, and a failed give-back does not change the outcome', async () => {
    const prepareFails = await runMachine({
      Prepare: () => {
        throw namedError('PipelineError', 'The sub-model of this instance was deleted.');
      },
    });
    expect(prepareFails.states).toEqual([
      'AcquireRunSlot',
      'Prepare',
      'MarkFailed',
      'ReleaseRunSlotOfFailedRun',
    ]);

    const releaseFails = await runMachine({
      ReleaseRunSlot: () => {
        throw namedError('Error', 'The table is unreachable');
      },
    });
    expect(releaseFails.status).toBe('SUCCEEDED');
    expect(releaseFails.states.filter((s) => s === 'ReleaseRunSlot').length).toBeGreaterThan(1);

    // Every state that ends the run goes through a ReleaseRunSlot task first.
    const states = definition.States;
    for (const [name, state] of Object.entries(states)) {
      if (state.Next === 'Complete') expect(name).toBe('ReleaseRunSlot');
      if (state.Next === 'Failed') expect(name).toBe('ReleaseRunSlotOfFailedRun');
    }
  });
});
