import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ulid } from 'ulid';
import { env } from './env';
import { tracer } from './observability';

/**
 * The SES client, created on first use and reused; here rather than in a shared module so that only
 * the functions that mail bundle it. Its endpoint is the SDK's own choice (AWS_ENDPOINT_URL_SESV2 when
 * set); locally no mail reaches SES (see sendMail).
 */
let sesClient: SESv2Client | undefined;
const ses = () => {
  sesClient ??= tracer.captureAWSv3Client(new SESv2Client({}));
  return sesClient;
};

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
 * stand-in for SES; in AWS it goes through SESv2. Returns the message id.
 */
export async function sendMail(mail: Mail): Promise<string> {
  if (mail.to.length === 0) throw new Error('sendMail needs at least one recipient');
  const outbox = env.mailOutboxDir;
  if (outbox) return writeToOutbox(outbox, mail);
  const out = await ses().send(
    new SendEmailCommand({
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
  );
  return out.MessageId ?? '';
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
