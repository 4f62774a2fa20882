import { ACCESS_REQUEST_REASONS } from '@shared/schemas/collaboration';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages } from '../../../../lib/message-stack';
import { configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { UUID_A } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { RequestModelAccessButton } from './request-model-access-button';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const [HTA] = ACCESS_REQUEST_REASONS;

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
  window.sessionStorage.clear();
});

describe('RequestModelAccessButton', { timeout: 20_000 }, () => {
  const model = (requestAccess: 'allowed' | 'disallowed') => ({
    uuid: UUID_A,
    name: 'Lung model',
    permissions: { requestAccess } as never,
  });

  it('is not offered to callers who have access', () => {
    render(withQueryClient(<RequestModelAccessButton model={model('disallowed')} />));
    expect(screen.queryByRole('button', { name: 'Request Access' })).toBeNull();
  });

  it('is disabled after a successful request, also after a remount', async () => {
    stubFetch(on('POST', `/models/${UUID_A}/access-requests`, () => json(200, { recipients: 1 })));
    const first = render(withQueryClient(<RequestModelAccessButton model={model('allowed')} />));
    await userEvent.click(screen.getByRole('button', { name: 'Request Access' }));
    await userEvent.click(screen.getByLabelText(HTA as string));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Request Access' })).toBeDisabled();

    first.unmount();
    render(withQueryClient(<RequestModelAccessButton model={model('allowed')} />));
    expect(screen.getByRole('button', { name: 'Request Access' })).toBeDisabled();
  });
});
