import { describe, expect, it } from 'vitest';
import { loadDefinition } from './sfn-server';

describe('the local copy of run-model.asl.json', () => {
  const definition = loadDefinition('us-east-1') as { States: Record<string, Record<string, unknown>> };

  it('has every placeholder substituted', () => {
    expect(JSON.stringify(definition)).not.toMatch(/\$\{/);
    expect(definition.States.Prepare?.Resource).toMatch(/^arn:aws:lambda:us-east-1:\d{12}:function:/);
  });

  it('resolves the RunModel timeout from the state input, as AWS does', () => {
    const runModel = definition.States.RunModel as {
      TimeoutSecondsPath?: string;
      Parameters?: Record<string, unknown>;
    };
    const path = runModel.TimeoutSecondsPath?.slice(2) ?? '';
    expect(runModel.Parameters?.[`${path}.$`]).toBe('$.prepared.timeoutSeconds');
  });
});

describe('RunnerSlots', () => {
  it('lets a few runners run at once and starts the next when one ends', async () => {
    const { RunnerSlots } = await import('./sfn-server');
    const slots = new RunnerSlots(2);
    const first = await slots.acquire();
    await slots.acquire();
    let thirdStarted = false;
    const third = slots.acquire().then((release) => {
      thirdStarted = true;
      return release;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(thirdStarted).toBe(false);
    first();
    first(); // A second release of the same slot frees nothing more.
    (await third)();
    expect(thirdStarted).toBe(true);
    let fourthStarted = false;
    void slots.acquire().then(() => {
      fourthStarted = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(fourthStarted).toBe(true);
  });
});
