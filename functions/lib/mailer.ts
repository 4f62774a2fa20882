import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { awsSend, readText } from './aws-rest';
import { env } from './env';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

/** One e-mail as the local outbox stores it (`<id>.json`); the local outbox page lists these. */
export interface OutboxMail extends Mail {
  id: string;
  from: string;
  sentAt: string;
}

/**
 * Sends one e-mail. Locally (MAIL_OUTBOX_DIR set) it is written as JSON into the outbox folder, the
 * stand-in for SES; in AWS it goes through SESv2 (sendThroughSes). Returns the message id.
 */
export async function sendMail(mail: Mail): Promise<string> {
  if (mail.to.length === 0) throw new Error('sendMail needs at least one recipient');
  const outbox = env.mailOutboxDir;
  if (outbox) return writeToOutbox(outbox, mail);
  return sendThroughSes(mail);
}

/**
 * SESv2 SendEmail (`POST /v2/email/outbound-emails`, the documented REST API) through lib/aws-rest.ts,
 * which says why there is no SES client here. `endpoint` is for tests.
 */
export async function sendThroughSes(
  mail: Mail,
  endpoint = env.sesEndpoint ?? `https://email.${env.region}.amazonaws.com`,
): Promise<string> {
  const reply = await awsSend({
    service: 'ses',
    method: 'POST',
    endpoint,
    path: '/v2/email/outbound-emails',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      FromEmailAddress: env.mailFrom,
      Destination: { ToAddresses: mail.to },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  });
  const answer = JSON.parse((await readText(reply.body)) || '{}') as { MessageId?: unknown };
  return typeof answer.MessageId === 'string' ? answer.MessageId : '';
}

async function writeToOutbox(dir: string, mail: Mail): Promise<string> {
  const id = ulid();
  const record: OutboxMail = {
    id,
    from: env.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    sentAt: new Date().toISOString(),
  };
  await mkdir(dir, { recursive: true });
  // Write then rename, so a reader listing the folder never sees a half-written file.
  const temporary = join(dir, `.${id}.json.tmp`);
  await writeFile(temporary, JSON.stringify(record, null, 2), 'utf8');
  await rename(temporary, join(dir, `${id}.json`));
  return id;
}
