import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { InvokedJobName } from '@shared/api/routes';
import { env } from './env';
import { tracer } from './observability';

/**
 * Starts a job of the `jobs` area's function (shared/api/routes.ts INVOKED_JOBS) without waiting for
 * it: an asynchronous invocation (InvocationType 'Event'), which Lambda queues and answers with 202 at
 * once; the function then runs for up to its own timeout, not the HTTP API's 29 s. Locally the
 * endpoint is the gateway's emulation of the Invoke API (LAMBDA_ENDPOINT); in AWS the SDK resolves the
 * regional one. The function's name comes from JOBS_FUNCTION_NAME, which CDK sets only on the areas
 * whose code sends this command, together with `lambda:InvokeFunction` on that one function.
 */
let client: LambdaClient | undefined;
const lambda = () => {
  const endpoint = env.lambdaEndpoint;
  client ??= tracer.captureAWSv3Client(new LambdaClient(endpoint ? { endpoint } : {}));
  return client;
};

/** What the area's dispatcher reads (`job`) and the job's module receives as its event. */
export type JobPayload = { job: InvokedJobName } & Record<string, unknown>;

/** Queues one invocation; rejects when Lambda refuses it (throttled, no permission...). */
export async function startJob(payload: JobPayload): Promise<void> {
  const out = await lambda().send(
    new InvokeCommand({
      FunctionName: env.jobsFunctionName,
      InvocationType: 'Event',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  if (out.StatusCode !== 202) throw new Error(`Lambda answered ${out.StatusCode} to an asynchronous invoke`);
}
