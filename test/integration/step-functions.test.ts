import {
  DescribeExecutionCommand,
  type DescribeExecutionOutput,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { localCloud, sfnClient, waitFor } from '../support/local-cloud';

async function runToEnd(input: unknown): Promise<DescribeExecutionOutput> {
  const sfn = sfnClient();
  const { executionArn } = await sfn.send(
    new StartExecutionCommand({
      stateMachineArn: localCloud().stateMachineArn,
      input: JSON.stringify(input),
    }),
  );
  return waitFor(
    'the execution to end',
    async () => {
      const out = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      return out.status === 'RUNNING' ? undefined : out;
    },
    60_000,
  );
}

describe('local Step Functions (run-model.asl.json)', () => {
  // A run through the whole machine (Prepare, the runner process, Collect) is in executions.test.ts.
  it('ends FAILED through MarkFailed when Prepare finds no run to start', async () => {
    const out = await runToEnd({
      runId: `missing${Date.now()}`,
      groupId: 'nogroup',
      instanceId: 'noinstance',
      modelUuid: '00000000-0000-4000-8000-000000000000',
    });
    expect(out.status).toBe('FAILED');
    expect(out.error).toBe('RunFailed');
  });

  it('refuses an unknown state machine like AWS does', async () => {
    await expect(
      sfnClient().send(
        new StartExecutionCommand({ stateMachineArn: `${localCloud().stateMachineArn}-nope`, input: '{}' }),
      ),
    ).rejects.toMatchObject({ name: 'StateMachineDoesNotExist' });
  });
});
