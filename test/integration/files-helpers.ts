import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS } from '../../scripts/local/env';
import { personaByKey } from '../../scripts/local/personas';
import { localCloud } from '../support/local-cloud';
import { call, type Json, queryPartition } from './catalogue-helpers';

/** Shared helpers of the file manager and file access integration tests (files-*.test.ts). */

let client: S3Client | undefined;
function s3(): S3Client {
  const cloud = localCloud();
  client ??= new S3Client({
    endpoint: cloud.s3,
    region: cloud.region,
    forcePathStyle: true,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  return client;
}

export async function objectKeys(prefix: string): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: localCloud().filesBucket, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
}

export async function objectText(key: string): Promise<string> {
  const out = await s3().send(new GetObjectCommand({ Bucket: localCloud().filesBucket, Key: key }));
  return (await out.Body?.transformToString()) ?? '';
}

export interface AuditItem {
  action: string;
  actor: string;
  fileUuid?: string;
  fileName?: string;
  subject?: string;
  detail?: string;
}

/** The audit records of an entry (AUDIT#<uuid>), oldest first. */
export async function auditOf(modelUuid: string): Promise<AuditItem[]> {
  const items = await queryPartition(`AUDIT#${modelUuid}`);
  return items.sort((a, b) => String(a.sk).localeCompare(String(b.sk))) as AuditItem[];
}

/** Everything a save could write: the entry's items, its audit trail and its S3 bodies. */
export async function footprint(modelUuid: string) {
  const items = (await queryPartition(`MODEL#${modelUuid}`)).sort((a, b) =>
    String(a.sk).localeCompare(String(b.sk)),
  );
  return {
    items,
    audit: (await auditOf(modelUuid)).length,
    keys: await objectKeys(`models/${modelUuid}/`),
  };
}

export interface OutboxMail {
  id: string;
  to: string[];
  subject: string;
  text: string;
}

/** Mails in the local SES outbox, newest first. */
export async function outbox(): Promise<OutboxMail[]> {
  const res = await fetch(localCloud().outbox, { headers: { accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`outbox: ${res.status}`);
  return ((await res.json()) as { messages: OutboxMail[] }).messages;
}

export const emailOf = (persona: string) => personaByKey(persona).email;

/** The entry's files as `persona` sees them, by name. */
export async function filesByName(persona: string, modelUuid: string): Promise<Map<string, Json>> {
  const res = await call(persona, 'GET', `/v2/models/${modelUuid}/files`);
  if (res.status !== 200) throw new Error(`files: ${res.status} ${JSON.stringify(res.body)}`);
  return new Map((res.body.items as Json[]).map((f) => [f.name as string, f]));
}

export const accepted = { legalNoticeAccepted: true };
