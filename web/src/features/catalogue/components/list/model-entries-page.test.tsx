import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { summary, UUID_A, UUID_B } from '../../../../testing/model-fixtures';
import { withQueryClient } from '../../../../testing/render';
import type { CataloguePanels } from '../catalogue-panels';
import { ModelEntriesPage } from './model-entries-page';
import { ModelSearchInput } from './model-search-input';
import { LIST_TEXTS } from './models-table';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

/**
 * The list alone: the other features' sidebar and dialog stay out (web/src/app composes them;
 * app/routes/model-entries-route.test.tsx tests the list with them).
 */
const panels: CataloguePanels = { ActionSidebar: () => null, DownloadDialog: () => null };

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
    const router = createMemoryRouter([{ path: '/model', element: <ModelEntriesPage panels={panels} /> }], {
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

  it('says the list could not be loaded instead of "No models were found" (issue 21 §26)', async () => {
    const fetchMock = stubFetch(
      on('GET', '/models', () => json(500, { message: 'Internal error', code: 'INTERNAL' })),
    );
    renderAt('/model');
    expect(await screen.findByText(LIST_TEXTS.loadFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('No models were found')).not.toBeInTheDocument();
    const before = callsTo(fetchMock, 'GET', '/models').length;
    await userEvent.click(screen.getByRole('button', { name: LIST_TEXTS.retry }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/models').length).toBeGreaterThan(before));
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
          element: <ModelEntriesPage panels={panels} />,
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
