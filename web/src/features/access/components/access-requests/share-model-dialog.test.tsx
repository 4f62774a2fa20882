import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateShare } from '../../../../lib/access-validation';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { person, UUID_A } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { ShareModelDialog } from './share-model-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const victor = person('viewer', 'Victor', 'Viewer');
const mona = person('modeler', 'Mona', 'Modeler');
const MODEL = { uuid: UUID_A, name: 'Lung model' };

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

describe('share rules (000 §5)', () => {
  it('needs at least one user and a message', () => {
    expect(validateShare([], '   ')).toEqual({
      userIds: 'Select at least one user.',
      message: 'This field is required.',
    });
    expect(validateShare(['viewer'], 'Hello')).toEqual({});
  });
});

describe('ShareModelDialog', { timeout: 20_000 }, () => {
  it('prefills the message with an invitation and the link to the entry', () => {
    stubFetch();
    render(withQueryClient(<ShareModelDialog model={MODEL} onHide={vi.fn()} />));
    const message = screen.getByLabelText('Message *') as HTMLTextAreaElement;
    expect(message.value).toContain('invite you to access and explore the model entry "Lung model"');
    expect(message.value).toContain(`${window.location.origin}/model/${UUID_A}/detail`);
  });

  it('searches users 1000 ms after typing, without angle brackets, at most 10, unenrolled included', async () => {
    const fetchMock = stubFetch(on('GET', '/users/search', () => json(200, { items: [victor, mona] })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(withQueryClient(<ShareModelDialog model={MODEL} onHide={vi.fn()} />));
    await user.type(screen.getByRole('combobox', { name: 'Users *' }), '<vic>');
    await wait(900);
    expect(callsTo(fetchMock, 'GET', '/users/search')).toHaveLength(0);
    await wait(200);
    const calls = callsTo(fetchMock, 'GET', '/users/search');
    expect(calls).toHaveLength(1);
    const query = calls[0]?.url.searchParams;
    expect(query?.get('q')).toBe('vic');
    expect(query?.get('limit')).toBe('10');
    expect(query?.get('includeUnenrolled')).toBe('true');
    // Non-personal accounts stay out: the server's default (includeNpa=false) applies.
    expect(query?.get('includeNpa') ?? 'false').toBe('false');
  });

  it('refuses to send without users or message, then sends to every chosen user', async () => {
    const fetchMock = stubFetch(
      on('GET', '/users/search', () => json(200, { items: [victor, mona] })),
      on('POST', `/models/${UUID_A}/share`, () => json(200, { recipients: 2 })),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onHide = vi.fn();
    render(withQueryClient(<ShareModelDialog model={MODEL} onHide={onHide} />));
    await user.clear(screen.getByLabelText('Message *'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Select at least one user.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/models/${UUID_A}/share`)).toHaveLength(0);

    const box = screen.getByRole('combobox', { name: 'Users *' });
    await user.type(box, 'vi');
    await wait(1000);
    await user.click(await screen.findByRole('option', { name: /Victor Viewer/ }));
    await user.type(box, 'mo');
    await wait(1000);
    await user.click(await screen.findByRole('option', { name: /Mona Modeler/ }));
    expect(screen.getByText('Victor Viewer')).toBeInTheDocument();
    expect(screen.getByText('Mona Modeler')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message *'), 'Please have a look.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onHide).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'POST', `/models/${UUID_A}/share`);
    expect(JSON.parse(String(call?.init.body))).toEqual({
      userIds: ['viewer', 'modeler'],
      message: 'Please have a look.',
    });
    expect(getMessages().map((m) => m.text)).toEqual(['Email has been sent.']);
  });

  it('lets a chosen user be removed again', async () => {
    stubFetch(on('GET', '/users/search', () => json(200, { items: [victor] })));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(withQueryClient(<ShareModelDialog model={MODEL} onHide={vi.fn()} />));
    await user.type(screen.getByRole('combobox', { name: 'Users *' }), 'vi');
    await wait(1000);
    await user.click(await screen.findByRole('option', { name: /Victor Viewer/ }));
    await user.click(screen.getByRole('button', { name: 'Remove Victor Viewer' }));
    expect(screen.getByText('No users selected')).toBeInTheDocument();
  });
});
