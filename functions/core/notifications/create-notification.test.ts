import { beforeEach, describe, expect, it, vi } from 'vitest';
import { namedPerson } from '../../testing/people';

const users = vi.hoisted(() => ({ getUser: vi.fn(), getUsers: vi.fn() }));
const data = vi.hoisted(() => ({ putNotifications: vi.fn() }));
const push = vi.hoisted(() => ({ pushToConnection: vi.fn() }));
const connections = vi.hoisted(() => ({ listUserConnectionIds: vi.fn() }));
const mailer = vi.hoisted(() => ({ sendMail: vi.fn() }));
const access = vi.hoisted(() => ({ loadModelFor: vi.fn() }));
vi.mock('../../data/users', () => users);
vi.mock('../../data/notifications', () => data);
vi.mock('../connections/push-to-connection', () => push);
vi.mock('../../data/connections', () => connections);
vi.mock('../../lib/mailer', () => mailer);
vi.mock('../models/model-access', () => access);

const { createNotification } = await import('./create-notification');
const { notificationMail, notificationSubject } = await import('./notification-mail');

const people = new Map(
  ['lead', 'steward', 'owner', 'viewer', 'gone'].map((id) => [
    id,
    namedPerson(id, 'INTERNALUSER', { active: id !== 'gone' }),
  ]),
);
const model = {
  uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Melanoma Markov',
  roles: {
    vestLead: 'lead',
    steward: 'steward',
    owners: ['lead', 'owner'],
    viewers: ['viewer', 'gone'],
    displayViewers: [],
    calibrationModelers: ['modeler'],
    scenarioModelers: [],
  },
};
const lead = people.get('lead');
if (!lead) throw new Error('fixture');

beforeEach(() => {
  vi.clearAllMocks();
  users.getUser.mockImplementation(async (id: string) => people.get(id));
  users.getUsers.mockImplementation(async (ids: string[]) => ids.flatMap((id) => people.get(id) ?? []));
  data.putNotifications.mockResolvedValue(undefined);
  push.pushToConnection.mockResolvedValue(true);
  connections.listUserConnectionIds.mockImplementation(async (id: string) => [`${id}-c`]);
  mailer.sendMail.mockResolvedValue('m1');
  access.loadModelFor.mockResolvedValue(model);
});

const input = { modelUuid: model.uuid, action: 'FILES_MODIFIED' as const, userNote: 'New inputs' };

describe('createNotification', () => {
  it('notifies the active steward, owners and viewers except the caller, and mails each', async () => {
    const result = await createNotification(lead, input);
    expect(access.loadModelFor).toHaveBeenCalledWith('edit', model.uuid, lead);
    expect(result.recipients).toBe(3);
    const [ids, notification] = data.putNotifications.mock.calls[0] ?? [];
    expect(ids).toEqual(['steward', 'owner', 'viewer']);
    expect(notification).toMatchObject({
      notificationId: result.notificationId,
      modelName: 'Melanoma Markov',
    });
    expect(push.pushToConnection).toHaveBeenCalledTimes(3);
    expect(mailer.sendMail.mock.calls.map(([m]) => m.to)).toEqual([
      ['steward@example.com'],
      ['owner@example.com'],
      ['viewer@example.com'],
    ]);
  });

  it('answers 502 when every mail fails, with the notification stored and pushed', async () => {
    mailer.sendMail.mockRejectedValue(new Error('SES down'));
    await expect(createNotification(lead, input)).rejects.toMatchObject({
      statusCode: 502,
      message: 'Failed to send email notification',
    });
    expect(data.putNotifications).toHaveBeenCalledTimes(1);
    expect(push.pushToConnection).toHaveBeenCalledTimes(3);
  });

  it('succeeds when only some mails fail', async () => {
    mailer.sendMail.mockRejectedValueOnce(new Error('bounce'));
    await expect(createNotification(lead, input)).resolves.toMatchObject({ recipients: 3 });
  });
});

describe('notificationMail', () => {
  const base = {
    webUrl: 'https://repo.example.com',
    model: { uuid: model.uuid, name: 'Melanoma Markov' },
    userNote: 'Version 2 is out',
    createdBy: lead,
    to: namedPerson('viewer'),
  };

  it('announces a new version with the note and the detail link', () => {
    const mail = notificationMail({ ...base, action: 'NEW_MODEL_VERSION' });
    expect(mail.subject).toBe('New model version: Melanoma Markov');
    expect(mail.text).toContain('Lead Test has added a new model version "Melanoma Markov".');
    expect(mail.text).toContain('Version 2 is out');
    expect(
      mail.text.endsWith(`Click here to review: https://repo.example.com/model/${model.uuid}/detail`),
    ).toBe(true);
    expect(mail.text).not.toContain('tab=folder');
  });

  it('links the file tab for modified files', () => {
    const mail = notificationMail({ ...base, action: 'FILES_MODIFIED' });
    expect(notificationSubject('FILES_MODIFIED', 'X')).toBe('Files modified: X');
    expect(mail.text).toContain('has modified files in the model');
    expect(mail.text).toContain(`/model/${model.uuid}/detail?tab=folder`);
  });
});
