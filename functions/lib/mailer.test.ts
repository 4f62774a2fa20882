import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';

const settings = vi.hoisted(() => ({
  env: { mailOutboxDir: undefined as string | undefined, mailFrom: 'no-reply@example.com' },
}));
vi.mock('./env', () => settings);

const { sendMail } = await import('./mailer');
// The client's overloaded `send` types do not fit a mock; the tests only need calls and results.
const send = vi.spyOn(SESv2Client.prototype, 'send') as unknown as MockInstance<
  (command: unknown) => Promise<unknown>
>;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-'));
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
    expect(send).not.toHaveBeenCalled();
  });

  it('sends through SESv2 when there is no outbox', async () => {
    settings.env.mailOutboxDir = undefined;
    send.mockResolvedValue({ MessageId: 'ses-1' });
    const id = await sendMail({
      to: ['a@example.com', 'b@example.com'],
      subject: 'S',
      text: 'T',
      html: '<p>T</p>',
    });
    expect(id).toBe('ses-1');
    const command = send.mock.calls[0]?.[0] as SendEmailCommand;
    expect(command).toBeInstanceOf(SendEmailCommand);
    expect(command.input.FromEmailAddress).toBe('no-reply@example.com');
    expect(command.input.Destination?.ToAddresses).toEqual(['a@example.com', 'b@example.com']);
    expect(command.input.Content?.Simple?.Subject?.Data).toBe('S');
    expect(command.input.Content?.Simple?.Body?.Html?.Data).toBe('<p>T</p>');
  });

  it('refuses a mail without recipients', async () => {
    await expect(sendMail({ to: [], subject: 'S', text: 'T' })).rejects.toThrow();
  });
});
