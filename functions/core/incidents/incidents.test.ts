import { CreateIncidentBodySchema } from '@shared/schemas/incident';
import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ForbiddenError } from '../../lib/errors';

const reports = vi.hoisted(() => ({ getErrorReport: vi.fn() }));
const incidents = vi.hoisted(() => ({ createIncident: vi.fn(), listIncidents: vi.fn() }));
vi.mock('../../data/error-reports', () => reports);
vi.mock('../../data/incidents', () => incidents);

const { createIncident } = await import('./create-incident');
const { listIncidents } = await import('./list-incidents');

const user = (userType: User['userType']): User => ({
  id: 'u',
  firstName: 'U',
  lastName: 'U',
  email: 'u@example.com',
  active: true,
  userType,
  createdOn: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => {
  vi.clearAllMocks();
  incidents.createIncident.mockResolvedValue(undefined);
});

describe('the report dialog body', () => {
  it("requires a description with 'This field is required.'", () => {
    const missing = CreateIncidentBodySchema.safeParse({});
    const blank = CreateIncidentBodySchema.safeParse({ description: '   ' });
    expect(missing.error?.issues[0]?.message).toBe('This field is required.');
    expect(blank.error?.issues[0]?.message).toBe('This field is required.');
  });

  it('refuses more than 500 characters with the spec text', () => {
    const long = CreateIncidentBodySchema.safeParse({ description: 'x'.repeat(501) });
    expect(long.error?.issues[0]?.message).toBe('The summary is too long, maximum length is 500 characters.');
    expect(CreateIncidentBodySchema.safeParse({ description: 'x'.repeat(500) }).success).toBe(true);
  });
});

describe('createIncident', () => {
  it('stores an OPEN incident with the server-side stack of the report id', async () => {
    reports.getErrorReport.mockResolvedValue({
      reportId: 'r-1',
      message: 'boom',
      stack: 'Error: boom\n  at x',
      time: '2026-01-01T09:00:00.000Z',
    });
    const now = Date.parse('2026-01-01T10:00:00.000Z');
    const { incidentId } = await createIncident('viewer', { reportId: 'r-1', description: 'It broke' }, now);
    expect(incidentId).toMatch(/^[0-9A-Z]{26}$/);
    expect(incidents.createIncident).toHaveBeenCalledWith({
      incidentId,
      reportId: 'r-1',
      description: 'It broke',
      stackTrace: 'Error: boom\n  at x',
      incidentTime: '2026-01-01T09:00:00.000Z',
      status: 'OPEN',
      createdOn: '2026-01-01T10:00:00.000Z',
      createdBy: 'viewer',
    });
  });

  it('stores an incident without a stack when there is no report', async () => {
    const { incidentId } = await createIncident('viewer', {
      description: 'Something is off',
      userNotes: 'notes',
    });
    expect(reports.getErrorReport).not.toHaveBeenCalled();
    const stored = incidents.createIncident.mock.calls[0]?.[0];
    expect(stored.incidentId).toBe(incidentId);
    expect(stored.stackTrace).toBeUndefined();
    expect(stored.userNotes).toBe('notes');
  });
});

describe('listIncidents', () => {
  it('refuses non-administrators with 403', async () => {
    await expect(listIncidents(user('INTERNALUSER'))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listIncidents(user('INTERNALUSER'))).rejects.toThrow(
      'You do not have permission to do this.',
    );
    expect(incidents.listIncidents).not.toHaveBeenCalled();
  });

  it('answers the incidents, with stack traces, to a super user', async () => {
    const item = {
      incidentId: 'I',
      description: 'd',
      stackTrace: 's',
      incidentTime: 't',
      status: 'OPEN',
      createdOn: 't',
      createdBy: 'u',
    };
    incidents.listIncidents.mockResolvedValue([item]);
    await expect(listIncidents(user('SUPERUSER'))).resolves.toEqual({ items: [item] });
  });
});
