import { RunnerInputSchema, type RunnerOutput } from '@shared/schemas/run';
import { getRunDocument, putRunDocument } from '../data/run-files';
import { runnerEnv } from '../lib/env';
import { runCohortModel } from './markov-cohort-model';

export { runCohortModel } from './markov-cohort-model';

/**
 * The model runner: the container's entrypoint on Fargate, and locally the child process the local
 * Step Functions starts. Exit code 0 means the output document is written; anything else fails the
 * RunModel state (its message is on stderr).
 * 1. Read RUN_ID, RUN_INPUT_KEY, RUN_OUTPUT_KEY.
 * 2. Read the input document from the files bucket.
 * 3. Run the model and write the output document.
 */
export async function runOnce(): Promise<string> {
  const { runId, inputKey, outputKey } = runnerEnv();
  const input = RunnerInputSchema.parse(await getRunDocument(inputKey));
  if (input.runId !== runId) throw new Error(`Input document belongs to run ${input.runId}, not ${runId}`);
  if (input.fail) throw new Error('The run was asked to fail (fail: true).');
  const result = runCohortModel(input.parameters);
  const output: RunnerOutput = {
    runId,
    model: 'markov-cohort-3-state',
    ...result,
    finishedOn: new Date().toISOString(),
  };
  await putRunDocument(outputKey, output);
  return `Run ${runId} completed: total cost ${result.totalCost}, QALYs ${result.totalQalys}`;
}

/** Exits once the line is flushed (pipe writes may be asynchronous; idle SDK sockets must not hold us). */
function exitWith(code: number, stream: NodeJS.WriteStream, line: string): void {
  stream.write(`${line}\n`, () => process.exit(code));
}

runOnce().then(
  (summary) => exitWith(0, process.stdout, summary),
  (error: unknown) =>
    exitWith(1, process.stderr, `Run failed: ${error instanceof Error ? error.message : String(error)}`),
);
