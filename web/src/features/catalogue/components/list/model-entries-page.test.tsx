import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { allPermissions, detail, summary, UUID_A, UUID_B } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import { ModelEntriesPage } from './model-entries-page';
import { ModelSearchInput } from './model-search-input';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

describe('ModelSearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches 300 ms after the last keystroke, once', () => {
    const onSearch = vi.fn();
    render(<ModelSearchInput value="" onSearch={onSearch} />);
    const input = screen.getByPlaceholderText('What are you looking for today?');
    fireEvent.change(input, { target: { value: 'lu' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: 'lung' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('lung');
  });

  it('clears at once with the clear icon', () => {
    const onSearch = vi.fn();
    render(<ModelSearchInput value="lung" onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledWith('');
    expect(screen.getByPlaceholderText('What are you looking for today?')).toHaveValue('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});

describe('ModelEntriesPage (Table View)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    configureTestApi();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderAt = (url: string) => {
    const router = createMemoryRouter([{ path: '/model', element: <ModelEntriesPage /> }], {
      initialEntries: [url],
    });
    render(withQueryClient(<RouterProvider router={router} />));
    return router;
  };

  const listRoutes = (
    items = [summary(), summary({ uuid: UUID_B, name: 'Retired one', status: 'RETIRED' })],
  ) =>
    stubFetch(
      on('GET', '/models', (url) =>
        json(200, {
          items: url.searchParams.get('search') === 'nothing' ? [] : items,
          total: 42,
          page: Number(url.searchParams.get('page') ?? 0),
          pageSize: Number(url.searchParams.get('pageSize') ?? 10),
        }),
      ),
      on('GET', '/metadata-options', () => json(200, {})),
    );

  it('asks the API for what the URL says (deep link)', async () => {
    const fetchMock = listRoutes();
    renderAt('/model?entries=mine&q=heart&sort=name&order=asc&page=2&size=20&type=CEM');
    await screen.findByText('Retired one');
    const [call] = callsTo(fetchMock, 'GET', '/models');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      view: 'mine',
      search: 'heart',
      sort: 'name',
      order: 'asc',
      page: '1',
      pageSize: '20',
      status: 'DRAFT,PUBLISHED',
      modelType: 'CEM',
    });
    expect(document.title).toBe('Model Entries · Model Repository');
    expect(screen.getByPlaceholderText('What are you looking for today?')).toHaveValue('heart');
    expect(screen.getByRole('button', { name: 'View All Model Entries' })).toBeInTheDocument();
  });

  it('puts a debounced search into the URL, back on the first page', async () => {
    const fetchMock = listRoutes();
    const router = renderAt('/model?page=3');
    await screen.findByText('Retired one');
    await userEvent.type(screen.getByPlaceholderText('What are you looking for today?'), 'nothing');
    await waitFor(() => expect(router.state.location.search).toBe('?q=nothing'));
    expect(await screen.findByText('No models were found', {}, { timeout: 5000 })).toBeInTheDocument();
    const searches = callsTo(fetchMock, 'GET', '/models').map((c) => c.url.searchParams.get('search'));
    // One call for the typed word, none for its prefixes.
    expect(searches.filter((s) => s !== null)).toEqual(['nothing']);
  });

  it('says how many entries match next to the pager', async () => {
    listRoutes();
    renderAt('/model?page=2&size=20');
    await screen.findByText('Retired one');
    expect(await screen.findByText('21–40 of 42 model entries')).toBeInTheDocument();
  });

  it('searches 300 ms after typing even while the URL waits for the route loader', async () => {
    const fetchMock = listRoutes();
    // The signed-in area's loader runs again on every URL change (it checks the session): here it
    // takes as long as the test wants.
    let loads = 0;
    let release: () => void = () => undefined;
    const router = createMemoryRouter(
      [
        {
          path: '/model',
          loader: async () => {
            loads++;
            if (loads > 1) await new Promise<void>((resolve) => (release = resolve));
            return null;
          },
          element: <ModelEntriesPage />,
        },
      ],
      { initialEntries: ['/model'] },
    );
    render(withQueryClient(<RouterProvider router={router} />));
    await screen.findByText('Retired one');
    await userEvent.type(screen.getByPlaceholderText('What are you looking for today?'), 'nothing');
    expect(await screen.findByText('No models were found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/models').map((c) => c.url.searchParams.get('search'))).toContain(
      'nothing',
    );
    expect(router.state.location.search).toBe('');
    release();
    await waitFor(() => expect(router.state.location.search).toBe('?q=nothing'));
    expect(screen.getByPlaceholderText('What are you looking for today?')).toHaveValue('nothing');
  });

  it('follows the URL when it changes from elsewhere (back button, a link)', async () => {
    listRoutes();
    const router = renderAt('/model?q=heart');
    await screen.findByText('Retired one');
    await router.navigate('/model?q=lung');
    await waitFor(() =>
      expect(screen.getByPlaceholderText('What are you looking for today?')).toHaveValue('lung'),
    );
  });

  it('toggles my entries and keeps the choice in the URL', async () => {
    listRoutes();
    const router = renderAt('/model');
    await screen.findByText('Retired one');
    await userEvent.click(screen.getByRole('button', { name: 'View My Model Entries' }));
    await waitFor(() => expect(router.state.location.search).toBe('?entries=mine'));
    expect(screen.getByRole('button', { name: 'View All Model Entries' })).toBeInTheDocument();
  });

  it('labels retired rows and selects a row on click', async () => {
    listRoutes();
    const router = renderAt('/model');
    const retired = await screen.findByText('Retired one');
    const row = retired.closest('tr');
    expect(row).toHaveClass('mr-row--retired');
    expect(row).toHaveTextContent('Retired');
    const first = screen.getByText(summary().name).closest('tr') as HTMLElement;
    await userEvent.click(first.querySelectorAll('td')[3] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(`?model=${UUID_A}`));
  });

  it('keeps the search when a row is selected after searching', async () => {
    listRoutes();
    const router = renderAt('/model');
    await screen.findByText('Retired one');
    await userEvent.type(screen.getByPlaceholderText('What are you looking for today?'), 'lung');
    await waitFor(() => expect(router.state.location.search).toBe('?q=lung'));
    const row = (await screen.findByText('Retired one')).closest('tr') as HTMLElement;
    await userEvent.click(row.querySelectorAll('td')[3] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(`?q=lung&model=${UUID_B}`));
  });

  it('keeps the tab in the URL', async () => {
    stubFetch(
      on('GET', '/models', () => json(200, { items: [], total: 0, page: 0, pageSize: 10 })),
      on('GET', '/metadata-options', () => json(200, {})),
      on('POST', '/models/search', () => json(200, { models: [], total: 0, availableFilters: {} })),
    );
    const router = renderAt('/model');
    await userEvent.click(screen.getByRole('tab', { name: 'Dynamic View' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=dynamic'));
    expect(await screen.findByText('Begin your search with any filter')).toBeInTheDocument();
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
    const router = createMemoryRouter([{ path: '/model', element: <ModelEntriesPage /> }], {
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
