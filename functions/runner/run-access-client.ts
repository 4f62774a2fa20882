import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { RUN_ACCESS_TASKS } from '@shared/api/routes';
import {
  MAX_OUTPUT_PATHS_PER_REQUEST,
  type RunInputUrls,
  type RunOutputUrls,
} from '@shared/schemas/run-access';

/**
 * The runner's side of run access (functions/core/runs/run-access.ts): it invokes the run-access
 * function with the run's token and gets presigned URLs for this run only. In AWS the task role may
 * invoke that one function and nothing else; locally the gateway's Invoke API (LAMBDA_ENDPOINT) runs
 * the same handler. The runner holds no storage credentials.
 */
export class RunAccessError extends Error {
  override name = 'RunAccessError';
}

export interface RunAccessClient {
  inputs(): Promise<RunInputUrls>;
  /** PUT URLs for these output paths and the run's documents (asked in batches). */
  outputs(paths: readonly string[]): Promise<RunOutputUrls>;
}

type Invoke = (payload: unknown) => Promise<unknown>;

const RUN_ACCESS_TASK: keyof typeof RUN_ACCESS_TASKS = 'RunAccess';

/** Invokes the function synchronously; a function error becomes a RunAccessError with its message. */
export function lambdaInvoker(functionName: string, endpoint?: string): Invoke {
  const client = new LambdaClient(endpoint ? { endpoint } : {});
  return async (payload) => {
    const out = await client.send(
      new InvokeCommand({
        FunctionName: functionName,
        Payload: new TextEncoder().encode(JSON.stringify(payload)),
      }),
    );
    const text = out.Payload ? new TextDecoder().decode(out.Payload) : 'null';
    const body = JSON.parse(text) as unknown;
    if (out.FunctionError) {
      const { errorType, errorMessage } = (body ?? {}) as { errorType?: string; errorMessage?: string };
      throw new RunAccessError(
        `Run access refused (${errorType ?? out.FunctionError}): ${errorMessage ?? text}`,
      );
    }
    return body;
  };
}

export function runAccessClient(runId: string, token: string, invoke: Invoke): RunAccessClient {
  const ask = (request: { request: 'inputs' } | { request: 'outputs'; paths: string[] }) =>
    invoke({ task: RUN_ACCESS_TASK, input: { runId, token, ...request } });
  return {
    inputs: async () => (await ask({ request: 'inputs' })) as RunInputUrls,
    async outputs(paths) {
      let answer: RunOutputUrls | undefined;
      const outputs: Record<string, string> = {};
      for (let i = 0; i === 0 || i < paths.length; i += MAX_OUTPUT_PATHS_PER_REQUEST) {
        const batch = paths.slice(i, i + MAX_OUTPUT_PATHS_PER_REQUEST);
        answer = (await ask({ request: 'outputs', paths: batch })) as RunOutputUrls;
        Object.assign(outputs, answer.outputs);
      }
      return { ...(answer as RunOutputUrls), outputs };
    },
  };
}
