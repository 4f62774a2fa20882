import { getObjectBytes, putObject } from './file-objects';

/**
 * The objects of one run in the files bucket, all under `runs/<runId>/` (docs/running-models.md,
 * "The pipeline"): Prepare writes the job and the values, the runner writes the rest.
 *   job.json           what to run (shared/schemas/run-job.ts RunJobSchema)
 *   values.json        the instance's values, canonical JSON
 *   scenarios.json     a display run's index of the scenarios it displays (`_scenarios/index.json`)
 *   outcome.json       the runner layer's outcome (fault or result, log tails, reproducibility record)
 *   result.json        the visualization result, when the model returned one
 *   outputs.zip        every output file; outputs/<path> each of them
 *   runner-error.json  the runner could not run the model at all
 */
// The keys are built from validated parts in storage-keys.ts; re-exported for this module's readers.
export {
  runArchiveKey,
  runJobKey,
  runOutcomeKey,
  runOutputKey,
  runOutputsPrefix,
  runResultKey,
  runRunnerErrorKey,
  runScenarioIndexKey,
  runValuesKey,
} from './storage-keys';

export async function putRunDocument(key: string, document: unknown): Promise<void> {
  await putObject(key, JSON.stringify(document), { contentType: 'application/json' });
}

export async function putRunText(key: string, text: string): Promise<void> {
  await putObject(key, text, { contentType: 'application/json' });
}

/** Reads and JSON-parses a run document; undefined when it does not exist; throws when it is not JSON. */
export async function findRunDocument(key: string): Promise<unknown> {
  const bytes = await getObjectBytes(key);
  if (bytes === undefined) return undefined;
  return JSON.parse(bytes.toString('utf8'));
}

/** Reads and JSON-parses a run document that must exist. */
export async function getRunDocument(key: string): Promise<unknown> {
  const document = await findRunDocument(key);
  if (document === undefined) throw new Error(`Run document ${key} does not exist`);
  return document;
}
