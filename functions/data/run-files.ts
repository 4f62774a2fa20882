import { RUNS_PREFIX } from '@shared/config/files-bucket';
import { getObjectBytes, putObject } from './file-objects';

/** Run input and output documents in the files bucket: runs/<runId>/input.json and output.json. */
export const runInputKey = (runId: string) => `${RUNS_PREFIX}${runId}/input.json`;
export const runOutputKey = (runId: string) => `${RUNS_PREFIX}${runId}/output.json`;

export async function putRunDocument(key: string, document: unknown): Promise<void> {
  await putObject(key, JSON.stringify(document), { contentType: 'application/json' });
}

/** Reads and JSON-parses a run document; throws when it is missing or not JSON. */
export async function getRunDocument(key: string): Promise<unknown> {
  const bytes = await getObjectBytes(key);
  if (bytes === undefined) throw new Error(`Run document ${key} does not exist`);
  return JSON.parse(bytes.toString('utf8'));
}
