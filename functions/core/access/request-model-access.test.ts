import { SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { MESSAGES } from '@shared/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelRecord } from '../../data/models';
import { person, rolesOf } from '../../testing/people';

const models = vi.hoisted(() => ({ getModel: vi.fn() }));
const slots = vi.hoisted(() => ({ reserveModelAccessRequest: vi.fn(), releaseModelAccessRequest: vi.fn() }));
const people = vi.hoisted(() => ({ activeUsers: vi.fn() }));
const mailer = vi.hoisted(() => ({ sendMail: vi.fn() }));
const audit = vi.hoisted(() => ({ writeAudit: vi.fn() }));
const inApp = vi.hoisted(() => ({ notifyUsers: vi.fn() }));
vi.mock('../../data/models', async (importOriginal) => ({ ...(await importOriginal<object>()), ...models }));
vi.mock('../../data/model-access-requests', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...slots,
}));
vi.mock('../models/model-people', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...people,
}));
vi.mock('../../lib/mailer', () => mailer);
vi.mock('../../data/audit', () => audit);
vi.mock('../notifications/notify-users', () => inApp);
vi.mock('../../lib/env', () => ({ env: { tableName: 'T', webUrl: 'https://mr.example' } }));

const { requestModelAccess } = await import('./request-model-access');

const UUID = '11111111-1111-4111-8111-111111111111';
const roles = rolesOf({ viewers: ['viewer'] });
/** A published global entry: every employee may preview it and ask for access. */
const entry = { uuid: UUID, name: 'Lung model', status: 'PUBLISHED', metadata: { global: 'true' }, roles };
const body = { reasons: ['Other' as const], details: 'for a course' };
const employee = person('employee');

/** What SES answers when the sender is not a verified identity of the account (no `mailFrom`). */
const unverifiedSender = () =>
  new SESv2ServiceException({
    name: 'AccessDeniedException',
    $fault: 'client',
    $metadata: { httpStatusCode: 403 },
    message: 'User is not authorized to perform ses:SendEmail on identity no-reply@model-repository.local',
  });

beforeEach(() => {
  vi.clearAllMocks();
  models.getModel.mockResolvedValue(entry as unknown as ModelRecord);
  slots.reserveModelAccessRequest.mockResolvedValue(undefined);
  slots.releaseModelAccessRequest.mockResolvedValue(undefined);
  people.activeUsers.mockImplementation(async (ids: string[]) => ids.map((id) => person(id)));
  mailer.sendMail.mockResolvedValue('id');
  audit.writeAudit.mockResolvedValue(undefined);
  inApp.notifyUsers.mockResolvedValue({});
});

describe('requestModelAccess', () => {
  it('mails the managers once and says so', async () => {
    expect(await requestModelAccess(employee, UUID, body, 1_000)).toEqual({ recipients: 3, mailSent: true });
    expect(mailer.sendMail).toHaveBeenCalledTimes(1);
    expect(mailer.sendMail.mock.calls[0]?.[0].to).toEqual([
      'lead@example.com',
      'steward@example.com',
      'owner@example.com',
    ]);
    expect(inApp.notifyUsers).not.toHaveBeenCalled();
  });

  it('records the request when the mail fails, notifies the managers in the app and tells the requester', async () => {
    mailer.sendMail.mockRejectedValue(unverifiedSender());
    const answer = await requestModelAccess(employee, UUID, body, 7_000);
    expect(answer).toEqual({ recipients: 3, mailSent: false, message: MESSAGES.accessRequestMailFailed });
    // The slot stays taken (the request stands) and the audit trail has it.
    expect(slots.releaseModelAccessRequest).not.toHaveBeenCalled();
    expect(audit.writeAudit).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'MODEL_ACCESS_REQUESTED', actor: 'employee', modelUuid: UUID }),
      7_000,
    );
    const [notification] = inApp.notifyUsers.mock.calls[0] ?? [];
    expect(notification).toMatchObject({
      recipients: ['lead', 'steward', 'owner'],
      action: 'ACCESS_REQUESTED',
      createdBy: { id: 'employee', firstName: 'employee', lastName: 'Test' },
      modelUuid: UUID,
      modelName: 'Lung model',
    });
    // The grant links of the mail reach the managers in the note.
    expect(notification.userNote).toContain('Model access request: Lung model');
    expect(notification.userNote).toContain(
      `https://mr.example/model/${UUID}/detail?role=VIEWER&userId=employee`,
    );
  });

  it('fails (502) and frees the slot when neither the mail nor the in-app notification got through', async () => {
    mailer.sendMail.mockRejectedValue(unverifiedSender());
    inApp.notifyUsers.mockRejectedValue(new Error('DynamoDB down'));
    await expect(requestModelAccess(employee, UUID, body)).rejects.toMatchObject({
      statusCode: 502,
      message: MESSAGES.accessRequestUndelivered,
    });
    expect(slots.releaseModelAccessRequest).toHaveBeenCalledWith(UUID, 'employee');
    expect(audit.writeAudit).not.toHaveBeenCalled();
  });
});
