import type { ModelPermissions } from '@shared/schemas/model-api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  validateDeleteConfirmation,
  validateRetire,
} from '../../features/entry/components/actions/action-validation';
import { DeleteModelDialog } from '../../features/entry/components/actions/delete-model-dialog';
import { ModelActionSidebar } from '../../features/entry/components/actions/model-action-sidebar';
import { PublishModelDialog } from '../../features/entry/components/actions/publish-model-dialog';
import { RetireModelDialog } from '../../features/entry/components/actions/retire-model-dialog';
import { clearMessages, getMessages } from '../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../testing/fetch-stubs';
import { allPermissions, detail, UUID_A } from '../../testing/model-fixtures';
import { withQueryClient } from '../../testing/render';

vi.mock('../../lib/auth', () => import('../../testing/auth-stub'));

const LABELS = {
  delete: 'Delete Model Entry',
  download: 'Download All Entries',
  publish: 'Publish Model Entry',
  retire: 'Retire Model Entry',
};

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
});

describe('ModelActionSidebar', { timeout: 20_000 }, () => {
  const renderWith = (permissions: Partial<ModelPermissions>, status: 'DRAFT' | 'PUBLISHED' = 'DRAFT') => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () =>
        json(200, detail({ status, permissions: { ...allPermissions('disallowed'), ...permissions } })),
      ),
    );
    render(withQueryClient(<ModelActionSidebar uuid={UUID_A} onDeleted={() => undefined} />));
  };

  it('offers nothing until a model entry is selected', () => {
    const fetchMock = stubFetch();
    render(withQueryClient(<ModelActionSidebar onDeleted={() => undefined} />));
    expect(screen.getByText('Select a model entry to see its actions.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LABELS.delete })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("hides 'disallowed' actions: a viewer sees no Delete, Publish or Retire", async () => {
    renderWith({ view: 'allowed', downloadAll: 'allowed', share: 'forbidden' }, 'PUBLISHED');
    expect(await screen.findByRole('button', { name: LABELS.download })).toBeEnabled();
    expect(screen.queryByRole('button', { name: LABELS.delete })).toBeNull();
    expect(screen.queryByRole('button', { name: LABELS.publish })).toBeNull();
    expect(screen.queryByRole('button', { name: LABELS.retire })).toBeNull();
  });

  it("disables 'forbidden' actions and says why", async () => {
    renderWith({ deleteDraft: 'allowed', publish: 'allowed', retire: 'forbidden', downloadAll: 'allowed' });
    expect(await screen.findByRole('button', { name: LABELS.delete })).toBeEnabled();
    expect(screen.getByRole('button', { name: LABELS.publish })).toBeEnabled();
    const retire = screen.getByRole('button', { name: LABELS.retire });
    expect(retire).toBeDisabled();
    expect(retire).toHaveAttribute('data-hint', 'Only published model entries can be retired');
  });

  it('keeps its actions reachable when collapsed (4rem, icons only)', async () => {
    renderWith({ deleteDraft: 'allowed', downloadAll: 'allowed' });
    await screen.findByRole('button', { name: LABELS.delete });
    await userEvent.click(screen.getByRole('button', { name: 'Collapse actions' }));
    const aside = screen.getByRole('complementary', { name: 'Model entry actions' });
    expect(aside).toHaveClass('mr-action-sidebar--collapsed');
    expect(within(aside).getByRole('button', { name: LABELS.delete })).not.toHaveTextContent(LABELS.delete);
    expect(window.localStorage.getItem('mr.modelActions.collapsed')).toBe('true');
  });

  it('opens Share Model Entry on a published entry the caller may share', async () => {
    renderWith({ view: 'allowed', share: 'allowed' }, 'PUBLISHED');
    const share = await screen.findByRole('button', { name: 'Share Model Entry' });
    expect(share).toBeEnabled();
    await userEvent.click(share);
    const dialog = await screen.findByRole('dialog', { name: 'Share Model Entry' });
    const message = within(dialog).getByLabelText('Message *') as HTMLTextAreaElement;
    expect(message.value).toContain(`/model/${UUID_A}/detail`);
  });

  it('disables Share Model Entry on an entry that is not published', async () => {
    renderWith({ view: 'allowed', share: 'forbidden' });
    const share = await screen.findByRole('button', { name: 'Share Model Entry' });
    expect(share).toBeDisabled();
    expect(share).toHaveAttribute('data-hint', 'Only published model entries can be shared');
  });

  it('opens the download modal from Download All Entries', async () => {
    renderWith({ downloadAll: 'allowed' });
    await userEvent.click(await screen.findByRole('button', { name: LABELS.download }));
    expect(await screen.findByRole('dialog', { name: 'Download Model Entry' })).toBeInTheDocument();
  });
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
