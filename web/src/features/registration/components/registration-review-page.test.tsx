import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { withQueryClient } from '../../../testing/render';
import { REJECT_TITLE, RegistrationReviewPage } from './registration-review-page';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const erin = {
  email: 'erin@example.org',
  firstName: 'Erin',
  lastName: 'External',
  externalUserType: 'VENDOR',
  consent: true,
  submittedAt: '2026-11-20T10:00:00.000Z',
  registeredBy: 'owner',
  registeredByName: 'Olivia Owner',
  accessEndsOn: '2027-11-20',
  modelAccesses: [{ modelUuid: 'm-1', modelName: 'Melanoma CE', modelRole: 'VIEWER', subModels: 0 }],
};

const renderPage = () => render(withQueryClient(<MemoryRouter>{<RegistrationReviewPage />}</MemoryRouter>));

describe('the registration review page', () => {
  beforeEach(() => configureTestApi());
  afterEach(() => vi.unstubAllGlobals());

  it("lists the pending people under 'Incoming user requests' with Accept, Reject and Back", async () => {
    stubFetch(on('GET', '/registrations/pending', () => json(200, { items: [erin], total: 1 })));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Incoming user requests' })).toBeInTheDocument();
    const row = (await screen.findByText('erin@example.org')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Olivia Owner')).toBeInTheDocument();
    expect(within(row).getByText(/Melanoma CE/)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Accept Erin External' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Reject Erin External' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/admin');
  });

  it("accepts a person with { email, approved: true } and says 'Access request reviewed'", async () => {
    let pending = [erin];
    const fetchMock = stubFetch(
      on('GET', '/registrations/pending', () => json(200, { items: pending, total: pending.length })),
      on('POST', '/registrations/review', () => {
        pending = [];
        return json(200, {
          message: 'Access request reviewed',
          items: [{ email: erin.email, status: 'ACTIVE' }],
        });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Accept Erin External' }));
    expect(await screen.findByText('No records were found')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/registrations/review');
    expect(JSON.parse(String(call?.init.body))).toEqual([{ email: 'erin@example.org', approved: true }]);
  });

  it('asks for the reason before a rejection and sends it', async () => {
    const fetchMock = stubFetch(
      on('GET', '/registrations/pending', () => json(200, { items: [erin], total: 1 })),
      on('POST', '/registrations/review', () =>
        json(200, { message: 'Access request reviewed', items: [{ email: erin.email, status: 'INACTIVE' }] }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject Erin External' }));
    const dialog = await screen.findByRole('dialog', { name: REJECT_TITLE });
    const confirm = () => within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm()).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), 'No purchase order on file');
    await user.click(confirm());
    await vi.waitFor(() => expect(callsTo(fetchMock, 'POST', '/registrations/review')).toHaveLength(1));
    const [call] = callsTo(fetchMock, 'POST', '/registrations/review');
    expect(JSON.parse(String(call?.init.body))).toEqual([
      { email: 'erin@example.org', approved: false, reason: 'No purchase order on file' },
    ]);
  });

  it("says 'No records were found' when nobody waits", async () => {
    stubFetch(on('GET', '/registrations/pending', () => json(200, { items: [], total: 0 })));
    renderPage();
    expect(await screen.findByText('No records were found')).toBeInTheDocument();
  });
});
