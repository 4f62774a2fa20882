import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../../lib/current-user';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { configureTestApi, json, routeFetch } from '../../../../testing/fetch-stubs';
import { model, optionLists, users } from '../../../../testing/model-detail-fixtures';
import { ModelUploadPage } from './model-upload-page';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const me: CurrentUser = {
  ...users.olivia,
  permissions: {
    createModel: true,
    externalizationTabEnabled: true,
    activateUser: false,
    deactivateUser: false,
    enrollUser: false,
    changeUserRole: false,
  },
} as CurrentUser;

const based = model({ uuid: '44444444-4444-4444-8444-444444444444' });

// The metadata form renders many PrimeReact inputs: slow in jsdom on a small machine.
describe('ModelUploadPage', { timeout: 30_000 }, () => {
  let created: Record<string, unknown> | undefined;
  let nameUnique = true;
  let listSearches: string[] = [];
  const fetchMock = routeFetch({
    'GET /metadata-options': () => json(200, optionLists),
    'GET /models': (url) => {
      listSearches.push(url.searchParams.get('search') ?? '');
      const summary = (uuid: string, name: string, previewOnly: boolean) => ({
        uuid,
        name,
        status: 'PUBLISHED',
        product: [],
        creator: { id: 'leo', name: 'Leo Lead' },
        createdOn: '2025-01-01T00:00:00.000Z',
        previewOnly,
      });
      return json(200, {
        items: [
          summary(based.uuid, based.name, false),
          summary('66666666-6666-4666-8666-666666666666', 'Oncology - Lung Cancer - Preview Only', true),
        ],
        total: 2,
        page: 0,
        pageSize: 10,
      });
    },
    [`GET /models/${based.uuid}`]: () => json(200, based),
    'GET /users/search': (url) =>
      json(200, {
        items: Object.values(users).filter((u) =>
          u.firstName.toLowerCase().startsWith(url.searchParams.get('q') ?? ''),
        ),
      }),
    'POST /models/name-check': () =>
      json(200, { name: 'Oncology - Lung Cancer - Keytruda', unique: nameUnique, problems: [] }),
    'POST /models': (_u, init) => {
      created = JSON.parse(String(init?.body));
      return json(201, { ...based, uuid: '55555555-5555-4555-8555-555555555555' });
    },
  });

  beforeEach(() => {
    configureTestApi();
    created = undefined;
    nameUnique = true;
    listSearches = [];
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    clearMessages();
  });

  const renderAt = (url: string) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(currentUserQueryKey, me);
    const router = createMemoryRouter(
      [
        { path: '/model-upload', element: <ModelUploadPage /> },
        { path: '/model/:uuid/detail', element: <p>detail page</p> },
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

  const button = (name: string) => screen.getByRole('button', { name });
  /** What a dropdown of the metadata form shows. */
  const shownValue = (label: string) =>
    screen
      .getByText(label, { selector: 'label', exact: false })
      .closest('.mr-metadata-form__field')
      ?.querySelector('.p-dropdown-label')?.textContent;
  const advance = (ms: number) =>
    act(async () => {
      vi.advanceTimersByTime(ms);
    });

  it('gates the buttons by the step rules', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/model-upload');
    expect(await screen.findByRole('heading', { name: 'Upload Files' })).toBeInTheDocument();
    expect(button('Save as Draft')).toBeDisabled();
    expect(button('Save and Publish')).toBeDisabled();
    expect(button('Save & proceed')).toBeEnabled();
    await user.click(button('Save & proceed'));
    expect(screen.getByRole('heading', { name: 'Metadata' })).toBeInTheDocument();
    expect(button('Save & proceed')).toBeDisabled();
    // The files step was left without a file: a warning (publishing needs one).
    expect(screen.getByRole('link', { name: '1 Upload Files: warning' })).toBeInTheDocument();
  });

  it('creates a draft based on an existing model after lead and steward are chosen', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderAt(`/model-upload?basedOn=${based.uuid}`);
    expect(await screen.findByText(`Based on the metadata of ${based.name}.`)).toBeInTheDocument();
    await user.click(button('Save & proceed'));
    expect(screen.getByRole('heading', { name: 'Metadata' })).toBeInTheDocument();
    await user.click(button('Save & proceed'));
    expect(screen.getByRole('heading', { name: 'Lineage' })).toBeInTheDocument();
    await user.click(button('Save & proceed'));
    expect(button('Save & proceed')).toBeDisabled();

    const pick = async (region: string, text: string, option: RegExp) => {
      const slot = screen.getByRole('region', { name: region });
      await user.clear(within(slot).getByRole('combobox'));
      await user.type(within(slot).getByRole('combobox'), text);
      await advance(1000);
      await user.click(await within(slot).findByRole('option', { name: option }));
    };
    await pick('Model Steward', 'xa', /Xavier Vendor/);
    expect(screen.getByText('External user cannot be added as the Model Steward.')).toBeInTheDocument();
    await pick('Value and Implementation Lead', 'le', /Leo Lead/);
    await pick('Model Steward', 'st', /Stella Steward/);
    await user.click(button('Save & proceed'));
    expect(screen.getByRole('heading', { name: 'Confirm Name' })).toBeInTheDocument();
    await advance(1000);
    await waitFor(() => expect(button('Save as Draft')).toBeEnabled());
    // No file: publishing stays off.
    expect(button('Save and Publish')).toBeDisabled();

    await user.click(button('Save as Draft'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/model/55555555-5555-4555-8555-555555555555/detail'),
    );
    expect(created).toMatchObject({
      publish: false,
      lineage: 'new',
      basedOnUuid: based.uuid,
      roles: { vestLead: 'leo', steward: 'stella', owners: ['olivia', 'leo'] },
      metadata: {
        disease: 'Lung Cancer',
        isid_of_model_steward: 'stella',
        email_for_model_steward: 'stella@example.com',
      },
    });
    expect(getMessages().map((m) => m.text)).toContain('Model created');
  });

  it("offers 'Based on an existing model' at the start: an entry picked there fills the metadata", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderAt('/model-upload');
    const start = await screen.findByRole('group', { name: 'How do you want to start?' });
    expect(within(start).getByRole('radio', { name: 'Start from scratch' })).toBeChecked();
    await user.click(within(start).getByRole('radio', { name: 'Based on an existing model' }));

    await user.type(within(start).getByRole('combobox', { name: 'Model entry to start from' }), 'Lung');
    await advance(300);
    const option = await within(start).findByRole('option', { name: new RegExp(based.name) });
    // A preview-only entry has no metadata to copy: not offered.
    expect(within(start).queryByRole('option', { name: /Preview Only/ })).toBeNull();
    expect(listSearches).toContain('Lung');
    await user.click(option);

    await waitFor(() => expect(router.state.location.search).toBe(`?basedOn=${based.uuid}`));
    expect(await screen.findByText(`Based on the metadata of ${based.name}.`)).toBeInTheDocument();
    await user.click(button('Save & proceed'));
    expect(screen.getByRole('heading', { name: 'Metadata' })).toBeInTheDocument();
    expect(shownValue('Disease')).toBe('Lung Cancer');

    // Back to the start: 'Start from scratch' forgets the entry and its metadata.
    await user.click(button('Back'));
    await user.click(screen.getByRole('radio', { name: 'Start from scratch' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(`Based on the metadata of ${based.name}.`)).toBeNull();
    await user.click(button('Save & proceed'));
    expect(shownValue('Disease')).toBe('Select');
  });

  it('opens the name collision dialog when the name is taken', async () => {
    nameUnique = false;
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt(`/model-upload?basedOn=${based.uuid}`);
    await screen.findByText(`Based on the metadata of ${based.name}.`);
    await user.click(screen.getByRole('link', { name: /Confirm Name/ }));
    await advance(1000);
    expect(await screen.findByText("Model entry's name collision")).toBeInTheDocument();
    await user.type(screen.getByRole('dialog').querySelector('input') as HTMLInputElement, 'DE');
    await user.click(button('Update suffix'));
    expect(screen.getByLabelText('Suffix')).toHaveValue('DE');
  });
});

describe('server issues of a 422', () => {
  it('keeps publish issues and turns other refusals into blocking ones', async () => {
    const { serverIssuesOf } = await import('./model-upload-page');
    expect(
      serverIssuesOf({
        message: 'Refused',
        issues: [
          { severity: 'ERROR_PUBLISH', message: 'Files is missing' },
          { path: 'body.roles', message: 'External user cannot be added as the Model Steward.' },
        ],
      }),
    ).toEqual([
      { severity: 'ERROR_PUBLISH', message: 'Files is missing' },
      { severity: 'ERROR_CREATE', message: 'External user cannot be added as the Model Steward.' },
    ]);
    expect(serverIssuesOf({ message: 'No' })).toEqual([{ severity: 'ERROR_CREATE', message: 'No' }]);
  });
});
