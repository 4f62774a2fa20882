import './polyfills';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { RUN_ACCESS_AREA, WORKFLOW_AREA } from '@shared/api/routes';
import { ENV_VARS } from '@shared/config/env-vars';
import {
  ExecutionAbortedError,
  ExecutionError,
  ExecutionTimeoutError,
  StateMachine,
} from 'aws-local-stepfunctions';
import { invokeArea } from './area-workers';
import { localFunctionName } from './lambda-context';
import { type ManagedChild, spawnManaged } from './processes';
import { runnerArgs } from './runner-bundle';

/**
 * A local Step Functions API. It speaks the AWS JSON 1.0 protocol (`X-Amz-Target:
 * AWSStepFunctions.<Op>`) for the operations the app uses, so `SFNClient` works against it with only an
 * `endpoint`. Executions run the same ASL file CDK deploys, with aws-local-stepfunctions; Lambda tasks
 * invoke the workflow area as AWS invokes its function (scripts/local/area-workers.ts: the same
 * dispatcher, payload `{ task, input }`), and the ECS RunTask state starts the runner entrypoint as a
 * child process, as the Fargate container would.
 */
export const ASL_FILE = join(process.cwd(), 'cdk', 'state-machine', 'run-model.asl.json');
export const STATE_MACHINE_NAME = 'model-repository-run-model';
const ACCOUNT = '000000000000';
const ECS_RUN_TASK = /^arn:aws:states:::ecs:runTask(\.sync|\.waitForTaskToken)?$/;

type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: Status;
  /** Epoch milliseconds (sent as epoch seconds on the wire, as the AWS JSON protocol does). */
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
}

interface Running {
  abort: () => void;
  children: Set<ManagedChild>;
}

/**
 * Fargate runs every task on its own capacity; this machine has a few cores. At most this many runner
 * processes run at once (MR_LOCAL_RUNNERS, default 4); a RunModel task beyond them waits for a slot,
 * its run INPROCESS, as a task waits for capacity in AWS. Its timeout counts from when it was asked.
 */
export const DEFAULT_LOCAL_RUNNERS = 4;

export class RunnerSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

export interface SfnServerOptions {
  host: string;
  port: number;
  region: string;
  dataDir: string;
  logDir: string;
  /** Environment of the handlers (and of the runner, plus its container overrides). */
  handlerEnv: Record<string, string>;
  /** Runner processes at once (default DEFAULT_LOCAL_RUNNERS). */
  runnerSlots?: number;
  /** The runner bundle to start (runner-bundle.ts); without one, the runner's sources through tsx. */
  runnerBundle?: string;
  log: (line: string) => void;
}

/**
 * The run queue's limit locally (the ASL's `${RunSlotLimit}`; in AWS the deploy setting
 * `maxConcurrentRuns`). Every run takes and gives back a slot as in AWS, but the runner processes are
 * capped by RunnerSlots above, which starts a waiting runner at once instead of the queue's retry
 * backoff: generous, so that local tests of many runs are not slowed by that backoff.
 */
export const LOCAL_RUN_SLOT_LIMIT = 50;

export function stateMachineArn(region: string): string {
  return `arn:aws:states:${region}:${ACCOUNT}:stateMachine:${STATE_MACHINE_NAME}`;
}

/** The values CDK passes as `definitionSubstitutions`, with local stand-ins. */
export function localSubstitutions(region: string): Record<string, string> {
  const values: Record<string, string> = {
    ClusterArn: `arn:aws:ecs:${region}:${ACCOUNT}:cluster/model-repository-local`,
    PythonRunnerTaskFamily: 'model-repository-runner-python',
    RRunnerTaskFamily: 'model-repository-runner-r',
    ExcelRunnerTaskFamily: 'model-repository-runner-excel',
    SubnetA: 'subnet-local-a',
    SubnetB: 'subnet-local-b',
    RunnerSecurityGroupId: 'sg-local-runner',
    RunSlotLimit: String(LOCAL_RUN_SLOT_LIMIT),
  };
  values.WorkflowFunctionArn = workflowFunctionArn(region);
  return values;
}

