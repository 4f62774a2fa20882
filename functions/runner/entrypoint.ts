import { env as appEnv, runnerEnv } from '../lib/env';
import { lambdaInvoker, runAccessClient } from './run-access-client';
import {
  downloadWork,
  type PreparedWork,
  readJob,
  removeWork,
  runJob,
  uploadOutcome,
  uploadRunnerError,
} from './run-job';

/**
 * The model runner: the container's entrypoint on Fargate (one image per language,
 * functions/runner/docker/), and locally the child process the local Step Functions starts for the
 * RunModel state. Exit code 0 means the run COMPLETED and its outcome is stored; anything else fails
 * the RunModel state, and its message is the last line on stderr (the outcome, when there is one,
 * holds the modeler's message for MarkFailed).
 * 1. RUN_ID names the run; RUN_ACCESS_TOKEN (made by Prepare for this run only) gets presigned URLs
 *    for its inputs and outputs from the run-access function (RUN_ACCESS_FUNCTION_NAME). The runner
 *    holds no storage credentials: in AWS its task role may only invoke that function.
 * 2. Download, run, upload (run-job.ts). SIGTERM (a cancel: Step Functions stops the task) stops the
 *    model with every process it started and ends the runner without uploading.
 * 3. A job that cannot be set up (a file gone from storage) leaves runner-error.json.
 */

// The first line: when this process started (the benchmark's "runner process started").
process.stdout.write(`runner process started ${new Date(performance.timeOrigin).toISOString()}\n`);

const controller = new AbortController();
let cancelled = false;
process.once('SIGTERM', () => {
  cancelled = true;
  controller.abort();
});

async function imageName(uri: string | undefined, fallback: string | undefined): Promise<string> {
  if (uri) {
    try {
      const res = await fetch(uri, { signal: AbortSignal.timeout(2000) });
      const meta = (await res.json()) as { Image?: string; ImageID?: string };
      if (meta.Image) return meta.ImageID ? `${meta.Image}@${meta.ImageID}` : meta.Image;
    } catch {
      // The record names the fallback.
    }
  }
  return fallback ?? 'local';
}

async function main(): Promise<{ code: number; line: string }> {
  const env = runnerEnv();
  // The model never sees the runner's variables (run-model.ts gives it its own); dropping the token
  // here keeps it out of anything else this process starts.
  delete process.env.RUN_ACCESS_TOKEN;
  const startedOn = new Date();
  const access = runAccessClient(
    env.runId,
    env.accessToken,
    lambdaInvoker(env.accessFunctionName, appEnv.lambdaEndpoint),
  );
  const downloadStarted = performance.now();
  const inputs = await access.inputs();
  const job = await readJob(inputs, env.runId);
  let work: PreparedWork | undefined;
  try {
    const [image, prepared] = await Promise.all([
      imageName(env.taskMetadataUri, env.runnerImage),
      downloadWork(job, inputs).catch(async (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        await uploadRunnerError(access, message);
        throw error;
      }),
    ]);
    work = prepared;
    const downloadMs = Math.round(performance.now() - downloadStarted);
    const outcome = await runJob(job, work, {
      runnerImage: image,
      signal: controller.signal,
      onLog: (stream, chunk) => (stream === 'stdout' ? process.stdout : process.stderr).write(chunk),
    });
    if (cancelled) return { code: 143, line: `Run ${job.runId} cancelled.` };
    await uploadOutcome(job, work, outcome, { startedOn, downloadMs }, access);
    if (outcome.status === 'COMPLETED')
      return { code: 0, line: `Run ${job.runId} completed in ${outcome.record.durationMs} ms.` };
    return { code: 1, line: `Run failed (${outcome.fault?.code}): ${outcome.fault?.message}` };
  } finally {
    await removeWork(work);
  }
}

/** Exits once the line is flushed (pipe writes may be asynchronous; idle SDK sockets must not hold us). */
function exitWith(code: number, stream: NodeJS.WriteStream, line: string): void {
  stream.write(`${line}\n`, () => process.exit(code));
}

main().then(
  ({ code, line }) => exitWith(code, code === 0 ? process.stdout : process.stderr, line),
  (error: unknown) =>
    exitWith(1, process.stderr, `Run failed: ${error instanceof Error ? error.message : String(error)}`),
);
