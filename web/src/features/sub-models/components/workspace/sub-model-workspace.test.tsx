import { MESSAGES } from '@shared/messages';
import type { ModelDetail } from '@shared/schemas/model-api';
import type { SubModelView } from '@shared/schemas/sub-models-api';
import { SUB_MODEL_MESSAGES } from '@shared/sub-models/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../config/paths';
import { currentUserQueryKey } from '../../../../lib/current-user';
import { configureTestApi, json, routeFetch } from '../../../../testing/fetch-stubs';
import { fullAccess, input, MODEL_UUID, subModel, user, webModel } from '../../test-fixtures';
import { InputDefinitionListPage } from '../inputs/input-definition-list-page';
import { SubModelListPage } from '../list/sub-model-list-page';
import { SubModelWorkspace } from './sub-model-workspace';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));
// Pages load lazily and call several routes: a generous wait keeps the tests independent of machine speed.
configure({ asyncUtilTimeout: 10_000 });

describe('the sub-model workspace (001 §2)', { timeout: 30_000 }, () => {
  let entry: ModelDetail;
  let items: SubModelView[];
  const fetchMock = routeFetch({
    [`GET /models/${MODEL_UUID}`]: () => json(200, entry),
    [`GET /models/${MODEL_UUID}/sub-models`]: (url) =>
      json(200, { items: items.filter((s) => s.type === url.searchParams.get('type')), access: fullAccess }),
    [`GET /models/${MODEL_UUID}/sub-models/sm-2`]: () =>
      json(
        200,
        items.find((s) => s.id === 'sm-2'),
      ),
    [`GET /models/${MODEL_UUID}/sub-models/sm-2/inputs`]: () => json(200, { items: [] }),
    [`GET /models/${MODEL_UUID}/sub-models/sm-3/inputs`]: () => json(200, { items: [input()] }),
    [`GET /models/${MODEL_UUID}/sub-models/sm-3`]: () =>
      json(
        200,
        items.find((s) => s.id === 'sm-3'),
      ),
  });
  beforeEach(() => {
    configureTestApi();
    entry = webModel();
    items = [];
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  const open = (path: string, me = user('olivia')) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(currentUserQueryKey, me);
    const router = createMemoryRouter(
      [
        { path: paths.modelDetail.path, element: <p>Model detail page</p> },
        {
          element: <SubModelWorkspace />,
          children: [
            { path: paths.subModelList.path, element: <SubModelListPage /> },
            { path: paths.inputDefinitionList.path, element: <InputDefinitionListPage /> },
            { path: paths.instanceEditor.path, element: <p>Instance editor</p> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  };
  const sidebar = () => screen.getByRole('complementary', { name: 'Sub-model actions' });

  it("shows the section header with its tiles, 'No SubModel was found' and the sidebar's states", async () => {
    open(paths.subModelList.getHref(MODEL_UUID, 'scenario'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Scenario Management' })).toBeInTheDocument();
    expect(await screen.findByText(SUB_MODEL_MESSAGES.noSubModelFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: entry.name })).toHaveAttribute(
      'href',
      paths.modelDetail.getHref(MODEL_UUID),
    );
    expect(document.title).toBe('Scenario Management · Model Repository');
    const actions = sidebar();
    // Sidebar actions that cannot act stay focusable, marked aria-disabled (ReasonedButton).
    await waitFor(() =>
      expect(within(actions).getByRole('button', { name: 'Add Sub-model' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    const edit = within(actions).getByRole('button', { name: 'Edit Sub-model' });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAccessibleDescription('Select a sub-model first');
    // Step 1 of the visualization, for those who see the display section (issue 19).
    expect(within(actions).getByRole('button', { name: 'Data Visualization' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(within(actions).getByRole('region', { name: 'Execution' })).toBeInTheDocument();
  });

  it('lists the sub-models by name and acts on the selected one, which survives in the URL', async () => {
    items = [subModel({ id: 'sm-2', name: 'Zeta' }), subModel({ id: 'sm-3', name: 'alpha' })];
    const router = open(paths.subModelList.getHref(MODEL_UUID, 'scenario'));
    const list = await screen.findByRole('region', { name: 'Sub-model List' });
    const table = within(list).getByRole('table');
    await within(table).findByText('Zeta');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual(['alpha', 'Zeta']);
    await userEvent.click(within(table).getByText('Zeta'));
    await waitFor(() => expect(router.state.location.search).toBe('?subModel=sm-2'));
    expect(within(sidebar()).getByRole('button', { name: 'Edit Sub-model' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(within(sidebar()).getByRole('button', { name: 'Delete Sub-model' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(screen.getByText('Sub-model').nextElementSibling).toHaveTextContent('Zeta');
  });

  it('hides Edit and Delete from a viewer', async () => {
    items = [
      subModel({
        id: 'sm-2',
        name: 'Zeta',
        permissions: { edit: 'disallowed', delete: 'disallowed', addInstance: 'allowed' },
      }),
    ];
    open(`${paths.subModelList.getHref(MODEL_UUID, 'scenario')}?subModel=sm-2`, user('victor'));
    await screen.findByRole('heading', { level: 1, name: 'Scenario Management' });
    await waitFor(() =>
      expect(within(sidebar()).getByRole('button', { name: 'Sub-model List' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    expect(within(sidebar()).queryByRole('button', { name: 'Edit Sub-model' })).not.toBeInTheDocument();
    expect(within(sidebar()).queryByRole('button', { name: 'Delete Sub-model' })).not.toBeInTheDocument();
  });

  it("shows the input definitions of a sub-model under its section's header, 'No Input Definition was found' when none", async () => {
    items = [subModel({ id: 'sm-2', name: 'Zeta', type: 'calibration' })];
    open(paths.inputDefinitionList.getHref(MODEL_UUID, 'sm-2'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Calibration Management' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(SUB_MODEL_MESSAGES.noInputDefinitionFound)).toBeInTheDocument();
    expect(screen.getByText('Sub-model').nextElementSibling).toHaveTextContent('Zeta');
  });

  it('lists the input definitions with a link to the editor', async () => {
    items = [subModel({ id: 'sm-3', name: 'Alpha' })];
    open(paths.inputDefinitionList.getHref(MODEL_UUID, 'sm-3'));
    const link = await screen.findByRole('link', { name: 'Edit input definition default' });
    expect(link).toHaveAttribute('href', paths.inputDefinitionEditor.getHref(MODEL_UUID, 'sm-3', 'in-1'));
  });

  it('hides the Instances group in the display section', async () => {
    open(paths.subModelList.getHref(MODEL_UUID, 'display'));
    await screen.findByRole('heading', { level: 1, name: 'Display Management' });
    await waitFor(() =>
      expect(within(sidebar()).getByRole('region', { name: 'Sub-models' })).toBeInTheDocument(),
    );
    expect(within(sidebar()).queryByRole('region', { name: 'Instances' })).not.toBeInTheDocument();
  });

  it('answers an unknown section and a model that is not a WebModel 2.0 entry', async () => {
    open('/model/x/simulation/submodel-list');
    expect(await screen.findByText("There is no 'simulation' section.")).toBeInTheDocument();
  });

  it('says so when the instance of an instance page is gone', async () => {
    open(paths.instanceEditor.getHref(MODEL_UUID, 'gone'));
    expect(await screen.findByText(MESSAGES.instanceNotFoundOrNoAccess)).toBeInTheDocument();
  });

  it('tells that sub-models exist on WebModel 2.0 entries only', async () => {
    entry = webModel({ metadata: { platform: 'Model Repository' } });
    open(paths.subModelList.getHref(MODEL_UUID, 'scenario'));
    expect(
      await screen.findByText("Sub-models are only available for 'WebModel 2.0' models."),
    ).toBeInTheDocument();
  });
});
