import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { env } from './env';
import { tracer } from './observability';

/**
 * The run-model state machine's executions (cdk/state-machine/run-model.asl.json): start one per run,
 * stop one to cancel it, ask how one ended. Locally the endpoint is the local Step Functions server
 * (SFN_ENDPOINT, scripts/local/sfn-server.ts); in AWS the SDK resolves the regional one. The
 * machine's ARN comes from STATE_MACHINE_ARN, which CDK sets on the areas whose code sends these
 * commands, with the matching `states:*` grants (cdk/constructs/area-grants.ts).
 */
let client: SFNClient | undefined;
const sfn = () => {
  const endpoint = env.sfnEndpoint;
  client ??= tracer.captureAWSv3Client(new SFNClient(endpoint ? { endpoint } : {}));
  return client;
};

/** What the state machine's execution starts with (Prepare's input). */
export interface RunExecutionInput {
  runId: string;
  groupId: string;
  instanceId: string;
  modelUuid: string;
}

/**
 * Starts the execution of a run, named by its run id. Idempotent: Step Functions answers the same
 * execution to the same name and input while it runs; when it has ended already, its ARN is built
 * from the name (the start was done before).
 */
export async function startRunExecution(input: RunExecutionInput): Promise<string> {
  try {
    const out = await sfn().send(
      new StartExecutionCommand({
        stateMachineArn: env.stateMachineArn,
        name: input.runId,
        input: JSON.stringify(input),
      }),
    );
    if (!out.executionArn) throw new Error('StartExecution answered no execution ARN');
    return out.executionArn;
  } catch (error) {
    if (error instanceof ExecutionAlreadyExists) return executionArnOf(input.runId);
    throw error;
  }
}

/** `arn:...:stateMachine:<name>` → `arn:...:execution:<name>:<execution name>`. */
export function executionArnOf(name: string): string {
  return `${env.stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

/** Stops a running execution; one that ended or never existed is left as it is. */
export async function stopRunExecution(executionArn: string, cause: string): Promise<void> {
  try {
    await sfn().send(new StopExecutionCommand({ executionArn, error: 'Cancelled', cause }));
  } catch (error) {
    if (error instanceof ExecutionDoesNotExist) return;
    throw error;
  }
}

export interface ExecutionState {
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'PENDING_REDRIVE' | 'MISSING';
  stopDate?: Date;
  error?: string;
  cause?: string;
}

export async function describeRunExecution(executionArn: string): Promise<ExecutionState> {
  try {
    const out = await sfn().send(new DescribeExecutionCommand({ executionArn }));
    return {
      status: (out.status ?? 'RUNNING') as ExecutionState['status'],
      ...(out.stopDate ? { stopDate: out.stopDate } : {}),
      ...(out.error ? { error: out.error } : {}),
      ...(out.cause ? { cause: out.cause } : {}),
    };
  } catch (error) {
    if (error instanceof ExecutionDoesNotExist) return { status: 'MISSING' };
    throw error;
  }
}
