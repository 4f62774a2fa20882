import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../lib/current-user';
import { clearMessages, getMessages } from '../../lib/message-stack';
import { configureTestApi, json, routeFetch } from '../../testing/fetch-stubs';
import { allowedPermissions, model, optionLists } from '../../testing/model-detail-fixtures';
import { ModelDetailRoute } from './model-detail-route';

vi.mock('../../lib/auth', () => import('../../testing/auth-stub'));

const me: CurrentUser = {
  id: 'olivia',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'olivia@example.com',
  userType: 'INTERNALUSER',
  permissions: {
    createModel: true,
    externalizationTabEnabled: true,
    activateUser: false,
    deactivateUser: false,
    enrollUser: false,
    changeUserRole: false,
  },
};

describe('ModelDetailPage (composed with the files and access panels)', { timeout: 20_000 }, () => {
  let patchBody: unknown;
  let detail = model();
  const fetchMock = routeFetch({
    [`GET /models/${model().uuid}`]: () => json(200, detail),
    [`GET /models/${model().uuid}/files`]: () =>
      json(200, {
        items: [
          {
            uuid: '22222222-2222-4222-8222-222222222222',
            name: 'model.xlsx',
            path: '',
            folder: false,
            mainFile: true,
            fileTag: 'Model',
            owner: { id: 'olivia', firstName: 'Olivia', lastName: 'Owner' },
            isPrivate: false,
            cdd: 'No',
            createdOn: '2025-01-02T10:00:00.000Z',
            updatedOn: '2025-01-02T10:00:00.000Z',
            updatedBy: 'olivia',
          },
        ],
      }),
    'GET /metadata-options': () => json(200, optionLists),
    [`GET /models/${model().uuid}/hierarchy`]: () =>
      json(200, {
        rootId: model().uuid,
        currentId: model().uuid,
        nodes: [
          { uuid: model().uuid, parentId: null, restricted: false, name: model().name, version: '1.0' },
        ],
      }),
    'GET /models/lineage-roots': () => json(200, { items: [] }),
    'POST /models/name-check': () => json(200, { name: 'new name', unique: true, problems: [] }),
    [`PATCH /models/${model().uuid}`]: (_u, init) => {
      patchBody = JSON.parse(String(init?.body));
      return json(409, { message: 'stale' });
    },
  });

  beforeEach(() => {
    configureTestApi();
    detail = model();
    patchBody = undefined;
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    clearMessages();
  });

  const renderAt = (url: string) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(currentUserQueryKey, me);
    const router = createMemoryRouter(
      [
        { path: '/model/:uuid/detail', element: <ModelDetailRoute /> },
        { path: '/model-upload', element: <p>the wizard</p> },
      ],
      { initialEntries: [url] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  };

  it('shows the metadata, the person cards and the files tab from the URL', async () => {
    const router = renderAt(`/model/${model().uuid}/detail`);
    expect(await screen.findByRole('heading', { name: model().name })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Steward Name' })).toHaveTextContent('Stella Steward');
    expect(screen.getByRole('article', { name: 'Value and Implementation Lead' })).toHaveTextContent(
      'Leo Lead',
    );
    expect(screen.getByRole('article', { name: 'Owner Name' })).toHaveTextContent('Olivia Owner');
    expect(
      within(screen.getByRole('region', { name: 'Model Identification' })).getByText('Lung Cancer'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Version Control' })).not.toHaveAttribute('aria-disabled');
    await userEvent.click(screen.getByRole('tab', { name: 'Folder View' }));
    expect(await screen.findByText('model.xlsx')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=folder');
  });

  it('offers one Download for the entry, in the header and not in the person cards', async () => {
    renderAt(`/model/${model().uuid}/detail`);
    await screen.findByRole('heading', { name: model().name });
    const downloads = screen.getAllByRole('button', { name: 'Download' });
    expect(downloads).toHaveLength(1);
    for (const card of screen.getAllByRole('article'))
      expect(within(card).queryByRole('button', { name: 'Download' })).toBeNull();
    await userEvent.click(downloads[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Download Model Entry' })).toBeInTheDocument();
  });

  it('disables the Download with the reason when the role does not include downloads', async () => {
    detail = model({ permissions: { ...allowedPermissions, downloadAll: 'forbidden' } });
    renderAt(`/model/${model().uuid}/detail`);
    const download = await screen.findByRole('button', { name: 'Download' });
    expect(download).toBeDisabled();
    expect(download).toHaveAccessibleDescription('Your role on this model entry does not include downloads');
  });

  it("starts the wizard from this entry with 'New Entry Based on This Model'", async () => {
    const router = renderAt(`/model/${model().uuid}/detail`);
    const sidebar = await screen.findByRole('complementary', { name: 'Model actions' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'New Entry Based on This Model' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/model-upload'));
    expect(router.state.location.search).toBe(`?basedOn=${model().uuid}`);
  });

  it("opens the 'Files' dialog from the Editing group", async () => {
    renderAt(`/model/${model().uuid}/detail`);
    await userEvent.click(await screen.findByRole('button', { name: 'Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Files' });
    expect(await within(dialog).findByText('model.xlsx')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Files' })).toBeNull());
  });

  it('offers no Editing group on a THEOREM model the user may not edit', async () => {
    detail = model({
      theorem: true,
      theoremFlags: {
        model_access: 'false',
        allow_access: 'true',
        data_cut_access: 'true',
        country_access: 'true',
      },
      permissions: { ...allowedPermissions, edit: 'forbidden', manageAccess: 'forbidden' },
    });
    renderAt(`/model/${model().uuid}/detail`);
    const sidebar = await screen.findByRole('complementary', { name: 'Model actions' });
    expect(within(sidebar).getByRole('region', { name: 'Version Tracking' })).toBeInTheDocument();
    expect(within(sidebar).queryByRole('region', { name: 'Editing' })).toBeNull();
    for (const label of ['Name Suffix', 'Files', 'Metadata', 'Lineage'])
      expect(within(sidebar).queryByRole('button', { name: label })).toBeNull();
  });

  it('shows the success message an ownership transfer left for after the reload', async () => {
    window.sessionStorage.setItem(
      'mr.afterReload.message',
      JSON.stringify({ modelUuid: model().uuid, text: 'File Ownership has been granted to Stella Steward' }),
    );
    renderAt(`/model/${model().uuid}/detail?tab=folder`);
    await screen.findByRole('heading', { name: model().name });
    await waitFor(() =>
      expect(getMessages().map((m) => m.text)).toContain('File Ownership has been granted to Stella Steward'),
    );
    expect(window.sessionStorage.getItem('mr.afterReload.message')).toBeNull();
  });

  it('opens the Version Control tab from a link, and the Lineage dialog from the Editing group', async () => {
    // React Flow (the lineage tree) observes its size; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    renderAt(`/model/${model().uuid}/detail?tab=version`);
    expect(await screen.findByRole('region', { name: 'Lineage tree' })).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Model actions' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Lineage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lineage' });
    expect(within(dialog).getByRole('tab', { name: 'Select Lineage' })).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Based on metadata no ancestry possibilities were found.'),
    ).toBeInTheDocument();
  });

  it("opens the Version Control tab from the sidebar's Version Control, in the URL and with focus on the tab", async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const router = renderAt(`/model/${model().uuid}/detail`);
    const sidebar = await screen.findByRole('complementary', { name: 'Model actions' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Version Control' }));
    const tab = screen.getByRole('tab', { name: 'Version Control' });
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'));
    expect(tab).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=version');
    expect(await screen.findByRole('region', { name: 'Lineage tree' })).toBeInTheDocument();
  });

  it('disables the Folder View without file permission', async () => {
    detail = model({ permissions: { ...allowedPermissions, folderView: 'forbidden' } });
    renderAt(`/model/${model().uuid}/detail?tab=folder`);
    const tab = await screen.findByRole('tab', { name: 'Folder View' });
    expect(tab).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('tab', { name: 'Text View' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows only general information to preview callers', async () => {
    detail = model({ permissions: { ...allowedPermissions, view: 'disallowed', edit: 'disallowed' } });
    renderAt(`/model/${model().uuid}/detail`);
    expect(
      await screen.findByText(/You can only preview general information of this model/),
    ).toBeInTheDocument();
    expect(screen.getByText('Restricted access')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Model actions' })).not.toBeInTheDocument();
  });

  it('says the page does not exist for an unknown model', async () => {
    renderAt('/model/33333333-3333-4333-8333-333333333333/detail');
    expect(await screen.findByText('This page does not exist in Model Repository')).toBeInTheDocument();
  });

  it('checks the name before saving the suffix and reports a stale entry', async () => {
    renderAt(`/model/${model().uuid}/detail`);
    await userEvent.click(await screen.findByRole('button', { name: 'Name Suffix' }));
    await userEvent.type(screen.getByLabelText('Suffix'), 'Germany');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patchBody).toMatchObject({ rev: 3, metadata: { suffix: 'Germany' } }));
    const calls = fetchMock.mock.calls.map(
      ([u, i]) => `${(i as RequestInit | undefined)?.method ?? 'GET'} ${new URL(String(u)).pathname}`,
    );
    expect(calls.indexOf('POST /v2/models/name-check')).toBeLessThan(
      calls.indexOf(`PATCH /v2/models/${model().uuid}`),
    );
    expect(await screen.findAllByText(/changed meanwhile/)).not.toHaveLength(0);
    expect(getMessages().map((m) => m.severity)).toContain('warning');
  });
});
