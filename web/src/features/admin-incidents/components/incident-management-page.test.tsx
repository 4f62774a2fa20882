import type { AdminIncident } from '@shared/schemas/incident';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { withQueryClient } from '../../../testing/render';
import { gridSummary, updateRefusal } from '../api/admin-incidents';
import { IncidentManagementPage } from './incident-management-page';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const ID = '01JAAAAAAAAAAAAAAAAAAAAAAA';
const openIncident: AdminIncident = {
  incidentId: ID,
  description: 'The catalogue list stays empty',
  issueSummary: 'The catalogue list stays empty after login',
  incidentTime: '2026-01-01T09:00:00.000Z',
  status: 'OPEN',
  createdOn: '2026-01-01T09:00:00.000Z',
  createdBy: 'viewer',
  createdByName: 'Victor Viewer',
  createdByEmail: 'victor@example.com',
};

describe('incident rules of the screen', () => {
  it('cuts the summary at 20 characters (002 §9)', () => {
    expect(gridSummary(openIncident)).toBe('The catalogue list s…');
    expect(gridSummary({ description: 'Short one' })).toBe('Short one');
  });

  it("disables 'Update Incident' when closed, unchanged or without a comment (002 §4, §5)", () => {
    expect(updateRefusal('CLOSED', 'OPEN', 'x')).toBe('The incident is closed.');
    expect(updateRefusal('OPEN', 'OPEN', 'x')).toBe('Choose a different status.');
    expect(updateRefusal('OPEN', 'CLOSED', '  ')).toBe('This field is required.');
    expect(updateRefusal('OPEN', 'CLOSED', 'Fixed')).toBeUndefined();
  });
});

describe('IncidentManagementPage', () => {
  beforeEach(configureTestApi);
  afterEach(() => {
    vi.unstubAllGlobals();
    clearMessages();
  });

  const renderPage = () =>
    render(
      withQueryClient(
        <MemoryRouter>
          <IncidentManagementPage />
        </MemoryRouter>,
      ),
    );

  it("says 'No details were found' for an empty list", async () => {
    stubFetch(on('GET', '/admin/incidents', () => json(200, { items: [], total: 0 })));
    renderPage();
    expect(await screen.findByText('No details were found')).toBeInTheDocument();
  });

  it('shows the grid, the Details and Worklog tabs with the resolved stack', async () => {
    const closed = {
      ...openIncident,
      status: 'CLOSED',
      browserStackTrace: 'at a (https://x/assets/index-A.js:1:2)',
      worklog: [
        {
          at: '2026-01-02T10:00:00.000Z',
          by: 'admin',
          text: 'Status changes from Open to Closed',
          comment: 'Fixed',
        },
      ],
    };
    stubFetch(
      on('GET', '/admin/incidents', () => json(200, { items: [closed], total: 1 })),
      on('GET', `/admin/incidents/${ID}`, () =>
        json(200, { ...closed, resolvedStackTrace: 'at renderRow (src/features/catalogue/list.tsx:42:7)' }),
      ),
    );
    renderPage();
    expect(await screen.findByText('The catalogue list s…')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Victor Viewer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: `Show details of incident ${ID}` }));
    expect(
      await screen.findByText('at renderRow (src/features/catalogue/list.tsx:42:7)'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Worklog' }));
    expect(await screen.findByText('Status changes from Open to Closed')).toBeInTheDocument();
    expect(screen.getByText('Fixed')).toBeInTheDocument();
  });

  it("closes the selected incident with a comment and says 'The incident has been updated'", async () => {
    let stored = openIncident;
    const fetchMock = stubFetch(
      on('GET', '/admin/incidents', () => json(200, { items: [stored], total: 1 })),
      on('PATCH', `/admin/incidents/${ID}`, (_url, init) => {
        const body = JSON.parse(init.body as string) as { status: 'CLOSED'; comments: string };
        stored = { ...stored, status: body.status, comments: body.comments };
        return json(200, stored);
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByText('The catalogue list s…'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Status' });
    const update = within(dialog).getByRole('button', { name: 'Update Incident' });
    // Unchanged status: the button says why it is off.
    expect(update).toHaveAttribute('aria-disabled', 'true');
    // PrimeReact's Dropdown opens on a click on its box (its focusable input is visually hidden).
    await userEvent.click(within(dialog).getByLabelText('Status').closest('.p-dropdown') as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'CLOSED', hidden: true }));
    expect(update).toHaveAttribute('aria-disabled', 'true'); // no comment yet
    await userEvent.type(within(dialog).getByLabelText('Comment *'), 'Fixed in 1.4');
    expect(update).not.toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(update);
    await waitFor(() => expect(getMessages().map((m) => m.text)).toContain('The incident has been updated'));
    const [patch] = callsTo(fetchMock, 'PATCH', `/admin/incidents/${ID}`);
    expect(JSON.parse(patch?.init.body as string)).toEqual({ status: 'CLOSED', comments: 'Fixed in 1.4' });
  });

  it('offers Email User as a mail to the creator, off for an incident whose creator has no e-mail', async () => {
    stubFetch(
      on('GET', '/admin/incidents', () =>
        json(200, { items: [{ ...openIncident, createdByEmail: undefined }], total: 1 }),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByText('The catalogue list s…'));
    expect(screen.getByRole('button', { name: 'Email User' })).toHaveAttribute('aria-disabled', 'true');
  });
});
