import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageRejected, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const settings = vi.hoisted(() => ({
  env: {
    mailOutboxDir: undefined as string | undefined,
    mailFrom: 'no-reply@example.com',
  },
}));
vi.mock('./env', () => settings);

const { sendMail } = await import('./mailer');

const send = vi.spyOn(SESv2Client.prototype, 'send');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  settings.env.mailOutboxDir = undefined;
  send.mockReset();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
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

describe('sendMail through SES (no outbox configured)', () => {
  it('sends one SESv2 SendEmail with the sender, recipients, UTF-8 parts, and returns its MessageId', async () => {
    send.mockResolvedValue({ MessageId: '0100018c-ses-message-id', $metadata: {} } as never);
    const id = await sendMail({
      to: ['a@example.com', 'b@example.com'],
      subject: 'Sübject',
      text: 'Text',
      html: '<p>Text</p>',
    });
    expect(id).toBe('0100018c-ses-message-id');

    expect(send).toHaveBeenCalledTimes(1);
    const command = send.mock.calls[0]?.[0] as SendEmailCommand;
    expect(command).toBeInstanceOf(SendEmailCommand);
    expect(command.input).toEqual({
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
  });

  it('sends no Html part for a text-only mail', async () => {
    send.mockResolvedValue({ MessageId: 'm-2', $metadata: {} } as never);
    expect(await sendMail({ to: ['a@example.com'], subject: 'S', text: 'T' })).toBe('m-2');
    const command = send.mock.calls[0]?.[0] as SendEmailCommand;
    expect(command.input.Content?.Simple?.Body).toEqual({ Text: { Data: 'T', Charset: 'UTF-8' } });
  });

  it('rejects with SES’s own error when SES refuses the message', async () => {
    const rejected = new MessageRejected({ message: 'Email address is not verified.', $metadata: {} });
    send.mockRejectedValue(rejected as never);
    await expect(sendMail({ to: ['a@example.com'], subject: 'S', text: 'T' })).rejects.toBe(rejected);
  });
});
