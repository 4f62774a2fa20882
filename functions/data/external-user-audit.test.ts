import type { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('./dynamodb-client', () => ({ ddb: () => ({ send }) }));
vi.mock('../lib/env', () => ({ env: { tableName: 'Table' } }));

const { externalUserAuditPut, listExternalUserAudit } = await import('./external-users');

const NOW = Date.parse('2026-11-01T10:00:00.000Z');

beforeEach(() => {
  send.mockReset();
});

describe('external user audit in the admin trail (issue 20 §7)', () => {
  it('writes ADMINAUDIT/<ulid> with the user as target, the statuses and the detail, indexed by target', () => {
    const put = externalUserAuditPut(
      {
        email: 'vera@vendor.test',
        actor: 'admin',
        action: 'REJECTED',
        before: 'PENDING_REVIEW',
        after: 'INACTIVE',
        detail: 'No PO',
      },
      NOW,
    ).item.Put;
    expect(put?.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(put?.Item).toMatchObject({
      pk: 'ADMINAUDIT',
      gsi1pk: 'ADMINAUDIT#external-user:vera@vendor.test',
      entity: 'AdminAudit',
      actor: 'admin',
      action: 'REJECTED',
      target: 'external-user:vera@vendor.test',
      before: { status: 'PENDING_REVIEW' },
      after: { status: 'INACTIVE' },
      detail: 'No PO',
      at: '2026-11-01T10:00:00.000Z',
    });
    expect(put?.Item?.sk).toBe(put?.Item?.gsi1sk);
  });

  it("reads the user's trail from the admin trail and from the records written before, newest first", async () => {
    send.mockImplementation(async (command: QueryCommand) => {
      if (command.input.IndexName === 'GSI1')
        return {
          Items: [
            {
              pk: 'ADMINAUDIT',
              sk: '01JD0000000000000000000003',
              gsi1pk: 'ADMINAUDIT#external-user:vera@vendor.test',
              gsi1sk: '01JD0000000000000000000003',
              entity: 'AdminAudit',
              id: '01JD0000000000000000000003',
              at: '2026-11-03T00:00:00.000Z',
              actor: 'admin',
              action: 'DEACTIVATED',
              target: 'external-user:vera@vendor.test',
              before: { status: 'ACTIVE' },
              after: { status: 'INACTIVE' },
            },
          ],
        };
      return {
        Items: [
          {
            pk: 'EXTUSER#vera@vendor.test',
            sk: 'AUDIT#01JD0000000000000000000001',
            entity: 'ExternalUserAudit',
            id: '01JD0000000000000000000001',
            email: 'vera@vendor.test',
            actor: 'owner',
            at: '2026-11-01T00:00:00.000Z',
            action: 'REGISTERED',
            after: 'PENDING_REGISTRATION',
          },
        ],
      };
    });
    const trail = await listExternalUserAudit('vera@vendor.test');
    expect(trail).toEqual([
      {
        id: '01JD0000000000000000000003',
        email: 'vera@vendor.test',
        actor: 'admin',
        at: '2026-11-03T00:00:00.000Z',
        action: 'DEACTIVATED',
        before: 'ACTIVE',
        after: 'INACTIVE',
      },
      {
        id: '01JD0000000000000000000001',
        email: 'vera@vendor.test',
        actor: 'owner',
        at: '2026-11-01T00:00:00.000Z',
        action: 'REGISTERED',
        after: 'PENDING_REGISTRATION',
      },
    ]);
  });
});
