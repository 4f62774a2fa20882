import type { User } from '@shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const users = vi.hoisted(() => ({ getUsers: vi.fn() }));
vi.mock('../../data/users', () => users);

const { displaySummaries } = await import('./model-users');

const lead: User = {
  id: 'lead-for-display',
  firstName: 'Lena',
  lastName: 'Lead',
  email: 'lena@example.com',
  active: true,
  userType: 'INTERNALUSER',
  createdOn: '2026-01-01T00:00:00.000Z',
};

describe('displaySummaries', () => {
  beforeEach(() => {
    users.getUsers.mockReset();
  });

  it('reads a person once a minute and leaves unknown ids out', async () => {
    users.getUsers.mockImplementation(async (ids: string[]) =>
      ids.flatMap((id) => (id === lead.id ? [lead] : [])),
    );
    const t0 = 1_000_000;

    const first = await displaySummaries([lead.id, 'ghost'], t0);
    const second = await displaySummaries([lead.id], t0 + 59_000);
    users.getUsers.mockImplementation(async () => [{ ...lead, lastName: 'Renamed' }]);
    const later = await displaySummaries([lead.id], t0 + 61_000);

    expect(first.get(lead.id)).toEqual({
      id: lead.id,
      firstName: 'Lena',
      lastName: 'Lead',
      email: 'lena@example.com',
      userType: 'INTERNALUSER',
    });
    expect(first.has('ghost')).toBe(false);
    expect(second.get(lead.id)?.lastName).toBe('Lead');
    expect(later.get(lead.id)?.lastName).toBe('Renamed');
    expect(users.getUsers.mock.calls.filter(([ids]) => ids.includes(lead.id))).toHaveLength(2);
  });

  it('reads every person missing from the cache in one batch', async () => {
    users.getUsers.mockImplementation(async (ids: string[]) => ids.map((id) => ({ ...lead, id })));
    const found = await displaySummaries(['batch-a', 'batch-b', 'batch-c', 'batch-a'], 2_000_000);
    expect(users.getUsers).toHaveBeenCalledTimes(1);
    expect(users.getUsers.mock.calls[0]?.[0]).toEqual(['batch-a', 'batch-b', 'batch-c']);
    expect([...found.keys()]).toEqual(['batch-a', 'batch-b', 'batch-c']);
  });
});
