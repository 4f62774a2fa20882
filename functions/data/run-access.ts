import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from '../lib/env';
import { ddb } from './dynamodb-client';
import { executionRunKey } from './executions';
import { s3Presigner } from './s3-client';
import { tableName, ttlIn } from './table';
import { runTransaction } from './transactions';

/**
 * The runner's access to one run (functions/core/runs/run-access.ts):
 *   RUN#<runId> / ACCESS   the SHA-256 of the run's access token (never the token), with the run's
 *                          group and instance, so that the run's execution item can be checked
 * and the presigned URLs the runner gets for this run's objects.
 */
export const runAccessKey = (runId: string) => ({ pk: `RUN#${runId}`, sk: 'ACCESS' });

export interface RunAccessRecord {
  runId: string;
  groupId: string;
  instanceId: string;
  tokenSha256: string;
  createdOn: string;
}

/**
 * Stores a run's token hash, in one transaction with a check that the run's execution item is still
 * INPROCESS with this run id (a run cancelled meanwhile gets no access). A retried Prepare replaces
 * the hash: only the token of the Prepare whose output reaches RunModel is ever used. Throws
 * ConflictError when the run is no longer in process.
 */
export async function putRunAccess(record: RunAccessRecord, ttlSeconds: number): Promise<void> {
  const TableName = tableName();
  await runTransaction([
    {
      item: {
        ConditionCheck: {
          TableName,
          Key: executionRunKey(record.groupId, record.instanceId),
          ConditionExpression: '#status = :inprocess AND #runId = :runId',
          ExpressionAttributeNames: { '#status': 'status', '#runId': 'runId' },
          ExpressionAttributeValues: { ':inprocess': 'INPROCESS', ':runId': record.runId },
        },
      },
      conflict: `Run ${record.runId} is no longer in process.`,
    },
    {
      item: {
        Put: { TableName, Item: { ...runAccessKey(record.runId), ...record, ttl: ttlIn(ttlSeconds) } },
      },
    },
  ]);
}

export async function getRunAccess(runId: string): Promise<RunAccessRecord | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: runAccessKey(runId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    runId: String(Item.runId),
    groupId: String(Item.groupId),
    instanceId: String(Item.instanceId),
    tokenSha256: String(Item.tokenSha256),
    createdOn: String(Item.createdOn),
  };
}

/** A presigned GET of one object. */
export function presignRunGet(key: string, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(s3Presigner(), new GetObjectCommand({ Bucket: env.filesBucket, Key: key }), {
    expiresIn: expiresInSeconds,
  });
}

/**
 * A presigned PUT of one object. Neither length nor type is signed: the runner knows them only when it
 * uploads (an archive is written after the URLs are asked for), and the key is what confines it.
 */
export function presignRunPut(key: string, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(s3Presigner(), new PutObjectCommand({ Bucket: env.filesBucket, Key: key }), {
    expiresIn: expiresInSeconds,
  });
}
