import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../testing/fetch-stubs';
import { UUID_A } from '../../testing/model-fixtures';
import { withQueryClient } from '../../testing/render';
import { NotifyModelUsersDialog } from './notify-model-users-dialog';

vi.mock('../../lib/auth', () => import('../../testing/auth-stub'));

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

const texts = () => getMessages().map((m) => m.text);
const created = { notificationId: '01J00000000000000000000000', recipients: 4 };

describe('NotifyModelUsersDialog (000 §4)', { timeout: 20_000 }, () => {
  const renderDialog = (action: 'NEW_MODEL_VERSION' | 'FILES_MODIFIED', onClose = vi.fn()) => {
    render(withQueryClient(<NotifyModelUsersDialog modelUuid={UUID_A} action={action} onClose={onClose} />));
    return onClose;
  };

  it('explains who is told and closes on No without sending', async () => {
    const fetchMock = stubFetch();
    const onClose = renderDialog('FILES_MODIFIED');
    const dialog = screen.getByRole('dialog', { name: 'Notify Model Users ?' });
    expect(dialog).toHaveTextContent(
      /Model Steward, the Value and Implementation Lead, the model viewers and the model owners will get an e-mail and a notification/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs a note, then notifies about modified files', async () => {
    const fetchMock = stubFetch(on('POST', '/notifications', () => json(200, created)));
    const onClose = renderDialog('FILES_MODIFIED');
    await userEvent.type(screen.getByLabelText('Note *'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required.');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Note *'), 'Updated the inputs');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'POST', '/notifications');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      modelUuid: UUID_A,
      action: 'FILES_MODIFIED',
      userNote: 'Updated the inputs',
    });
    expect(texts()).toEqual(['Email notification of modified file sent to model users']);
  });

  it('says a new version was announced', async () => {
    stubFetch(on('POST', '/notifications', () => json(200, created)));
    const onClose = renderDialog('NEW_MODEL_VERSION');
    await userEvent.type(screen.getByLabelText('Note *'), 'Version 2');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(texts()).toEqual(['Email notification of new model version sent to model users']);
  });

  it("says 'Failed to send email notification' and stays open on failure", async () => {
    stubFetch(on('POST', '/notifications', () => json(403, { message: 'No.', code: 'FORBIDDEN' })));
    const onClose = renderDialog('FILES_MODIFIED');
    await userEvent.type(screen.getByLabelText('Note *'), 'Note');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(texts()).toEqual(['Failed to send email notification']));
    expect(onClose).not.toHaveBeenCalled();
  });
});
