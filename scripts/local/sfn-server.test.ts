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

describe('the local runner process environment', () => {
  it('holds no storage credentials, table, bucket or emulator endpoint, only the Invoke API', async () => {
    const { runnerProcessEnv } = await import('./sfn-server');
    const handlerEnv = {
      TABLE_NAME: 'table',
      FILES_BUCKET: 'bucket',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:2',
      LAMBDA_ENDPOINT: 'http://127.0.0.1:3',
      STAGE: 'local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
    // start.ts applies the handler environment to its own process.env too.
    const machineEnv = { ...handlerEnv, PATH: '/usr/bin', AWS_SESSION_TOKEN: 'x', MR_SWITCH: 'on' };

    const env = runnerProcessEnv(machineEnv, handlerEnv, { MR_RUNNER_IMAGE: 'local/runner' });

    for (const name of [
      'TABLE_NAME',
      'FILES_BUCKET',
      'S3_ENDPOINT',
      'DYNAMODB_ENDPOINT',
      'AWS_SESSION_TOKEN',
    ])
      expect(env).not.toHaveProperty(name);
    expect(Object.values(env)).not.toContain('S3RVER');
    expect(env).toMatchObject({
      LAMBDA_ENDPOINT: 'http://127.0.0.1:3',
      RUN_ACCESS_FUNCTION_NAME: 'model-repository-local-runaccess',
      PATH: '/usr/bin',
      MR_SWITCH: 'on',
      MR_RUNNER_IMAGE: 'local/runner',
    });
  });
});
