import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageStack } from '../../../components/ui/message-stack';
import { setConfig } from '../../../config/env';
import { clearMessages, notify } from '../../../lib/message-stack';
import { validateReportDescription } from '../api/create-incident';
import { ReportIssueDialog } from './report-issue-dialog';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

describe('report description rule', () => {
  it('requires a description and allows at most 500 characters', () => {
    expect(validateReportDescription('')).toBe('This field is required.');
    expect(validateReportDescription('   ')).toBe('This field is required.');
    expect(validateReportDescription('x'.repeat(500))).toBeUndefined();
    expect(validateReportDescription('x'.repeat(501))).toBe(
      'The summary is too long, maximum length is 500 characters.',
    );
  });
});

describe('ReportIssueDialog', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    setConfig({
      stage: 'test',
      region: 'eu-west-1',
      apiUrl: 'http://api.test',
      wsUrl: 'ws://ws.test',
      userPoolId: 'p',
      userPoolClientId: 'c',
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const renderDialog = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportIssueDialog reportId="rep-42" onClose={() => undefined} />
      </QueryClientProvider>,
    );

  it('opens with the cursor in the description and no error before the user has done anything', async () => {
    renderDialog();
    expect(await screen.findByLabelText('Description *')).toHaveFocus();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('refuses to submit without a description', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the incident with the report id and thanks the user', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ incidentId: 'i-1' }), { status: 201 }));
    renderDialog();
    await userEvent.type(screen.getByLabelText('Description *'), 'The list did not load');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thank you for reporting the issue/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://api.test/v2/incidents');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      reportId: 'rep-42',
      description: 'The list did not load',
    });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer id-token');
  });

  it('says so when the report cannot be stored', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    const { getMessages, clearMessages } = await import('../../../lib/message-stack');
    renderDialog();
    await userEvent.type(screen.getByLabelText('Description *'), 'Broken');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(getMessages().map((m) => m.text)).toContain('Failed to report the issue'));
    clearMessages();
  });

  it("no longer offers 'Report Issue' on the message once its report is stored", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ incidentId: 'i-1' }), { status: 201 }));
    act(() => {
      notify.error('An error has occurred (rep-42).', 'rep-42');
      notify.error('Another error (rep-43).', 'rep-43');
    });
    const onReportIssue = vi.fn();
    render(<MessageStack onReportIssue={onReportIssue} />);
    expect(screen.getAllByRole('button', { name: 'Report Issue' })).toHaveLength(2);

    renderDialog();
    await userEvent.type(screen.getByLabelText('Description *'), 'The list did not load');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Thank you for reporting the issue/)).toBeInTheDocument();

    const reported = screen.getByText('An error has occurred (rep-42).').closest('[role="alert"]');
    expect(reported).toHaveTextContent('Issue reported');
    expect(reported?.querySelector('button.mr-link-button')).toBeNull();
    // The other message was not reported yet.
    expect(screen.getAllByRole('button', { name: 'Report Issue' })).toHaveLength(1);
    act(() => clearMessages());
  });
});
