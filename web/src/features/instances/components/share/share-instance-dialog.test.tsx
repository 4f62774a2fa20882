import type { ShareEntry } from '@shared/schemas/instance-api';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { testQueryClient, UUID } from '../../api/test-fixtures';
import { ShareInstanceDialog } from './share-instance-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const BASE = `/models/${UUID}/instances/01I`;
const candidate = (id: string, firstName: string, over: Record<string, unknown> = {}) => ({
  id,
  firstName,
  lastName: 'Tester',
  email: `${id}@example.com`,
  ownershipType: 'VIEWER',
  subModelAccess: true,
  ...over,
});
const share = (userId: string, firstName: string): ShareEntry => ({
  userId,
  firstName,
  lastName: 'Tester',
  email: `${userId}@example.com`,
  status: 'ACTIVE',
  sharedBy: 'owner',
  sharedOn: '2025-03-01T10:00:00.000Z',
});

beforeEach(() => {
  configureTestApi();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearMessages();
});

const wait = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

function open(sharedWith: ShareEntry[] = [], type: 'scenario' | 'calibration' = 'scenario') {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <ShareInstanceDialog
        uuid={UUID}
        modelName="Lung model"
        type={type}
        instance={{ id: '01I', name: 'Base run', sharedWith }}
        onHide={vi.fn()}
      />
    </QueryClientProvider>,
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Send an email to selected users *' });

async function pick(user: ReturnType<typeof setup>, text: string, option: RegExp) {
  await user.clear(picker());
  await user.type(picker(), text);
  await wait(1100);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Share Instance (spec 001 §2, §4-§6)', { timeout: 30_000 }, () => {
  it('is 80rem wide, with a 5-row message naming the sharer and the model', () => {
    stubFetch();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Share Instance' });
    expect(dialog).toHaveStyle({ width: '80rem' });
    const message = screen.getByRole('textbox', { name: 'Message *' });
    expect(message).toHaveAttribute('rows', '5');
    expect((message as HTMLTextAreaElement).value).toContain(
      'Olivia Owner has shared the instance "Base run" of the model "Lung model" with you.',
    );
    expect((message as HTMLTextAreaElement).value).toContain(`/model/${UUID}/instance/01I/detail`);
  });

  it('searches the candidates and keeps only the last picked user', async () => {
    const fetchMock = stubFetch(
      on('GET', `${BASE}/share-candidates`, (url) =>
        json(200, {
          items:
            url.searchParams.get('query') === 'vic'
              ? [candidate('victor', 'Victor')]
              : [candidate('mona', 'Mona')],
        }),
      ),
    );
    const user = setup();
    open();
    await pick(user, 'vic', /Victor Tester/);
    await pick(user, 'mon', /Mona Tester/);
    const selected = screen.getByRole('list', { name: 'Selected user' });
    expect(within(selected).getAllByRole('listitem')).toHaveLength(1);
    expect(selected).toHaveTextContent('Mona Tester');
    expect(
      callsTo(fetchMock, 'GET', `${BASE}/share-candidates`).map((c) => c.url.searchParams.get('query')),
    ).toEqual(['vic', 'mon']);
  });

  it('refuses a user without access to the sub-model', async () => {
    stubFetch(
      on('GET', `${BASE}/share-candidates`, () =>
        json(200, { items: [candidate('dora', 'Dora', { subModelAccess: false })] }),
      ),
    );
    const user = setup();
    open();
    await pick(user, 'dor', /Dora Tester/);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Selected User doesn't have the access to this Sub Model. Please contact Model Owner to grant access to the Sub Model.",
    );
    expect(screen.getByRole('list', { name: 'Selected user' })).toHaveTextContent('No user selected');
  });

  it('needs a user and a message, then shares and lists the user under "Shared with"', async () => {
    const fetchMock = stubFetch(
      on('GET', `${BASE}/share-candidates`, () => json(200, { items: [candidate('victor', 'Victor')] })),
      on('POST', `${BASE}/share`, () =>
        json(200, { sharedWith: [share('victor', 'Victor')], emailSent: true }),
      ),
    );
    const user = setup();
    open();
    await user.clear(screen.getByRole('textbox', { name: 'Message *' }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByText('User is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    await pick(user, 'vic', /Victor Tester/);
    await user.type(screen.getByRole('textbox', { name: 'Message *' }), 'Please review.');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const shared = screen.getByRole('region', { name: 'Shared with' });
    await waitFor(() => expect(shared).toHaveTextContent('Victor Tester'));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', `${BASE}/share`)[0]?.init.body))).toEqual({
      isids: ['victor'],
      messageText: 'Please review.',
    });
    expect(getMessages().map((m) => m.text)).toEqual(['Instance has been shared', 'Email has been sent']);
  });

  it('stops sharing only after the confirmation', async () => {
    const fetchMock = stubFetch(on('PUT', `${BASE}/share/victor`, () => json(200, { sharedWith: [] })));
    const user = setup();
    open([share('victor', 'Victor')]);
    await user.click(screen.getByRole('button', { name: 'Stop sharing with Victor Tester' }));
    const confirm = screen.getByRole('dialog', { name: 'Stop Sharing' });
    expect(confirm).toHaveTextContent('Do you want to stop sharing Base run instance with Victor Tester?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'PUT', `${BASE}/share/victor`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop sharing with Victor Tester' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Stop Sharing' })).getByRole('button', {
        name: 'Stop Sharing',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Shared with' })).toHaveTextContent(
        'This instance is not shared with anyone.',
      ),
    );
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', `${BASE}/share/victor`)[0]?.init.body))).toEqual({
      status: 'INACTIVE',
    });
  });
});
