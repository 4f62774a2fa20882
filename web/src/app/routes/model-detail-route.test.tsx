import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sidebarGroups } from '../../features/entry/components/detail/detail-sidebar';
import { ModelDetailPage } from '../../features/entry/components/detail/model-detail-page';
import { currentUserQueryKey } from '../../lib/current-user';
import { clearMessages, getMessages } from '../../lib/message-stack';
import { configureTestApi, json, routeFetch } from '../../testing/fetch-stubs';
import { allowedPermissions, model, optionLists } from '../../testing/model-detail-fixtures';

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

describe('detail action sidebar', () => {
  const labels = (m = model()) =>
    sidebarGroups(m).map((g) => [
      g.title,
      g.items.filter((i) => i.outcome !== 'disallowed').map((i) => `${i.label}:${i.outcome}`),
    ]);

  it('hides the Editing group when editing is disallowed', () => {
    const viewer = model({
      permissions: { ...allowedPermissions, edit: 'disallowed', manageAccess: 'disallowed' },
    });
    expect(labels(viewer).map(([t]) => t)).toEqual(['Version Tracking']);
  });

  it('hides the Editing group when editing is forbidden (000 §6), e.g. a THEOREM model without model access', () => {
    const theorem = model({
      theorem: true,
      theoremFlags: {
        model_access: 'false',
        allow_access: 'true',
        data_cut_access: 'true',
        country_access: 'true',
      },
      permissions: { ...allowedPermissions, edit: 'forbidden', manageAccess: 'forbidden' },
    });
    expect(labels(theorem).map(([t]) => t)).toEqual(['Version Tracking', 'Access']);
  });

  it('links a WebModel 2.0 entry to the sub-model sections the user sees, and offers none elsewhere', () => {
    const webModel = model({ metadata: { ...model().metadata, platform: 'WebModel 2.0' } });
    const execution = sidebarGroups(webModel, { sections: ['scenario', 'display'] }).find(
      (g) => g.title === 'Execution',
    );
    expect(execution?.items.map((i) => `${i.label}:${i.outcome}`)).toEqual([
      'Scenario Management:allowed',
      'Calibration Management:disallowed',
      'Display Management:allowed',
    ]);
    expect(execution?.items.map((i) => i.action)).toEqual(['scenario', 'calibration', 'display']);
    expect(sidebarGroups(model()).map((g) => g.title)).not.toContain('Execution');
  });

  it('lets owners edit the suffix, the files and the metadata', () => {
    const editing = labels().find(([t]) => t === 'Editing')?.[1];
    expect(editing).toEqual([
      'Name Suffix:allowed',
      'Files:allowed',
      'Metadata:allowed',
      'Lineage:forbidden',
    ]);
  });

  it("offers 'New Entry Based on This Model' to users who may add entries, and only to them", () => {
    const create = sidebarGroups(model(), { canCreate: true }).find((g) => g.title === 'Create');
    expect(create?.items).toEqual([
      expect.objectContaining({ label: 'New Entry Based on This Model', outcome: 'allowed' }),
    ]);
    expect(sidebarGroups(model(), { canCreate: false }).map((g) => g.title)).not.toContain('Create');
  });

  it('disables Model Access on an external model without lead or steward', () => {
    const m = model({
      metadata: { ...model().metadata, ext_url: 'https://ext.test' },
      roles: { ...model().roles, steward: undefined },
    });
    const access = sidebarGroups(m).find((g) => g.title === 'Access')?.items[0];
    expect(access).toMatchObject({
      outcome: 'forbidden',
      reason: 'Missing VEST or VEAM Lead & Model Steward Info',
    });
  });
});

describe('ModelDetailPage', { timeout: 20_000 }, () => {
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
        { path: '/model/:uuid/detail', element: <ModelDetailPage /> },
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
    expect(screen.getByRole('tab', { name: 'Version Control' })).toHaveAttribute('aria-disabled', 'true');
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
