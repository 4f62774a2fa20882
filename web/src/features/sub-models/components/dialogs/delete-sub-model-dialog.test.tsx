import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { configureTestApi, json, routeFetch } from '../../../../testing/fetch-stubs';
import { withQueryClient } from '../../../../testing/render';
import { MODEL_UUID } from '../../test-fixtures';
import { DeleteSubModelDialog } from './delete-sub-model-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));
// Pages load lazily and call several routes: a generous wait keeps the tests independent of machine speed.
configure({ asyncUtilTimeout: 10_000 });

describe('DeleteSubModelDialog (001 §2, §5)', () => {
  const fetchMock = routeFetch({
    [`DELETE /models/${MODEL_UUID}/sub-models/sm-1`]: () => json(204),
  });
  beforeEach(() => {
    configureTestApi();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    clearMessages();
  });

  it("enables 'Delete sub-model' only once the confirmation is ticked, then deletes", async () => {
    const user = userEvent.setup();
    const onDeleted = vi.fn();
    render(
      withQueryClient(
        <DeleteSubModelDialog
          modelUuid={MODEL_UUID}
          subModel={{ id: 'sm-1', name: 'Base case' }}
          onHide={() => undefined}
          onDeleted={onDeleted}
        />,
      ),
    );
    const button = screen.getByRole('button', { name: SUB_MODEL_MESSAGES.deleteSubModelButton });
    expect(button).toBeDisabled();
    await user.click(screen.getByLabelText(SUB_MODEL_MESSAGES.deleteSubModelConfirm));
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getMessages().map((m) => m.text)).toContain(SUB_MODEL_MESSAGES.subModelDeleted);
  });
});
