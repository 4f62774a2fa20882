import type { InstanceListPage, InstanceSummary } from '@shared/schemas/instance-api';
import type { GroupView } from '@shared/schemas/sub-models-api';
import type { SubModelType } from '@shared/sub-models/sub-model';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, type Route, stubFetch } from '../../../../testing/fetch-stubs';
import {
  entryWithRoles,
  group,
  inWorkspace,
  listPage,
  runResult,
  SUB_MODEL_ID,
  sha,
  subModel,
  summary,
  templateInput,
  UUID,
  workspace,
} from '../../api/test-fixtures';
import { InstanceListPage as Page } from './instance-list-page';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const LIST = `/models/${UUID}/instances`;
const GROUPS = `/models/${UUID}/groups`;

beforeEach(() => {
  configureTestApi();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearMessages();
});

const wait = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

function serve(page: InstanceListPage, groups: GroupView[] = []) {
  return stubFetch(
    on('GET', LIST, () => json(200, page)),
    on('GET', GROUPS, () => json(200, { items: groups })),
    on('GET', `/models/${UUID}/sub-models/${SUB_MODEL_ID}/inputs`, () =>
      json(200, { items: [templateInput()] }),
    ),
    on('POST', GROUPS, () => json(201, group())),
    on('DELETE', `${GROUPS}/01GROUP1`, () => new Response(null, { status: 204 })),
  );
}

const open = (query = '') =>
  render(
    inWorkspace(<Page />, {
      path: `/model/${UUID}/sub-model/${SUB_MODEL_ID}/instance-list${query}`,
      pattern: '/model/:modelUuid/sub-model/:subModelId/instance-list',
    }),
  );
const lastQuery = (fetchMock: ReturnType<typeof stubFetch>) =>
  callsTo(fetchMock, 'GET', LIST).at(-1)?.url.searchParams;

