import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { env } from '../lib/env';
import { s3 } from './s3-client';

/** Run input and output documents in the files bucket: runs/<runId>/input.json and output.json. */
export const runInputKey = (runId: string) => `runs/${runId}/input.json`;
export const runOutputKey = (runId: string) => `runs/${runId}/output.json`;

export async function putRunDocument(key: string, document: unknown): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: env.filesBucket,
      Key: key,
      Body: JSON.stringify(document),
      ContentType: 'application/json',
    }),
  );
}

/** Reads and JSON-parses a run document; throws when it is missing or not JSON. */
export async function getRunDocument(key: string): Promise<unknown> {
  const out = await s3().send(new GetObjectCommand({ Bucket: env.filesBucket, Key: key }));
  const text = await out.Body?.transformToString('utf8');
  if (text === undefined) throw new Error(`Run document ${key} is empty`);
  return JSON.parse(text);
}
