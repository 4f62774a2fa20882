import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RunRecordViewSchema } from '@shared/schemas/execution-api';
import * as z from 'zod/mini';
import { ddb } from './dynamodb-client';
import { parseItem, queryAll, tableName } from './table';

/**
 * Reproducibility records (issue 11 §4; docs/data-model.md, "Executions"):
 *   RUN#<runId> / RECORD                          what ran, on what, with what inputs, by whom, and
 *                                                 the hash of what came out (the runner's RunRecord
 *                                                 plus the pipeline's part)
 *   RUNPRINT#<uuid>#<fingerprint> / RESULT#<sha>  the runs of an entry with the same inputs
 *                                                 (model files, parameter files, values, entry) that
 *                                                 gave this result: two items = non-deterministic
 * The output files and the log tails stay in the run's outcome.json (they can exceed an item).
 */
export const runRecordKey = (runId: string) => ({ pk: `RUN#${runId}`, sk: 'RECORD' });
const fingerprintPk = (uuid: string, fingerprint: string) => `RUNPRINT#${uuid}#${fingerprint}`;

/** The stored record: the record route's answer without what is computed when it is read. */
const RunRecordItemSchema = z.omit(RunRecordViewSchema, {
  sameInputRuns: true,
  distinctResults: true,
  nonDeterministic: true,
});
export type RunRecordItem = z.infer<typeof RunRecordItemSchema>;

/** One result of an input fingerprint: its hash and the runs that gave it (a string set). */
const FingerprintResultSchema = z.object({ resultSha256: z.string(), runIds: z.set(z.string()) });

/** Writes (or, when a task is retried, rewrites) the record of a run. */
export async function putRunRecord(item: RunRecordItem): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...runRecordKey(item.runId), entity: 'RunRecord', ...item },
    }),
  );
}

export async function getRunRecord(runId: string): Promise<RunRecordItem | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: runRecordKey(runId), ConsistentRead: true }),
  );
  return Item ? parseItem(RunRecordItemSchema, Item) : undefined;
}

/** Counts a run under its inputs' fingerprint and its result's hash (a set: a retry counts once). */
export async function addFingerprintResult(
  uuid: string,
  fingerprint: string,
  resultSha256: string,
  runId: string,
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: fingerprintPk(uuid, fingerprint), sk: `RESULT#${resultSha256}` },
      UpdateExpression: 'ADD #runIds :run SET #entity = :entity, #resultSha256 = :sha',
      ExpressionAttributeNames: { '#runIds': 'runIds', '#entity': 'entity', '#resultSha256': 'resultSha256' },
      ExpressionAttributeValues: {
        ':run': new Set([runId]),
        ':entity': 'RunFingerprint',
        ':sha': resultSha256,
      },
    }),
  );
}

/** The results the runs with these inputs gave: each result's hash with the runs that gave it. */
export async function listFingerprintResults(
  uuid: string,
  fingerprint: string,
): Promise<{ resultSha256: string; runIds: string[] }[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': fingerprintPk(uuid, fingerprint) },
    ConsistentRead: true,
  });
  return items.map((item) => {
    const { resultSha256, runIds } = parseItem(FingerprintResultSchema, item);
    return { resultSha256, runIds: [...runIds] };
  });
}