describe('instance list (spec 001 §2)', { timeout: 30_000 }, () => {
  it('shows name with the Outdated chip, creator, en-US creation date, status and the Shared marker', async () => {
    serve(
      listPage([
        summary({ id: 'a', name: 'Old run', outdated: true, shared: true, status: 'FAILED', label: 'v2' }),
        summary({ id: 'b', name: 'New run', createdByName: 'Leo Lead', createdBy: 'lead' }),
      ]),
    );
    open();
    const table = await screen.findByRole('table', { name: 'Instances' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim())
      .filter(Boolean);
    // The last two are the (visually hidden) headers of the rows' Edit Label and menu buttons.
    expect(headers).toEqual([
      'Instance Name',
      'Creator',
      'Creation Date',
      'Status',
      'Sharing',
      'Edit Label',
      'Actions',
    ]);
    const row = within(table).getByRole('row', { name: /Old run/ });
    expect(within(row).getByRole('link', { name: 'Old run' })).toHaveAttribute(
      'href',
      `/model/${UUID}/instance/a/editor`,
    );
    expect(row).toHaveTextContent('Outdated');
    expect(row).toHaveTextContent('v2');
    expect(row).toHaveTextContent('Olivia Owner');
    expect(row).toHaveTextContent('03/04/2025');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('Shared');
    expect(within(table).getByRole('row', { name: /New run/ })).not.toHaveTextContent('Shared');
    // Sharing is not sortable.
    expect(within(table).getByRole('columnheader', { name: 'Sharing' })).not.toHaveAttribute('aria-sort');
  });

  it('says "No scenario was found" when there are none', async () => {
    serve(listPage([]));
    open();
    expect(await screen.findByText('No scenario was found')).toBeInTheDocument();
  });

  it('asks for the page, rows, order and filters of the URL (a deep link survives reload)', async () => {
    const fetchMock = serve(listPage([summary()], { total: 120 }));
    open('?status=FAILED,DRAFT&page=3&size=50&sort=name&order=asc&month=2&q=base');
    await screen.findByRole('table', { name: 'Instances' });
    expect(Object.fromEntries(lastQuery(fetchMock) ?? [])).toEqual({
      executionSetupId: SUB_MODEL_ID,
      status: 'FAILED,DRAFT',
      createdOnMonth: '2',
      query: 'base',
      pageIndex: '100',
      pageSize: '50',
      orderBy: 'name',
      orderDesc: 'false',
    });
    expect(screen.getByRole('searchbox', { name: 'Search instances' })).toHaveValue('base');
    // Filters that a link carries are shown at once.
    expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument();
  });

  it('defaults to the first 20, newest first, and searches 100 ms after typing', async () => {
    const fetchMock = serve(listPage([summary()]));
    const user = setup();
    open();
    await screen.findByRole('table', { name: 'Instances' });
    expect(lastQuery(fetchMock)?.get('pageSize')).toBe('20');
    expect(lastQuery(fetchMock)?.get('pageIndex')).toBe('0');
    expect(lastQuery(fetchMock)?.get('orderBy')).toBe('createdOn');
    expect(lastQuery(fetchMock)?.get('orderDesc')).toBe('true');
    await user.type(screen.getByRole('searchbox', { name: 'Search instances' }), 'arm');
    const before = callsTo(fetchMock, 'GET', LIST).length;
    await wait(50);
    expect(callsTo(fetchMock, 'GET', LIST)).toHaveLength(before);
    await wait(100);
    await waitFor(() => expect(lastQuery(fetchMock)?.get('query')).toBe('arm'));
  });

  it('orders by a column when its header is clicked', async () => {
    const fetchMock = serve(listPage([summary()]));
    const user = setup();
    open();
    const table = await screen.findByRole('table', { name: 'Instances' });
    await user.click(within(table).getByRole('columnheader', { name: /Instance Name/ }));
    await waitFor(() => expect(lastQuery(fetchMock)?.get('orderBy')).toBe('name'));
    expect(lastQuery(fetchMock)?.get('orderDesc')).toBe('false');
  });

  it('offers the filters of the facets: hidden with one option, a search box above 10, "Show N More" above 12', async () => {
    const names = Array.from({ length: 13 }, (_, i) => `Run ${String(i + 1).padStart(2, '0')}`);
    const fetchMock = serve(
      listPage([summary()], {
        facets: {
          status: ['DRAFT'],
          name: names,
          createdBy: [
            { id: 'owner', name: 'Olivia Owner' },
            { id: 'lead', name: 'Leo Lead' },
          ],
        },
      }),
    );
    const user = setup();
    open();
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const filters = screen.getByRole('region', { name: 'Filters' });
    await waitFor(() => expect(within(filters).getByRole('group', { name: 'Name' })).toBeInTheDocument());
    expect(within(filters).queryByRole('group', { name: 'Status' })).not.toBeInTheDocument();
    const name = within(filters).getByRole('group', { name: 'Name' });
    expect(within(name).getByRole('searchbox', { name: 'Search Name' })).toBeInTheDocument();
    expect(within(name).getAllByRole('radio')).toHaveLength(10);
    await user.click(within(name).getByRole('button', { name: 'Show 3 More' }));
    expect(within(name).getAllByRole('radio')).toHaveLength(13);
    expect(within(name).getByRole('button', { name: 'Show Less' })).toBeInTheDocument();
    const month = within(filters).getByRole('group', { name: 'Creation Month' });
    expect(within(month).getByRole('radio', { name: 'January' })).toBeInTheDocument();
    expect(within(month).getByRole('radio', { name: 'December' })).toBeInTheDocument();
    const creator = within(filters).getByRole('group', { name: 'Creator' });
    expect(within(creator).queryByRole('searchbox')).not.toBeInTheDocument();
    await user.click(within(creator).getByRole('checkbox', { name: 'Leo Lead' }));
    await waitFor(() => expect(lastQuery(fetchMock)?.get('createdBy')).toBe('lead'));
    await user.click(within(month).getByRole('radio', { name: 'March' }));
    await waitFor(() => expect(lastQuery(fetchMock)?.get('createdOnMonth')).toBe('3'));
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('creates a group, and deletes one after "Are you sure you want to delete this group?"', async () => {
    const fetchMock = serve(listPage([summary()]), [group({ name: 'Arm A', scenarioIds: ['01INSTANCE1'] })]);
    const user = setup();
    open();
    const groups = await screen.findByRole('region', { name: 'Groups' });
    await waitFor(() =>
      expect(within(groups).getByRole('button', { name: 'Arm A, 1 instance' })).toBeInTheDocument(),
    );
    await user.click(within(groups).getByRole('button', { name: 'Create Group' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Group' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name *' }), 'arm a');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is not unique')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name *' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name *' }), 'Arm B');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', GROUPS)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', GROUPS)[0]?.init.body))).toEqual({
      executionSetupId: SUB_MODEL_ID,
      name: 'Arm B',
      scenarioIds: [],
    });

    await user.click(within(groups).getByRole('button', { name: 'Delete group Arm A' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Group' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this group?');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(callsTo(fetchMock, 'DELETE', `${GROUPS}/01GROUP1`)).toHaveLength(0);
    await user.click(within(groups).getByRole('button', { name: 'Delete group Arm A' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Group' })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', `${GROUPS}/01GROUP1`)).toHaveLength(1));
  });

  it('offers each row a drag handle once a group exists, and an Edit Label pop-up', async () => {
    serve(listPage([summary({ name: 'Scenario one' })]), [group()]);
    const user = setup();
    open();
    expect(await screen.findByRole('button', { name: 'Move Scenario one to a group' })).toHaveAttribute(
      'aria-roledescription',
      'draggable',
    );
    await user.click(screen.getByRole('button', { name: 'Edit label of Scenario one' }));
    expect(screen.getByRole('dialog', { name: 'Edit Label' })).toBeInTheDocument();
  });
});

/** The list of one row in a section whose entry the signed-in owner owns, with more routes. */
function openWithRow(row: InstanceSummary, type: SubModelType, ...routes: Route[]) {
  const fetchMock = stubFetch(
    ...routes,
    on('GET', LIST, () => json(200, listPage([row]))),
    on('GET', GROUPS, () => json(200, { items: [] })),
    on('GET', `/models/${UUID}/sub-models/${SUB_MODEL_ID}/inputs`, () =>
      json(200, { items: [templateInput()] }),
    ),
  );
  render(
    inWorkspace(<Page />, {
      path: `/model/${UUID}/sub-model/${SUB_MODEL_ID}/instance-list`,
      pattern: '/model/:modelUuid/sub-model/:subModelId/instance-list',
      context: workspace({ model: entryWithRoles(), section: type, subModel: subModel({ type }) }),
    }),
  );
  return fetchMock;
}

/** Opens a row's action menu and returns its items by name. */
async function openRowMenu(user: ReturnType<typeof setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const button = screen.getByRole('button', { name: `Actions for ${name}` });
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
  // jsdom lays nothing out, so PrimeReact's overlay positioning leaves the open menu display:none.
  const hidden = { hidden: true };
  const menu = await screen.findByRole('menu', { name: `Actions for ${name}`, ...hidden });
  expect(button).toHaveAttribute('aria-controls', menu.parentElement?.id);
  return {
    menu,
    names: () =>
      within(menu)
        .getAllByRole('menuitem', hidden)
        .map((i) => i.getAttribute('aria-label')),
    item: (label: string) => within(menu).getByRole('menuitem', { name: label, ...hidden }),
  };
}

describe('the execution actions of a row’s menu (spec 001 §4, §5, §8)', { timeout: 30_000 }, () => {
  const CREATE = `/models/${UUID}/executions`;

  it('executes a draft: Execute Instance, then create and start, and "Scenario execution request sent"', async () => {
    const fetchMock = openWithRow(
      summary({ id: '01I', name: 'Scenario one', status: 'DRAFT', createdBy: 'owner' }),
      'scenario',
      on('POST', CREATE, () => json(200, { groupId: '01GROUP', created: true })),
      on('POST', '/executions/01GROUP/start', () => json(200, { groupId: '01GROUP' })),
    );
    const user = setup();
    const menu = await openRowMenu(user, 'Scenario one');
    expect(menu.item('Execute')).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(menu.item('Execute'));
    const dialog = await screen.findByRole('dialog', { name: 'Execute Instance' });
    expect(dialog).toHaveTextContent('Execute Scenario one?');
    await user.click(within(dialog).getByRole('button', { name: 'Execute' }));
    await waitFor(() =>
      expect(getMessages().map((m) => m.text)).toContain('Scenario execution request sent'),
    );
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', CREATE)[0]?.init.body))).toEqual({
      instanceIds: ['01I'],
    });
    expect(callsTo(fetchMock, 'POST', '/executions/01GROUP/start')).toHaveLength(1);
    const order = fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(order.findIndex((p) => p.endsWith('/executions'))).toBeLessThan(
      order.findIndex((p) => p.endsWith('/start')),
    );
  });

  it('has no Accept, Unaccept or Supersede in the scenario section, and disables what the state forbids', async () => {
    openWithRow(summary({ name: 'Scenario one', status: 'COMPLETED', createdBy: 'owner' }), 'scenario');
    const user = setup();
    const menu = await openRowMenu(user, 'Scenario one');
    expect(menu.names()).toEqual(['Instance Detail', 'Execute', 'Cancel Execution', 'Download Results']);
    expect(menu.item('Cancel Execution')).toHaveAttribute('aria-disabled', 'true');
    expect(menu.item('Download Results')).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('hides Execute from a user who may not run the instance', async () => {
    openWithRow(summary({ name: 'Their run', status: 'DRAFT', createdBy: 'someone-else' }), 'scenario');
    const user = setup();
    const menu = await openRowMenu(user, 'Their run');
    expect(menu.names()).not.toContain('Execute');
    expect(menu.names()).not.toContain('Cancel Execution');
  });

  it('cancels a running execution of an instance shared with the caller', async () => {
    const fetchMock = openWithRow(
      summary({
        name: 'Shared run',
        status: 'INPROCESS',
        createdBy: 'someone-else',
        shared: true,
        lastGroupId: '01GROUP',
      }),
      'scenario',
      on('POST', '/executions/01GROUP/cancel', () => json(200, { cancelled: 1 })),
    );
    const user = setup();
    const menu = await openRowMenu(user, 'Shared run');
    expect(menu.item('Execute')).toHaveAttribute('aria-disabled', 'true');
    await user.click(menu.item('Cancel Execution'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Scenario' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Execution' }));
    await waitFor(() =>
      expect(getMessages().map((m) => m.text)).toContain('Execution cancellation request sent'),
    );
    expect(callsTo(fetchMock, 'POST', '/executions/01GROUP/cancel')).toHaveLength(1);
  });

  it('accepts a completed calibration instance from its row', async () => {
    const accept = `/models/${UUID}/instances/01C/accept`;
    const fetchMock = openWithRow(
      summary({
        id: '01C',
        name: 'Calibrated',
        type: 'calibration',
        status: 'COMPLETED',
        createdBy: 'owner',
      }),
      'calibration',
      on('POST', accept, () => json(200, { instanceId: '01C', status: 'ACCEPTED' })),
    );
    const user = setup();
    const menu = await openRowMenu(user, 'Calibrated');
    expect(menu.names()).toEqual([
      'Instance Detail',
      'Execute',
      'Cancel Execution',
      'Download Results',
      'Accept',
      'Unaccept',
      'Supersede',
    ]);
    expect(menu.item('Unaccept')).toHaveAttribute('aria-disabled', 'true');
    await user.click(menu.item('Accept'));
    const dialog = await screen.findByRole('dialog', { name: 'Accept Instance' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', accept)).toHaveLength(1));
    await waitFor(() => expect(getMessages().map((m) => m.text)).toContain('Calibrated accepted'));
  });

  it("opens 'Download files' for a run that returned files", async () => {
    const instance = `/models/${UUID}/instances/01I`;
    openWithRow(
      summary({ id: '01I', name: 'Budget', status: 'COMPLETED', createdBy: 'owner', lastGroupId: '01GROUP' }),
      'scenario',
      on('GET', `${instance}/result`, () =>
        json(
          200,
          runResult({
            result: { kind: 'files' },
            files: [{ path: 'impact.xlsx', bytes: 4096, sha256: sha('a') }],
          }),
        ),
      ),
    );
    const user = setup();
    const menu = await openRowMenu(user, 'Budget');
    await user.click(menu.item('Download Results'));
    const dialog = await screen.findByRole('dialog', { name: 'Download files' });
    expect(within(dialog).getByRole('button', { name: 'Download impact.xlsx' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('4.0 KB');
  });

  it('opens the instance detail from its row', async () => {
    openWithRow(summary({ id: '01I', name: 'Scenario one' }), 'scenario');
    const user = setup();
    const menu = await openRowMenu(user, 'Scenario one');
    await user.click(menu.item('Instance Detail'));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });
});
