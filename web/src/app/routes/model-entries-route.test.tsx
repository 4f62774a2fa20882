import type { ModelPermissions } from '@shared/schemas/model-api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages } from '../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../testing/fetch-stubs';
import { allPermissions, detail, summary, UUID_A } from '../../testing/model-fixtures';
import { withQueryClient } from '../../testing/render';
import { ListActionSidebar, ModelEntriesRoute } from './model-entries-route';

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

describe('ModelActionSidebar (composed)', { timeout: 20_000 }, () => {
  const renderWith = (permissions: Partial<ModelPermissions>, status: 'DRAFT' | 'PUBLISHED' = 'DRAFT') => {
    stubFetch(
      on('GET', `/models/${UUID_A}`, () =>
        json(200, detail({ status, permissions: { ...allPermissions('disallowed'), ...permissions } })),
      ),
    );
    render(withQueryClient(<ListActionSidebar uuid={UUID_A} onDeleted={() => undefined} />));
  };

  it('offers nothing until a model entry is selected', () => {
    const fetchMock = stubFetch();
    render(withQueryClient(<ListActionSidebar onDeleted={() => undefined} />));
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
    // Blocked, not disabled: it stays in the tab order and tells keyboard and screen-reader users why.
    const retire = screen.getByRole('button', { name: LABELS.retire });
    expect(retire).toHaveAttribute('aria-disabled', 'true');
    expect(retire).toHaveAccessibleDescription('Only published model entries can be retired');
    retire.focus();
    expect(retire).toHaveFocus();
    await userEvent.click(retire);
    expect(screen.queryByRole('dialog')).toBeNull();
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
    expect(share).toHaveAttribute('aria-disabled', 'true');
    expect(share).toHaveAccessibleDescription('Only published model entries can be shared');
    await userEvent.click(share);
    expect(screen.queryByRole('dialog', { name: 'Share Model Entry' })).toBeNull();
  });

  it('opens the download modal from Download All Entries', async () => {
    renderWith({ downloadAll: 'allowed' });
    await userEvent.click(await screen.findByRole('button', { name: LABELS.download }));
    expect(await screen.findByRole('dialog', { name: 'Download Model Entry' })).toBeInTheDocument();
  });
});

describe('ModelEntriesPage: the sidebar after retire and delete', { timeout: 30_000 }, () => {
  beforeEach(() => {
    configureTestApi();
    window.localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const actions = () => screen.getByRole('complementary', { name: 'Model entry actions' });

  /** One entry in the list until it is deleted or retired; the detail says what the caller may do. */
  const routes = (status: 'DRAFT' | 'PUBLISHED') => {
    let gone = false;
    const fetchMock = stubFetch(
      on('GET', '/models', (url) => {
        const statuses = (url.searchParams.get('status') ?? '').split(',');
        const items = gone && !statuses.includes('RETIRED') ? [] : [summary({ status })];
        return json(200, { items, total: items.length, page: 0, pageSize: 10 });
      }),
      on('GET', `/models/${UUID_A}`, () =>
        gone && status === 'DRAFT'
          ? json(404, { message: 'Not found.', code: 'NOT_FOUND' })
          : json(200, detail({ status, permissions: allPermissions('allowed') })),
      ),
      on('DELETE', `/models/${UUID_A}`, () => {
        gone = true;
        return new Response(null, { status: 204 });
      }),
      on('POST', `/models/${UUID_A}/retire`, () => {
        gone = true;
        return json(200, detail({ status: 'RETIRED' }));
      }),
      on('GET', '/metadata-options', () => json(200, {})),
    );
    return fetchMock;
  };

  const renderAt = (url: string) => {
    const router = createMemoryRouter([{ path: '/model', element: <ModelEntriesRoute /> }], {
      initialEntries: [url],
    });
    render(withQueryClient(<RouterProvider router={router} />));
    return router;
  };

  it('deleting a draft clears the selection and never asks for the deleted entry again', async () => {
    const fetchMock = routes('DRAFT');
    const router = renderAt(`/model?model=${UUID_A}`);
    await userEvent.click(await within(actions()).findByRole('button', { name: 'Delete Model Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Model Entry' });
    await userEvent.click(within(dialog).getByLabelText('I confirm that I want to delete this model entry'));
    const readsBefore = callsTo(fetchMock, 'GET', `/models/${UUID_A}`).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      await within(actions()).findByText('Select a model entry to see its actions.'),
    ).toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Delete Model Entry' })).toBeNull();
    expect(await screen.findByText('No models were found')).toBeInTheDocument();
    // The list refreshed; the deleted entry itself was not read again (it would be a 404).
    expect(callsTo(fetchMock, 'GET', `/models/${UUID_A}`)).toHaveLength(readsBefore);
  });

  it('retiring an entry the list no longer shows clears the selection', async () => {
    routes('PUBLISHED');
    const router = renderAt(`/model?model=${UUID_A}`);
    await userEvent.click(await within(actions()).findByRole('button', { name: 'Retire Model Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire Model Entry' });
    await userEvent.type(within(dialog).getByLabelText('Reason *'), 'Superseded');
    await userEvent.click(within(dialog).getByLabelText('I confirm that I want to retire this model entry'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      await within(actions()).findByText('Select a model entry to see its actions.'),
    ).toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Retire Model Entry' })).toBeNull();
  });

  it('keeps following a retired entry when the list shows retired entries', async () => {
    routes('PUBLISHED');
    const router = renderAt(`/model?status=PUBLISHED,RETIRED&model=${UUID_A}`);
    await userEvent.click(await within(actions()).findByRole('button', { name: 'Retire Model Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire Model Entry' });
    await userEvent.type(within(dialog).getByLabelText('Reason *'), 'Superseded');
    await userEvent.click(within(dialog).getByLabelText('I confirm that I want to retire this model entry'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Retire Model Entry' })).toBeNull());
    expect(router.state.location.search).toContain(`model=${UUID_A}`);
  });
});
