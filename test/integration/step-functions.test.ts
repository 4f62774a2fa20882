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
  it('runs Prepare, the runner process and Collect to SUCCEEDED', async () => {
    const out = await runToEnd({ parameters: { cycles: 5 }, timeoutSeconds: 120 });
    expect(out.status).toBe('SUCCEEDED');
    const output = JSON.parse(out.output ?? '{}');
    expect(output.collected).toMatchObject({ status: 'COMPLETED', result: { cycles: 5 } });
    expect(output.prepared.runId).toEqual(expect.any(String));
  });

  it('ends FAILED through MarkFailed when the runner fails', async () => {
    const out = await runToEnd({ parameters: { cycles: 5 }, fail: true, timeoutSeconds: 120 });
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
