import { REQUIRED_METADATA } from '@shared/rules/model-metadata';
import type { ModelDetail } from '@shared/schemas/model-api';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { detail, UUID_A } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { validateDeleteConfirmation, validateRetire } from './action-validation';
import { DeleteModelDialog } from './delete-model-dialog';
import { PublishModelDialog } from './publish-model-dialog';
import { RetireModelDialog } from './retire-model-dialog';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

describe('confirmation rules (000 §5)', () => {
  it('delete needs the confirmation checkbox', () => {
    expect(validateDeleteConfirmation(false)).toBe('You have to check confirmation checkbox');
    expect(validateDeleteConfirmation(true)).toBeUndefined();
  });

  it('retire needs a reason and the confirmation checkbox', () => {
    expect(validateRetire({ reason: '  ', confirmed: false })).toEqual({
      reason: 'This field is required.',
      confirmed: 'You have to check confirmation checkbox',
    });
    expect(validateRetire({ reason: 'Superseded', confirmed: true })).toEqual({});
  });
});

describe('DeleteModelDialog', { timeout: 20_000 }, () => {
  it('refuses without the checkbox, then deletes and says so', async () => {
    const fetchMock = stubFetch(on('DELETE', `/models/${UUID_A}`, () => new Response(null, { status: 204 })));
    const onDeleted = vi.fn();
    render(
      withQueryClient(
        <DeleteModelDialog uuid={UUID_A} name="M" onHide={() => undefined} onDeleted={onDeleted} />,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You have to check confirmation checkbox');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText('I confirm that I want to delete this model entry'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'DELETE', `/models/${UUID_A}`)).toHaveLength(1);
    expect(getMessages().map((m) => m.text)).toContain('Model has been deleted');
  });
});

describe('RetireModelDialog', { timeout: 20_000 }, () => {
  it('needs a reason and the checkbox, then retires with the reason', async () => {
    const fetchMock = stubFetch(
      on('POST', `/models/${UUID_A}/retire`, () => json(200, detail({ status: 'RETIRED' }))),
    );
    const onHide = vi.fn();
    render(withQueryClient(<RetireModelDialog uuid={UUID_A} name="M" rev={3} onHide={onHide} />));
    await userEvent.click(screen.getByRole('button', { name: 'Retire' }));
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You have to check confirmation checkbox');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Reason *'), 'Superseded by 2.0');
    await userEvent.click(screen.getByLabelText('I confirm that I want to retire this model entry'));
    await userEvent.click(screen.getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, 'POST', `/models/${UUID_A}/retire`);
    expect(JSON.parse(call?.init.body as string)).toEqual({ reason: 'Superseded by 2.0', rev: 3 });
    expect(getMessages().map((m) => m.text)).toContain('Model has been retired.');
  });

  it("says 'Failed to retire model' when the call fails", async () => {
    stubFetch(
      on('POST', `/models/${UUID_A}/retire`, () => json(409, { message: 'Stale', code: 'CONFLICT' })),
    );
    const onHide = vi.fn();
    render(withQueryClient(<RetireModelDialog uuid={UUID_A} name="M" onHide={onHide} />));
    await userEvent.type(screen.getByLabelText('Reason *'), 'Old');
    await userEvent.click(screen.getByLabelText('I confirm that I want to retire this model entry'));
    await userEvent.click(screen.getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(getMessages().map((m) => m.text)).toEqual(['Failed to retire model']));
    expect(onHide).not.toHaveBeenCalled();
  });
});

describe('PublishModelDialog', { timeout: 20_000 }, () => {
  it('publishes and says so', async () => {
    stubFetch(on('POST', `/models/${UUID_A}/publish`, () => json(200, detail({ status: 'PUBLISHED' }))));
    const onHide = vi.fn();
    render(withQueryClient(<PublishModelDialog uuid={UUID_A} name="M" rev={3} onHide={onHide} />));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(getMessages().map((m) => m.text)).toEqual(['Model has been published.']);
  });

  // Every required field filled and the entry in a lineage: only files and the warnings remain.
  const complete = {
    ...Object.fromEntries(REQUIRED_METADATA.map((field) => [field, 'x'])),
    global: 'true',
    tree_root_id: UUID_A,
  } as ModelDetail['metadata'];

  it('shows the blocking publish checks before the user confirms, and keeps Publish off (issue 21 §23)', async () => {
    const fetchMock = stubFetch(on('POST', `/models/${UUID_A}/publish`, () => json(200, detail())));
    render(
      withQueryClient(
        <PublishModelDialog
          uuid={UUID_A}
          name="M"
          model={detail({ metadata: complete, fileCount: 0 })}
          onHide={() => undefined}
        />,
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Files is missing');
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    await userEvent.click(publish);
    expect(callsTo(fetchMock, 'POST', `/models/${UUID_A}/publish`)).toHaveLength(0);
  });

  it('lists the warnings of an entry that can be published, and publishes it', async () => {
    const fetchMock = stubFetch(on('POST', `/models/${UUID_A}/publish`, () => json(200, detail())));
    render(
      withQueryClient(
        <PublishModelDialog
          uuid={UUID_A}
          name="M"
          model={detail({ metadata: complete })}
          onHide={() => undefined}
        />,
      ),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Version Log is missing');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `/models/${UUID_A}/publish`)).toHaveLength(1));
  });

  it('lists the blocking issues of a 422', async () => {
    stubFetch(
      on('POST', `/models/${UUID_A}/publish`, () =>
        json(422, {
          message: 'The model entry cannot be published.',
          code: 'UNPROCESSABLE',
          issues: [
            { severity: 'ERROR_PUBLISH', message: 'File is missing' },
            { severity: 'WARNING', message: 'version_log is missing', field: 'version_log' },
          ],
        }),
      ),
    );
    render(withQueryClient(<PublishModelDialog uuid={UUID_A} name="M" onHide={() => undefined} />));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('File is missing');
    expect(alert).toHaveTextContent('version_log is missing');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(getMessages()).toEqual([]);
  });
});
