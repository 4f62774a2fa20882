import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { model } from '../../../../testing/model-detail-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { EditSuffixDialog, SUFFIX_CHECK_TEXTS } from './edit-dialogs';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const NAME_CHECK = '/models/name-check';
const TAKEN = 'Change Suffix in order to make your Model Entry Name unique.';

beforeEach(() => {
  configureTestApi();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const wait = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const open = () => render(withQueryClient(<EditSuffixDialog model={model()} onHide={vi.fn()} />));

describe('Name Suffix: the live uniqueness check (issue 21 §24; 000 §5, §9)', { timeout: 30_000 }, () => {
  it('asks the server 1000 ms after the last keystroke and blocks Save on a taken name', async () => {
    const fetchMock = stubFetch(
      on('POST', NAME_CHECK, () => json(200, { name: 'Taken name', unique: false, problems: [TAKEN] })),
    );
    const user = setup();
    open();
    await user.type(screen.getByLabelText('Suffix'), 'Germany');
    expect(screen.getByText(SUFFIX_CHECK_TEXTS.checking)).toBeInTheDocument();
    await wait(900);
    expect(callsTo(fetchMock, 'POST', NAME_CHECK)).toHaveLength(0);
    await wait(200);
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    const calls = callsTo(fetchMock, 'POST', NAME_CHECK);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      uuid: model().uuid,
      metadata: { suffix: 'Germany' },
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says the name is available and lets Save go on', async () => {
    stubFetch(on('POST', NAME_CHECK, () => json(200, { name: 'Free name', unique: true, problems: [] })));
    const user = setup();
    open();
    await user.type(screen.getByLabelText('Suffix'), 'Spain');
    await wait(1100);
    expect(await screen.findByText(SUFFIX_CHECK_TEXTS.available)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });
});