/** The local stand-in for the workflow area's function ARN: Lambda tasks naming it run that area. */
export function workflowFunctionArn(region: string): string {
  return `arn:aws:lambda:${region}:${ACCOUNT}:function:model-repository-local-${WORKFLOW_AREA}`;
}

export function loadDefinition(region: string): Record<string, unknown> {
  const substitutions = localSubstitutions(region);
  const text = readFileSync(ASL_FILE, 'utf8').replace(/\$\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = substitutions[name];
    if (value === undefined) throw new Error(`${ASL_FILE}: no local value for the placeholder ${whole}`);
    return value;
  });
  return adaptTimeoutPaths(JSON.parse(text) as Record<string, unknown>);
}

const LOCAL_TIMEOUT_FIELD = '__localTimeoutSeconds';

/**
 * AWS resolves a Task's `TimeoutSecondsPath` against the state input; aws-local-stepfunctions 3.0.0
 * resolves it against the effective input (after `Parameters`). So that the same ASL behaves the same,
 * the path is carried through `Parameters` in a hidden field, which the local task handlers drop.
 */
function adaptTimeoutPaths(definition: Record<string, unknown>): Record<string, unknown> {
  const states = definition.States as Record<string, Record<string, unknown>>;
  for (const state of Object.values(states)) {
    const path = state.TimeoutSecondsPath;
    const params = state.Parameters;
    if (state.Type !== 'Task' || typeof path !== 'string' || typeof params !== 'object' || params === null)
      continue;
    state.Parameters = { ...params, [`${LOCAL_TIMEOUT_FIELD}.$`]: path };
    state.TimeoutSecondsPath = `$.${LOCAL_TIMEOUT_FIELD}`;
  }
  return definition;
}

function withoutLocalFields(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const { [LOCAL_TIMEOUT_FIELD]: _timeout, ...rest } = input as Record<string, unknown>;
  return rest;
}

/**
 * What the runner process gets, as a Fargate task gets its task definition's variables: this machine's
 * own environment (PATH, HOME, the MR_ switches) without the handlers' variables and credentials, plus
 * the Lambda Invoke endpoint and the run-access function's name. No table, bucket or emulator
 * endpoint: the runner reaches storage only through the URLs run access gives it. The SDK signs its
 * Invoke with stand-in keys (the local Invoke API does not check them; s3rver refuses them).
 */
export function runnerProcessEnv(
  machineEnv: NodeJS.ProcessEnv,
  handlerEnv: Record<string, string>,
  extra: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(machineEnv))
    if (value !== undefined && !(name in handlerEnv) && !name.startsWith('AWS_')) env[name] = value;
  const kept = [
    ENV_VARS.stage,
    ENV_VARS.lambdaEndpoint,
    ENV_VARS.logLevel,
    ENV_VARS.serviceName,
    ENV_VARS.traceEnabled,
    ENV_VARS.metricsDisabled,
    ENV_VARS.xrayManualMode,
    'AWS_REGION',
    'AWS_DEFAULT_REGION',
  ];
  for (const name of kept) if (handlerEnv[name] !== undefined) env[name] = handlerEnv[name];
  return {
    ...env,
    AWS_ACCESS_KEY_ID: 'local-runner',
    AWS_SECRET_ACCESS_KEY: 'local-runner',
    RUN_ACCESS_FUNCTION_NAME: localFunctionName(RUN_ACCESS_AREA),
    ...extra,
  };
}

