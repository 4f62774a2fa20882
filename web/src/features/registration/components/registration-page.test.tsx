import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { withQueryClient } from '../../../testing/render';
import { AGREEMENT_TITLE } from './agreement-dialog';
import { AGREEMENT_LABEL, AGREEMENT_UNREAD, RegistrationPage } from './registration-page';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const renderAt = (url = '/registration') =>
  render(withQueryClient(<MemoryRouter initialEntries={[url]}>{<RegistrationPage />}</MemoryRouter>));

const submitButton = () => screen.getByRole('button', { name: 'Request Access to Model Repository' });

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First Name/), '  Erin ');
  await user.type(screen.getByLabelText(/Last Name/), 'External');
  await user.type(screen.getByLabelText(/Email Id/), ' Erin@Example.ORG ');
  await user.type(screen.getByLabelText(/Registration Code/), 'code-123');
}

/** Opens the agreement and scrolls its text to the end (jsdom has no layout: the sizes are set). */
async function readAgreement(user: ReturnType<typeof userEvent.setup>, scrollToEnd = true) {
  await user.click(screen.getByRole('button', { name: 'Read the agreement' }));
  const dialog = await screen.findByRole('dialog', { name: AGREEMENT_TITLE });
  const text = within(dialog).getByRole('region', { name: AGREEMENT_TITLE });
  Object.defineProperty(text, 'scrollHeight', { configurable: true, value: 2000 });
  Object.defineProperty(text, 'clientHeight', { configurable: true, value: 400 });
  text.scrollTop = 500;
  fireEvent.scroll(text);
  if (scrollToEnd) {
    text.scrollTop = 1600;
    fireEvent.scroll(text);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
}

describe('the registration page', () => {
  beforeEach(() => configureTestApi());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the four fields, no password field, and the agreement box that is disabled until read', () => {
    renderAt();
    for (const label of [/First Name/, /Last Name/, /Email Id/, /Registration Code/])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.queryByLabelText(/password/i)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: AGREEMENT_LABEL })).toBeDisabled();
    expect(submitButton()).toBeInTheDocument();
  });

  it('keeps the box disabled when the agreement was opened but not read to its end', async () => {
    const user = userEvent.setup();
    renderAt();
    await readAgreement(user, false);
    expect(screen.getByRole('checkbox', { name: AGREEMENT_LABEL })).toBeDisabled();
    await user.click(submitButton());
    expect(screen.getByText(AGREEMENT_UNREAD)).toBeInTheDocument();
  });

  it('sends the trimmed and lowercased request once the agreement is read and accepted, then says so', async () => {
    const fetchMock = stubFetch(
      on('POST', '/registrations', () =>
        json(202, { status: 'PENDING_REVIEW', message: 'Request Submitted Successfully!' }),
      ),
    );
    const user = userEvent.setup();
    renderAt();
    await fillForm(user);
    await user.click(submitButton());
    expect(callsTo(fetchMock, 'POST', '/registrations')).toHaveLength(0);

    await readAgreement(user);
    await user.click(screen.getByRole('checkbox', { name: AGREEMENT_LABEL }));
    await user.click(submitButton());

    expect(
      await screen.findByRole('dialog', { name: 'Request Submitted Successfully!' }),
    ).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/registrations');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      firstName: 'Erin',
      lastName: 'External',
      email: 'erin@example.org',
      registrationCode: 'code-123',
    });
    // Public: no token goes with it.
    expect(new Headers(call?.init.headers).get('authorization')).toBeNull();
  });

  it('shows the server message for a wrong, used or expired code and stays on the form', async () => {
    stubFetch(
      on('POST', '/registrations', () =>
        json(409, { message: 'This registration code has already been used.', code: 'CONFLICT' }),
      ),
    );
    const user = userEvent.setup();
    renderAt();
    await fillForm(user);
    await readAgreement(user);
    await user.click(screen.getByRole('checkbox', { name: AGREEMENT_LABEL }));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This registration code has already been used.',
    );
    expect(screen.queryByRole('dialog', { name: 'Request Submitted Successfully!' })).not.toBeInTheDocument();
  });

  it('refuses an address of the company domains (a setting) and sends nothing', async () => {
    const fetchMock = stubFetch(
      // The parts of GET /settings this page and the app's start read (trackingSettings: usage analytics).
      on('GET', '/settings', () =>
        json(200, { companyEmailDomains: ['corp.test'], trackingSettings: { enabled: false } }),
      ),
      on('POST', '/registrations', () => json(202, { status: 'PENDING_REVIEW', message: 'x' })),
    );
    const user = userEvent.setup();
    renderAt();
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET', '/settings')).toHaveLength(1));
    await user.type(screen.getByLabelText(/First Name/), 'Emma');
    await user.type(screen.getByLabelText(/Last Name/), 'Employee');
    await user.type(screen.getByLabelText(/Email Id/), 'emma@sales.corp.test');
    await user.type(screen.getByLabelText(/Registration Code/), 'code-123');
    await readAgreement(user);
    await user.click(screen.getByRole('checkbox', { name: AGREEMENT_LABEL }));
    await user.click(submitButton());
    expect(
      await screen.findByText('Please provide an email address without the company domain.'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/registrations')).toHaveLength(0);
  });

  it('marks the required fields and sends nothing when they are empty', async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup();
    renderAt();
    await user.click(submitButton());
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(4);
    expect(callsTo(fetchMock, 'POST', '/registrations')).toHaveLength(0);
  });

  it('takes the e-mail from the link of the code mail, never the code', () => {
    renderAt('/registration?email=erin%40example.org&code=abc');
    expect(screen.getByLabelText(/Email Id/)).toHaveValue('erin@example.org');
    expect(screen.getByLabelText(/Registration Code/)).toHaveValue('');
  });
});
