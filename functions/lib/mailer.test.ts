import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeStandIns,
  type RecordedRequest,
  type StandInAnswer,
  startStandIn,
  stubAwsCredentials,
} from '../../test/support/aws-stand-in';

const settings = vi.hoisted(() => ({
  env: {
    mailOutboxDir: undefined as string | undefined,
    mailFrom: 'no-reply@example.com',
    region: 'eu-west-1',
  },
}));
vi.mock('./env', () => settings);

const { sendMail, sendThroughSes } = await import('./mailer');
const { AwsRequestError, forgetAwsCredentials } = await import('./aws-rest');

const AKID = 'AKIDMAILERTEST';

/** A stand-in for SES that gives the same answer to every request. */
const startSes = (answer: StandInAnswer) => startStandIn(() => answer);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  settings.env.mailOutboxDir = undefined;
  stubAwsCredentials(AKID, 'mailer-test-secret');
  forgetAwsCredentials();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
  forgetAwsCredentials();
  await closeStandIns();
});

describe('sendMail', () => {
  it('writes <id>.json into the outbox folder when one is configured', async () => {
    settings.env.mailOutboxDir = join(dir, 'outbox');
    const id = await sendMail({ to: ['alice@example.com'], subject: 'Access Request', text: 'Ian asks' });
    const files = await readdir(join(dir, 'outbox'));
    expect(files).toEqual([`${id}.json`]);
    const mail = JSON.parse(await readFile(join(dir, 'outbox', `${id}.json`), 'utf8'));
    expect(mail).toEqual({
      id,
      from: 'no-reply@example.com',
      to: ['alice@example.com'],
      subject: 'Access Request',
      text: 'Ian asks',
      sentAt: expect.any(String),
    });
    expect(Date.parse(mail.sentAt)).not.toBeNaN();
  });

  it('keeps the HTML part in the outbox and gives each mail its own file', async () => {
    settings.env.mailOutboxDir = join(dir, 'outbox');
    const first = await sendMail({
      to: ['a@example.com', 'b@example.com'],
      subject: 'S',
      text: 'T',
      html: '<p>T</p>',
    });
    const second = await sendMail({ to: ['c@example.com'], subject: 'S2', text: 'T2' });
    expect(first).not.toBe(second);
    expect((await readdir(join(dir, 'outbox'))).sort()).toEqual([`${first}.json`, `${second}.json`].sort());
    const mail = JSON.parse(await readFile(join(dir, 'outbox', `${first}.json`), 'utf8'));
    expect(mail).toMatchObject({ to: ['a@example.com', 'b@example.com'], html: '<p>T</p>' });
  });

  it('refuses a mail without recipients', async () => {
    settings.env.mailOutboxDir = join(dir, 'outbox');
    await expect(sendMail({ to: [], subject: 'S', text: 'T' })).rejects.toThrow(/recipient/);
    await expect(readdir(join(dir, 'outbox'))).rejects.toThrow();
  });
});

describe('sendThroughSes', () => {
  it('posts a signed SESv2 SendEmail request and returns its MessageId', async () => {
    const ses = await startSes({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"MessageId":"0100018c-ses-message-id"}',
    });
    const id = await sendThroughSes(
      { to: ['a@example.com', 'b@example.com'], subject: 'Sübject', text: 'Text', html: '<p>Text</p>' },
      ses.endpoint,
    );
    expect(id).toBe('0100018c-ses-message-id');

    expect(ses.requests).toHaveLength(1);
    const [request] = ses.requests as [RecordedRequest];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v2/email/outbound-emails');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['content-length']).toBe(String(Buffer.byteLength(request.body)));
    expect(JSON.parse(request.body.toString())).toEqual({
      FromEmailAddress: 'no-reply@example.com',
      Destination: { ToAddresses: ['a@example.com', 'b@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Sübject', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Text', Charset: 'UTF-8' },
            Html: { Data: '<p>Text</p>', Charset: 'UTF-8' },
          },
        },
      },
    });

    const amzDate = String(request.headers['x-amz-date']);
    expect(amzDate).toMatch(/^\d{8}T\d{6}Z$/);
    const authorization = String(request.headers.authorization);
    expect(
      authorization.startsWith(
        `AWS4-HMAC-SHA256 Credential=${AKID}/${amzDate.slice(0, 8)}/eu-west-1/ses/aws4_request, `,
      ),
    ).toBe(true);
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';');
    expect(signedHeaders).toContain('host');
    expect(signedHeaders).toContain('x-amz-date');
    expect(signedHeaders).toContain('content-type');
    expect(authorization).toMatch(/, Signature=[0-9a-f]{64}$/);
  });

  it('sends no Html part for a text-only mail', async () => {
    const ses = await startSes({ status: 200, body: '{"MessageId":"m-2"}' });
    expect(await sendThroughSes({ to: ['a@example.com'], subject: 'S', text: 'T' }, ses.endpoint)).toBe(
      'm-2',
    );
    const body = JSON.parse(ses.requests[0]?.body.toString() ?? '{}');
    expect(body.Content.Simple.Body).toEqual({ Text: { Data: 'T', Charset: 'UTF-8' } });
  });

  it('rejects with SES’s error code, status and message', async () => {
    const ses = await startSes({
      status: 400,
      headers: {
        'content-type': 'application/json',
        'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/',
      },
      body: '{"message":"Email address is not verified."}',
    });
    const error = await sendThroughSes(
      { to: ['a@example.com'], subject: 'S', text: 'T' },
      ses.endpoint,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsRequestError);
    expect(error).toMatchObject({
      name: 'MessageRejected',
      code: 'MessageRejected',
      status: 400,
      service: 'ses',
      message: 'Email address is not verified.',
    });
    // A rejected message is not sent again.
    expect(ses.requests).toHaveLength(1);
  });
});