/**
 * The library starts a task before it resolves the task's timeout; if that fails, nobody awaits the
 * task. Mark the promise handled so a failing task never becomes an unhandled rejection.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export async function startSfnServer(options: SfnServerOptions): Promise<{ stop(): Promise<void> }> {
  const definition = loadDefinition(options.region);
  const machine = new StateMachine(definition as unknown as ConstructorParameters<typeof StateMachine>[0]);
  const machineArn = stateMachineArn(options.region);
  const states = definition.States as Record<string, { Type: string; Resource?: string }>;

  const storeDir = join(options.dataDir, 'sfn');
  const storeFile = join(storeDir, 'executions.json');
  mkdirSync(storeDir, { recursive: true });
  const executions = loadExecutions(storeFile);
  const running = new Map<string, Running>();
  const slots = new RunnerSlots(options.runnerSlots ?? DEFAULT_LOCAL_RUNNERS);
  /** Executions whose RunModel task failed or timed out: a runner still waiting for a slot must not start. */
  const abandoned = new Set<string>();

  function persist(): void {
    const tmp = `${storeFile}.tmp`;
    writeFileSync(tmp, JSON.stringify([...executions.values()], null, 1));
    renameSync(tmp, storeFile);
  }
  persist();

  function taskHandlers(record: ExecutionRecord, children: Set<ManagedChild>) {
    const handlers: Record<string, (input: unknown) => Promise<never>> = {};
    const workflow = workflowFunctionArn(options.region);
    for (const [stateName, state] of Object.entries(states)) {
      if (state.Type !== 'Task') continue;
      if (state.Resource === workflow) {
        // The payload is the state's effective input (after Parameters): `{ task, input }`.
        handlers[stateName] = (input) =>
          handled(
            invokeArea(WORKFLOW_AREA, structuredClone(withoutLocalFields(input)), 60_000).then(
              (result) => (result === undefined ? null : JSON.parse(JSON.stringify(result))) as never,
            ),
          );
      } else if (state.Resource && ECS_RUN_TASK.test(state.Resource)) {
        handlers[stateName] = (input) =>
          handled(runContainer(record, withoutLocalFields(input), children)) as Promise<never>;
      } else {
        throw new Error(`The local Step Functions server cannot run task '${stateName}' (${state.Resource})`);
      }
    }
    return handlers;
  }

  /**
   * The Fargate task, locally: the runner entrypoint as a child process with the container overrides.
   * Every task definition (one per runner image) runs the same entrypoint with this machine's
   * runtimes; the family names the image in the run's record (`local/model-repository-runner-r`).
   */
  async function runContainer(
    record: ExecutionRecord,
    input: unknown,
    children: Set<ManagedChild>,
  ): Promise<unknown> {
    const task = input as {
      TaskDefinition?: string;
      Overrides?: { ContainerOverrides?: { Environment?: { Name: string; Value: string }[] }[] };
    };
    const overrides = task.Overrides?.ContainerOverrides ?? [];
    // A family (what the ASL names), `family:revision` or a task definition ARN, as RunTask takes.
    const family =
      /^(?:.*task-definition\/)?([^:/]+)(?::\d+)?$/.exec(task.TaskDefinition ?? '')?.[1] ?? 'runner';
    const env = runnerProcessEnv(process.env, options.handlerEnv, { MR_RUNNER_IMAGE: `local/${family}` });
    for (const container of overrides)
      for (const pair of container.Environment ?? []) env[pair.Name] = String(pair.Value);
    const release = await slots.acquire();
    if (record.status !== 'RUNNING' || abandoned.has(record.executionArn)) {
      release();
      throw Object.assign(new Error('The task was stopped before its runner started.'), {
        name: 'States.TaskFailed',
      });
    }
    const child = spawnManaged({
      name: `runner ${record.name}`,
      command: process.execPath,
      args: runnerArgs(options.runnerBundle),
      cwd: process.cwd(),
      env,
      logFile: join(options.logDir, 'runner', `${record.name}.log`),
    });
    children.add(child);
    const exit = await child.exited.finally(release);
    children.delete(child);
    const taskArn = `arn:aws:ecs:${options.region}:${ACCOUNT}:task/model-repository-local/${record.name}`;
    if (exit === 0) {
      return {
        TaskArn: taskArn,
        LastStatus: 'STOPPED',
        StopCode: 'EssentialContainerExited',
        Containers: [{ Name: 'runner', ExitCode: 0 }],
      };
    }
    const error = new Error(
      JSON.stringify({
        TaskArn: taskArn,
        StopCode: 'EssentialContainerExited',
        StoppedReason: 'Essential container in task exited',
        Containers: [
          {
            Name: 'runner',
            ExitCode: typeof exit === 'number' ? exit : null,
            Reason: typeof exit === 'string' ? exit : undefined,
          },
        ],
      }),
    );
    error.name = 'States.TaskFailed';
    throw error;
  }

  function start(body: { stateMachineArn?: string; name?: string; input?: string }) {
    if (body.stateMachineArn !== machineArn)
      throw new SfnError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${body.stateMachineArn}'`,
      );
    const name = body.name ?? randomUUID();
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) throw new SfnError('InvalidName', `Invalid Name: '${name}'`);
    const inputText = body.input ?? '{}';
    let input: unknown;
    try {
      input = JSON.parse(inputText);
    } catch {
      throw new SfnError('InvalidExecutionInput', 'Invalid State Machine Execution Input: not valid JSON');
    }
    const executionArn = `arn:aws:states:${options.region}:${ACCOUNT}:execution:${STATE_MACHINE_NAME}:${name}`;
    const existing = executions.get(executionArn);
    if (existing) {
      // StartExecution is idempotent for the same name and input while it runs, as in AWS.
      if (existing.status === 'RUNNING' && existing.input === inputText)
        return { executionArn, startDate: existing.startDate / 1000 };
      throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    const record: ExecutionRecord = {
      executionArn,
      stateMachineArn: machineArn,
      name,
      status: 'RUNNING',
      startDate: Date.now(),
      input: inputText,
    };
    executions.set(executionArn, record);
    persist();

    const children = new Set<ManagedChild>();
    const execution = machine.run(input as never, {
      overrides: { taskResourceLocalHandlers: taskHandlers(record, children) as never },
      context: {
        Execution: {
          Id: executionArn,
          Name: name,
          RoleArn: `arn:aws:iam::${ACCOUNT}:role/local`,
          StartTime: new Date(record.startDate).toISOString(),
        },
        StateMachine: { Id: machineArn, Name: STATE_MACHINE_NAME },
      },
    });
    const stopChildren = () => Promise.all([...children].map((c) => c.stop(2000)));
    running.set(executionArn, { abort: execution.abort, children });
    // The library gives a timed-out or failed task no signal: stop its container ourselves.
    void (async () => {
      for await (const event of execution.eventLogs) {
        if (event.type === 'StateFailed' && ECS_RUN_TASK.test(states[event.state.name]?.Resource ?? '')) {
          abandoned.add(executionArn);
          await stopChildren();
        }
      }
    })().catch(() => undefined);

    execution.result
      .then(
        (output: unknown) => finish(record, { status: 'SUCCEEDED', output: JSON.stringify(output ?? null) }),
        (error: unknown) => {
          if (error instanceof ExecutionAbortedError) return finish(record, { status: 'ABORTED' });
          if (error instanceof ExecutionTimeoutError)
            return finish(record, { status: 'TIMED_OUT', error: 'States.Timeout' });
          const cause =
            error instanceof ExecutionError && error.cause instanceof Error ? error.cause : (error as Error);
          return finish(record, {
            status: 'FAILED',
            error: cause?.name ?? 'Error',
            cause: cause?.message ?? String(error),
          });
        },
      )
      .finally(() => {
        void stopChildren();
        running.delete(executionArn);
        abandoned.delete(executionArn);
      });
    return { executionArn, startDate: record.startDate / 1000 };
  }

  function finish(record: ExecutionRecord, outcome: Partial<ExecutionRecord>): void {
    if (record.status !== 'RUNNING') return;
    Object.assign(record, outcome, { stopDate: Date.now() });
    persist();
    options.log(`execution ${record.name}: ${record.status}${record.error ? ` (${record.error})` : ''}`);
  }

  function stop(body: { executionArn?: string; error?: string; cause?: string }) {
    const record = executions.get(body.executionArn ?? '');
    if (!record)
      throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${body.executionArn}'`);
    if (record.status === 'RUNNING') {
      finish(record, {
        status: 'ABORTED',
        ...(body.error ? { error: body.error } : {}),
        ...(body.cause ? { cause: body.cause } : {}),
      });
      const run = running.get(record.executionArn);
      run?.abort();
      for (const child of run?.children ?? []) void child.stop(2000);
    }
    return { stopDate: (record.stopDate ?? Date.now()) / 1000 };
  }

  function describe(body: { executionArn?: string }) {
    const record = executions.get(body.executionArn ?? '');
    if (!record)
      throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${body.executionArn}'`);
    return {
      executionArn: record.executionArn,
      stateMachineArn: record.stateMachineArn,
      name: record.name,
      status: record.status,
      startDate: record.startDate / 1000,
      ...(record.stopDate ? { stopDate: record.stopDate / 1000 } : {}),
      input: record.input,
      inputDetails: { included: true },
      ...(record.output !== undefined ? { output: record.output, outputDetails: { included: true } } : {}),
      ...(record.error ? { error: record.error } : {}),
      ...(record.cause ? { cause: record.cause } : {}),
    };
  }

  function list(body: {
    stateMachineArn?: string;
    statusFilter?: Status;
    maxResults?: number;
    nextToken?: string;
  }) {
    if (body.stateMachineArn !== machineArn)
      throw new SfnError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${body.stateMachineArn}'`,
      );
    const all = [...executions.values()]
      .filter((e) => !body.statusFilter || e.status === body.statusFilter)
      .sort((a, b) => b.startDate - a.startDate);
    const offset = body.nextToken ? Number(body.nextToken) : 0;
    const max = body.maxResults && body.maxResults > 0 ? body.maxResults : 100;
    const page = all.slice(offset, offset + max);
    return {
      executions: page.map((e) => ({
        executionArn: e.executionArn,
        stateMachineArn: e.stateMachineArn,
        name: e.name,
        status: e.status,
        startDate: e.startDate / 1000,
        ...(e.stopDate ? { stopDate: e.stopDate / 1000 } : {}),
      })),
      ...(offset + max < all.length ? { nextToken: String(offset + max) } : {}),
    };
  }

  const operations: Record<string, (body: never) => unknown> = {
    StartExecution: start,
    StopExecution: stop,
    DescribeExecution: describe,
    ListExecutions: list,
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      reply(res, 500, { __type: 'InternalFailure', message: String(error) }),
    );
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    const op = target.startsWith('AWSStepFunctions.') ? target.slice('AWSStepFunctions.'.length) : '';
    const fn = operations[op];
    if (req.method !== 'POST' || !fn) {
      return reply(res, 400, {
        __type: 'UnknownOperationException',
        message: `Operation '${target}' is not supported locally`,
      });
    }
    let body: unknown;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    } catch {
      return reply(res, 400, { __type: 'SerializationException', message: 'Request body is not valid JSON' });
    }
    try {
      reply(res, 200, fn(body as never));
    } catch (error) {
      if (error instanceof SfnError) return reply(res, 400, { __type: error.type, message: error.message });
      throw error;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });

  return {
    async stop() {
      for (const [arn, run] of running) {
        const record = executions.get(arn);
        if (record) finish(record, { status: 'ABORTED', cause: 'The local cloud was stopped.' });
        run.abort();
        await Promise.all([...run.children].map((c) => c.stop(2000)));
      }
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Executions survive a restart; one that was running when the cloud stopped cannot resume. */
function loadExecutions(file: string): Map<string, ExecutionRecord> {
  const map = new Map<string, ExecutionRecord>();
  if (!existsSync(file)) return map;
  try {
    for (const record of JSON.parse(readFileSync(file, 'utf8')) as ExecutionRecord[]) {
      if (record.status === 'RUNNING') {
        Object.assign(record, {
          status: 'ABORTED',
          stopDate: Date.now(),
          cause: 'The local cloud was stopped.',
        });
      }
      map.set(record.executionArn, record);
    }
  } catch {
    // A damaged file only loses history.
  }
  return map;
}
