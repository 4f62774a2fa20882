import type { Incident } from '@shared/schemas/incident';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';

const incidents = vi.hoisted(() => ({
  getIncident: vi.fn(),
  listIncidents: vi.fn(),
  incidentStatusUpdate: vi.fn((change: unknown) => ({ item: { Update: change } })),
}));
const audit = vi.hoisted(() => ({ adminAuditPut: vi.fn((input: unknown) => ({ item: { Put: input } })) }));
const tx = vi.hoisted(() => ({ runTransaction: vi.fn() }));
const maps = vi.hoisted(() => ({ readWebSourceMap: vi.fn() }));
const users = vi.hoisted(() => ({ getUsers: vi.fn() }));
vi.mock('../../data/users', () => users);
vi.mock('../../data/incidents', () => incidents);
vi.mock('../../data/audit', () => audit);
vi.mock('../../data/transactions', () => tx);
vi.mock('../../data/web-source-maps', () => maps);

const { updateIncident } = await import('./update-incident');
const { getAdminIncident, listAdminIncidents, incidentMatches } = await import('./admin-incidents');

const user = (id: string, userType: User['userType']): User => ({
  id,
  firstName: id,
  lastName: id,
  email: `${id}@example.com`,
  active: true,
  userType,
  createdOn: '2026-01-01T00:00:00.000Z',
});
const admin = user('admin', 'SUPERUSER');
const open: Incident = {
  incidentId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
  description: 'The list does not load',
  issueSummary: 'The catalogue list stays empty after login',
  incidentTime: '2026-01-01T09:00:00.000Z',
  status: 'OPEN',
  createdOn: '2026-01-01T09:00:00.000Z',
  createdBy: 'viewer',
};

beforeEach(() => {
  vi.clearAllMocks();
  tx.runTransaction.mockResolvedValue(undefined);
  users.getUsers.mockResolvedValue([]);
});

describe('who may use the incident routes (persona × route)', () => {
  it.each(['INTERNALUSER', 'EXTERNALUSER'] as const)(
    '%s gets 403 on every route, nothing read or written',
    async (type) => {
      const caller = user('someone', type);
      await expect(listAdminIncidents(caller, {})).rejects.toBeInstanceOf(ForbiddenError);
      await expect(getAdminIncident(caller, open.incidentId)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(
        updateIncident(caller, open.incidentId, { status: 'CLOSED', comments: 'done' }),
      ).rejects.toBeInstanceOf(ForbiddenError);
      expect(incidents.listIncidents).not.toHaveBeenCalled();
      expect(incidents.getIncident).not.toHaveBeenCalled();
      expect(tx.runTransaction).not.toHaveBeenCalled();
    },
  );
});

describe('Edit Status (002 §4, §5)', () => {
  it("closes an open incident with the comment, the worklog line 'Status changes from Open to Closed' and an audit record", async () => {
    incidents.getIncident.mockResolvedValue(open);
    const now = Date.parse('2026-02-01T10:00:00.000Z');
    const updated = await updateIncident(
      admin,
      open.incidentId,
      { status: 'CLOSED', comments: 'Fixed in 1.4' },
      now,
    );
    expect(updated).toMatchObject({
      status: 'CLOSED',
      comments: 'Fixed in 1.4',
      modifiedBy: 'admin',
      modifiedOn: '2026-02-01T10:00:00.000Z',
      worklog: [
        {
          at: '2026-02-01T10:00:00.000Z',
          by: 'admin',
          text: 'Status changes from Open to Closed',
          comment: 'Fixed in 1.4',
        },
      ],
    });
    expect(incidents.incidentStatusUpdate).toHaveBeenCalledWith(
      expect.objectContaining({ incidentId: open.incidentId, from: 'OPEN', to: 'CLOSED', by: 'admin' }),
    );
    expect(audit.adminAuditPut).toHaveBeenCalledWith(
      {
        actor: 'admin',
        action: 'INCIDENT_UPDATED',
        target: `incident:${open.incidentId}`,
        before: { status: 'OPEN' },
        after: { status: 'CLOSED', comments: 'Fixed in 1.4' },
      },
      now,
    );
    // The status change and its audit record go in one transaction.
    expect(tx.runTransaction).toHaveBeenCalledTimes(1);
    expect(tx.runTransaction.mock.calls[0]?.[0]).toHaveLength(2);
  });

  it.each([
    [
      'a closed incident',
      { ...open, status: 'CLOSED' as const },
      'CLOSED' as const,
      'The incident is closed and cannot be changed.',
    ],
    ['an unchanged status', open, 'OPEN' as const, 'The status is unchanged.'],
  ])('refuses %s with 409 and writes nothing', async (_, stored, status, message) => {
    incidents.getIncident.mockResolvedValue(stored);
    const update = updateIncident(admin, open.incidentId, { status, comments: 'x' });
    await expect(update).rejects.toBeInstanceOf(ConflictError);
    await expect(updateIncident(admin, open.incidentId, { status, comments: 'x' })).rejects.toThrow(message);
    expect(tx.runTransaction).not.toHaveBeenCalled();
  });

  it('answers 404 for an unknown incident', async () => {
    incidents.getIncident.mockResolvedValue(undefined);
    await expect(
      updateIncident(admin, open.incidentId, { status: 'CLOSED', comments: 'x' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('the incident grid and detail', () => {
  it('searches the columns the grid shows, ignoring case', () => {
    expect(incidentMatches(open, 'CATALOGUE')).toBe(true);
    expect(incidentMatches(open, 'viewer')).toBe(true);
    expect(incidentMatches(open, 'open')).toBe(true);
    expect(incidentMatches(open, 'nothing like it')).toBe(false);
    expect(incidentMatches(open, '  ')).toBe(true);
  });

  it("lists the matching incidents with their total and the creator's name and e-mail", async () => {
    incidents.listIncidents.mockResolvedValue([
      open,
      { ...open, incidentId: 'B', issueSummary: 'Other', description: 'd' },
    ]);
    users.getUsers.mockResolvedValue([user('viewer', 'INTERNALUSER')]);
    await expect(listAdminIncidents(admin, { search: 'catalogue' })).resolves.toEqual({
      items: [{ ...open, createdByName: 'viewer viewer', createdByEmail: 'viewer@example.com' }],
      total: 1,
    });
  });

  it('answers the detail with the stack resolved, or the raw stack alone when resolving fails', async () => {
    incidents.getIncident.mockResolvedValue({ ...open, browserStackTrace: 'raw' });
    await expect(getAdminIncident(admin, open.incidentId, async () => 'resolved')).resolves.toMatchObject({
      browserStackTrace: 'raw',
      resolvedStackTrace: 'resolved',
    });
    const failing = await getAdminIncident(admin, open.incidentId, async () => {
      throw new Error('S3 down');
    });
    expect(failing.browserStackTrace).toBe('raw');
    expect(failing.resolvedStackTrace).toBeUndefined();
  });

  it('answers 404 for an unknown incident', async () => {
    incidents.getIncident.mockResolvedValue(undefined);
    await expect(getAdminIncident(admin, 'X')).rejects.toBeInstanceOf(NotFoundError);
  });
});
