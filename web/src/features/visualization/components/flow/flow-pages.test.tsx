import type { InstanceDetail, InstanceSummary } from '@shared/schemas/instance-api';
import type { ModelInputView, SubModelView } from '@shared/schemas/sub-models-api';
import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../../lib/current-user';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { FLOW_TEXTS } from './flow-state';
import RenderPage from './render-page';
import SelectionPage from './selection-page';
import SettingPage from './setting-page';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const UUID = '11111111-1111-4111-8111-111111111111';
const me: CurrentUser = {
  id: 'owner',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'olivia@example.com',
  userType: 'INTERNALUSER',
  permissions: {
    createModel: true,
    externalizationTabEnabled: false,
    activateUser: false,
    deactivateUser: false,
    enrollUser: false,
    changeUserRole: false,
  },
};

const subModel = (over: Partial<SubModelView>): SubModelView => ({
  id: '01SCEN',
  modelUuid: UUID,
  type: 'scenario',
  name: 'Scenarios',
  environment: 'Python 3.11',
  executionModels: ['file-1'],
  timeoutSeconds: 1800,
  outputPathDir: 'out',
  createdBy: 'owner',
  createdOn: '2025-01-02T10:00:00.000Z',
  modifiedOn: '2025-01-02T10:00:00.000Z',
  definitionType: 'JSON',
  version: 1,
  permissions: { edit: 'allowed', delete: 'allowed', addInstance: 'allowed' },
  ...over,
});
const SCENARIOS = subModel({ displayExecutionSetupId: '01DISP' });
const DISPLAY = subModel({ id: '01DISP', type: 'display', name: 'Dashboard' });

const summary = (over: Partial<InstanceSummary>): InstanceSummary => ({
  id: '01A',
  name: 'Base case',
  status: 'COMPLETED',
  createdBy: 'owner',
  createdByName: 'Olivia Owner',
  createdOn: '2025-03-04T10:00:00.000Z',
  modifiedOn: '2025-03-04T10:00:00.000Z',
  shared: false,
  outdated: false,
  hidden: false,
  type: 'scenario',
  executionSetupId: '01SCEN',
  userAccess: 'CREATOR',
  ...over,
});
const detail = (over: Partial<InstanceDetail>): InstanceDetail => ({
  ...summary({}),
  input: { modelInputId: '01IN', value: '{}' },
  permissions: { edit: 'allowed', clone: 'allowed', delete: 'allowed', share: 'allowed' },
  sharedWith: [],
  displayScenarios: undefined,
  ...over,
});
const page = (items: InstanceSummary[]) => ({
  items,
  total: items.length,
  facets: { status: [], name: [], createdBy: [] },
});
const ENTRY = {
  uuid: UUID,
  name: 'Demo model',
  roles: {
    vestLead: 'lead',
    owners: ['owner'],
    viewers: [],
    displayViewers: [],
    calibrationModelers: [],
    scenarioModelers: [],
  },
};
const displayInput: ModelInputView = {
  id: '01IN',
  subModelId: '01DISP',
  type: 'JSON',
  name: 'default',
  value: '{"wtp": 30000}',
  createdOn: '2025-01-02T10:00:00.000Z',
  modifiedOn: '2025-01-02T10:00:00.000Z',
  valid: true,
  issues: [],
};

const subModelRoutes = [
  on('GET', `/models/${UUID}/sub-models`, (url) => {
    const type = url.searchParams.get('type');
    const items = type === 'scenario' ? [SCENARIOS] : type === 'display' ? [DISPLAY] : [];
    return json(200, { items, access: { sections: {}, add: {} } });
  }),
  on('GET', `/models/${UUID}`, () => json(200, ENTRY)),
  on('GET', `/models/${UUID}/groups`, () => json(200, { items: [] })),
  on('GET', `/models/${UUID}/expertise/owner`, () =>
    json(200, { userId: 'owner', expertiseTypeLevel: 500, subModelIdList: [] }),
  ),
];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(currentUserQueryKey, me);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/model/:modelUuid/visualization/selection"
            element={
              <>
                <SelectionPage />
                <Where />
              </>
            }
          />
          <Route
            path="/model/:modelUuid/visualization/setting"
            element={
              <>
                <SettingPage parametersForm={() => null} />
                <Where />
              </>
            }
          />
          <Route
            path="/model/:modelUuid/visualization/render/:scenarioId"
            element={
              <>
                <RenderPage />
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent ?? '';
const messages = () => getMessages().map((m) => m.text);

beforeEach(() => configureTestApi());
afterEach(() => {
  vi.unstubAllGlobals();
  clearMessages();
  window.sessionStorage.clear();
});

describe('step 1: scenario selection', { timeout: 30_000 }, () => {
  it('ticks finished instances only and proceeds with the selection; nothing ticked gives the warning', async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances`, () =>
        json(
          200,
          page([
            summary({ id: '01A', name: 'Base case' }),
            summary({ id: '01D', name: 'Draft one', status: 'DRAFT' }),
          ]),
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/selection`);
    const table = await screen.findByRole('table', { name: 'Instances' });
    expect(await within(table).findByText('Base case')).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Select Draft one' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: FLOW_TEXTS.proceed }));
    expect(messages()).toContain(FLOW_TEXTS.noSelection);
    expect(where()).toContain('/visualization/selection');

    await user.click(within(table).getByRole('checkbox', { name: 'Select Base case' }));
    expect(where()).toContain('selected=01A');
    expect(where()).toContain('display=01DISP');
    await user.click(screen.getByRole('button', { name: FLOW_TEXTS.proceed }));
    expect(where()).toBe(`/model/${UUID}/visualization/setting?scenarios=01A`);
  });

  it("ticks the instance of `?scenarioId=` and says 'No scenario was found' for an empty list", async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01A`, () => json(200, detail({ id: '01A' }))),
      on('GET', `/models/${UUID}/instances`, (url) =>
        json(200, page(url.searchParams.get('query') ? [] : [summary({ id: '01A', name: 'Base case' })])),
      ),
    );
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/selection?scenarioId=01A`);
    expect(await screen.findByRole('checkbox', { name: 'Select Base case' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Search instances' }), 'zzz');
    expect(await screen.findByText(FLOW_TEXTS.noScenario)).toBeInTheDocument();
  });
});

describe('step 1: Copy, Export and groups (§2 row menu, drag into and out of groups)', {
  timeout: 30_000,
}, () => {
  const GROUP = {
    id: '01GR',
    name: 'Arms',
    executionSetupId: '01SCEN',
    scenarioIds: ['01B'],
    modelUuid: UUID,
    createdBy: 'owner',
    createdOn: '2025-01-02T10:00:00.000Z',
    modifiedOn: '2025-01-02T10:00:00.000Z',
  };
  const rows = [summary({ id: '01A', name: 'Base case' }), summary({ id: '01B', name: 'Arm B' })];
  const routes = () => [
    on('GET', `/models/${UUID}/groups`, () => json(200, { items: [GROUP] })),
    on('PUT', `/models/${UUID}/groups/01GR`, () => json(200, GROUP)),
    on('GET', `/models/${UUID}/instances`, () => json(200, page(rows))),
    on('GET', `/models/${UUID}/instances/01A`, () =>
      json(200, detail({ id: '01A', name: 'Base case', input: { modelInputId: '01IN', value: '{"n":1}' } })),
    ),
    on('POST', `/models/${UUID}/instances/01A/clone`, () =>
      json(201, detail({ id: '01C', status: 'DRAFT' })),
    ),
    ...subModelRoutes,
  ];
  const openMenu = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
    // PrimeReact's popup is still in its enter transition (display: none) in jsdom.
    return screen.findByRole('menu', { hidden: true });
  };

  it('copies an instance under a new name with Copy', async () => {
    const fetchMock = stubFetch(...routes());
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/selection`);
    const menu = await openMenu(user, 'Base case');
    await user.click(within(menu).getByRole('menuitem', { name: 'Copy', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Scenario' });
    expect(within(dialog).getByRole('textbox', { name: /Instance Name/ })).toHaveValue('Copy of Base case');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `/models/${UUID}/instances/01A/clone`)).toHaveLength(1),
    );
    const [copied] = callsTo(fetchMock, 'POST', `/models/${UUID}/instances/01A/clone`);
    expect(JSON.parse(String(copied?.init.body))).toEqual({ name: 'Copy of Base case' });
  });

  it("exports an instance's input data as a .json file named by type, sub-model and instance", async () => {
    stubFetch(...routes());
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/selection`);
    const menu = await openMenu(user, 'Base case');
    await user.click(within(menu).getByRole('menuitem', { name: 'Export', hidden: true }));
    await waitFor(() => expect(names).toEqual(['Scenario_Scenarios_Base_case_Input_Definition.json']));
    expect(await blobs[0]?.text()).toBe('{\n  "n": 1\n}\n');
    click.mockRestore();
  });

  it("adds a row to a group from the keyboard ('Add to Group') and takes one out ('Remove from Group')", async () => {
    const fetchMock = stubFetch(...routes());
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/selection`);
    const menu = await openMenu(user, 'Base case');
    await user.click(within(menu).getByRole('menuitem', { name: 'Add to Group', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/models/${UUID}/groups/01GR`)).toHaveLength(1));
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PUT', `/models/${UUID}/groups/01GR`)[0]?.init.body)),
    ).toEqual({
      scenarioIds: ['01B', '01A'],
    });

    await user.click(screen.getByRole('button', { name: 'Arms' }));
    const inGroup = await openMenu(user, 'Arm B');
    await user.click(within(inGroup).getByRole('menuitem', { name: 'Remove from Group', hidden: true }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/models/${UUID}/groups/01GR`)).toHaveLength(2));
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PUT', `/models/${UUID}/groups/01GR`)[1]?.init.body)),
    ).toEqual({
      scenarioIds: [],
    });
  });

  it('adds a row dragged onto a group', async () => {
    const fetchMock = stubFetch(...routes());
    renderAt(`/model/${UUID}/visualization/selection`);
    const handle = await screen.findByText('Base case');
    const target = (await screen.findByRole('button', { name: 'Arms' })).closest('li') as HTMLElement;
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
    };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `/models/${UUID}/groups/01GR`)).toHaveLength(1));
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PUT', `/models/${UUID}/groups/01GR`)[0]?.init.body)),
    ).toEqual({
      scenarioIds: ['01B', '01A'],
    });
    expect(messages()).toContain('Added to Arms');
  });
});

describe('step 2: display parameters', { timeout: 30_000 }, () => {
  it('refuses invalid parameters with the dialog, then creates, stores, executes and goes to step 3', async () => {
    const fetchMock = stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01A`, () => json(200, detail({ id: '01A', name: 'Base case' }))),
      on('GET', `/models/${UUID}/instances/01B`, () =>
        json(200, detail({ id: '01B', name: 'Arm B', label: 'B' })),
      ),
      on('GET', `/models/${UUID}/sub-models/01DISP/inputs`, () => json(200, { items: [displayInput] })),
      on('POST', `/models/${UUID}/sub-models/01DISP/instances`, () =>
        json(201, detail({ id: '01AN', type: 'display' })),
      ),
      on('PUT', `/models/${UUID}/instances/01AN/inputs`, () =>
        json(200, { ...detail({ id: '01AN', type: 'display' }), valid: true, issues: [] }),
      ),
      on('POST', `/models/${UUID}/executions`, () => json(201, { groupId: '01G', executions: [] })),
      on('POST', '/executions/01G/start', () => json(200, { groupId: '01G' })),
    );
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/setting?scenarios=01A,01B`);
    const order = await screen.findByRole('table');
    expect(await within(order).findByText('Arm B')).toBeInTheDocument();
    // Arm B first: the order sent starts at 1 in the table's order.
    await user.click(within(order).getByRole('button', { name: 'Move Arm B up' }));
    expect(where()).toContain('scenarios=01B%2C01A');

    const field = screen.getByRole('textbox', { name: /Parameters/ });
    await user.clear(field);
    await user.type(field, 'not json');
    await user.click(screen.getByRole('button', { name: FLOW_TEXTS.create }));
    const dialog = await screen.findByRole('dialog', { name: FLOW_TEXTS.invalidParametersTitle });
    expect(dialog).toHaveTextContent(FLOW_TEXTS.invalidParametersText);
    expect(callsTo(fetchMock, 'POST', `/models/${UUID}/sub-models/01DISP/instances`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await user.clear(field);
    await user.click(field);
    await user.paste('{"wtp": 20000}');
    await user.click(screen.getByRole('button', { name: FLOW_TEXTS.create }));
    await waitFor(() => expect(where()).toBe(`/model/${UUID}/visualization/render/01AN`));
    const [created] = callsTo(fetchMock, 'POST', `/models/${UUID}/sub-models/01DISP/instances`);
    const body = JSON.parse(String(created?.init.body));
    expect(body).toMatchObject({
      hidden: true,
      displayScenarios: [
        { id: '01B', order: 1, label: 'B' },
        { id: '01A', order: 2 },
      ],
    });
    expect(body.name).toMatch(/^Scenario Analysis \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const [stored] = callsTo(fetchMock, 'PUT', `/models/${UUID}/instances/01AN/inputs`);
    expect(JSON.parse(String(stored?.init.body))).toEqual({ modelInputId: '01IN', value: '{"wtp":20000}' });
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', `/models/${UUID}/executions`)[0]?.init.body)),
    ).toEqual({
      instanceIds: ['01AN'],
    });
  });

  it("says 'Failed to create an execution' when the run cannot start, and stays", async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01A`, () => json(200, detail({ id: '01A' }))),
      on('GET', `/models/${UUID}/sub-models/01DISP/inputs`, () => json(200, { items: [displayInput] })),
      on('POST', `/models/${UUID}/sub-models/01DISP/instances`, () =>
        json(201, detail({ id: '01AN', type: 'display' })),
      ),
      on('PUT', `/models/${UUID}/instances/01AN/inputs`, () =>
        json(200, { ...detail({ id: '01AN' }), valid: true, issues: [] }),
      ),
      on('POST', `/models/${UUID}/executions`, () => json(409, { message: 'There is no executable file.' })),
    );
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/setting?scenarios=01A`);
    await user.click(await screen.findByRole('button', { name: FLOW_TEXTS.create }));
    await waitFor(() => expect(messages()).toContain(FLOW_TEXTS.failedExecution));
    expect(where()).toContain('/visualization/setting');
  });

  it('sends a visit without a selection back to step 1', async () => {
    stubFetch(...subModelRoutes);
    renderAt(`/model/${UUID}/visualization/setting`);
    await waitFor(() => expect(where()).toBe(`/model/${UUID}/visualization/selection`));
  });
});

describe('Save Progress (§4, §5)', { timeout: 30_000 }, () => {
  const draft = (over: Partial<InstanceDetail> = {}) =>
    detail({
      id: '01AN',
      name: 'My draft',
      type: 'display',
      executionSetupId: '01DISP',
      hidden: true,
      status: 'DRAFT',
      displayScenarios: [
        { id: '01B', order: 1 },
        { id: '01A', order: 2 },
      ],
      ...over,
    });

  it('is disabled with nothing ticked; saves the ticked instances as a new hidden draft and keeps it in the URL', async () => {
    const fetchMock = stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances`, () =>
        json(200, page([summary({ id: '01A', name: 'Base case' })])),
      ),
      on('POST', `/models/${UUID}/sub-models/01DISP/instances`, () => json(201, draft())),
    );
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/selection`);
    const save = await screen.findByRole('button', { name: FLOW_TEXTS.saveProgress });
    expect(save).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Base case' }));
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: FLOW_TEXTS.saveProgress });
    // Nothing to update yet: only 'Save as new'.
    expect(within(dialog).getByRole('radio', { name: FLOW_TEXTS.updateCurrent })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: FLOW_TEXTS.saveAsNew })).toBeChecked();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Name is required');
    expect(callsTo(fetchMock, 'POST', `/models/${UUID}/sub-models/01DISP/instances`)).toHaveLength(0);
    await user.type(name, 'My draft');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where()).toContain('analysis=01AN'));
    expect(messages()).toContain(FLOW_TEXTS.progressSaved);
    const [created] = callsTo(fetchMock, 'POST', `/models/${UUID}/sub-models/01DISP/instances`);
    expect(JSON.parse(String(created?.init.body))).toEqual({
      name: 'My draft',
      hidden: true,
      displayScenarios: [{ id: '01A', order: 1 }],
    });
  });

  it('reopens a draft by its deep link with its scenarios ticked', async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01AN`, () => json(200, draft())),
      on('GET', `/models/${UUID}/instances`, () =>
        json(200, page([summary({ id: '01A', name: 'Base case' }), summary({ id: '01B', name: 'Arm B' })])),
      ),
    );
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/selection?analysis=01AN`);
    expect(await screen.findByRole('checkbox', { name: 'Select Arm B' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Base case' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: FLOW_TEXTS.proceed }));
    expect(where()).toBe(`/model/${UUID}/visualization/setting?scenarios=01B%2C01A&analysis=01AN`);
  });

  it("step 2: 'Update current' renames the draft, keeps the order and stores the parameters", async () => {
    const fetchMock = stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01A`, () => json(200, detail({ id: '01A', name: 'Base case' }))),
      on('GET', `/models/${UUID}/instances/01B`, () => json(200, detail({ id: '01B', name: 'Arm B' }))),
      on('GET', `/models/${UUID}/instances/01AN`, () =>
        json(200, draft({ input: { modelInputId: '01IN', value: '{"wtp":25000}' } })),
      ),
      on('GET', `/models/${UUID}/sub-models/01DISP/inputs`, () => json(200, { items: [displayInput] })),
      on('PATCH', `/models/${UUID}/instances/01AN`, () => json(200, draft({ name: 'Renamed' }))),
      on('PUT', `/models/${UUID}/instances/01AN/inputs`, () =>
        json(200, { ...draft(), valid: true, issues: [] }),
      ),
    );
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/setting?scenarios=01B,01A&analysis=01AN`);
    const field = await screen.findByRole('textbox', { name: /Parameters/ });
    expect(field).toHaveValue('{\n  "wtp": 25000\n}');
    await user.click(screen.getByRole('button', { name: FLOW_TEXTS.saveProgress }));
    const dialog = await screen.findByRole('dialog', { name: FLOW_TEXTS.saveProgress });
    expect(within(dialog).getByRole('radio', { name: FLOW_TEXTS.updateCurrent })).toBeChecked();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('My draft');
    await user.clear(name);
    await user.type(name, 'Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages()).toContain(FLOW_TEXTS.progressSaved));
    const [patched] = callsTo(fetchMock, 'PATCH', `/models/${UUID}/instances/01AN`);
    expect(JSON.parse(String(patched?.init.body))).toEqual({
      name: 'Renamed',
      displayScenarios: [
        { id: '01B', order: 1 },
        { id: '01A', order: 2 },
      ],
    });
    const [stored] = callsTo(fetchMock, 'PUT', `/models/${UUID}/instances/01AN/inputs`);
    expect(JSON.parse(String(stored?.init.body))).toEqual({ modelInputId: '01IN', value: '{"wtp":25000}' });
    expect(callsTo(fetchMock, 'POST', `/models/${UUID}/executions`)).toHaveLength(0);
  });

  it('is disabled for an analysis that has run', async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01A`, () => json(200, detail({ id: '01A' }))),
      on('GET', `/models/${UUID}/instances/01B`, () => json(200, detail({ id: '01B' }))),
      on('GET', `/models/${UUID}/instances/01AN`, () => json(200, draft({ status: 'COMPLETED' }))),
      on('GET', `/models/${UUID}/sub-models/01DISP/inputs`, () => json(200, { items: [displayInput] })),
    );
    renderAt(`/model/${UUID}/visualization/setting?scenarios=01B,01A&analysis=01AN`);
    await screen.findByRole('textbox', { name: /Parameters/ });
    expect(screen.getByRole('button', { name: FLOW_TEXTS.saveProgress })).toBeDisabled();
  });

  it("lists the caller's drafts under Saved Analyses, each reopening where it was left", async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01AN`, () => json(200, draft())),
      on('GET', `/models/${UUID}/instances`, (url) =>
        json(
          200,
          page(
            url.searchParams.get('hidden') === 'true'
              ? [summary({ id: '01AN', name: 'My draft', type: 'display', hidden: true, status: 'DRAFT' })]
              : [],
          ),
        ),
      ),
    );
    renderAt(`/model/${UUID}/visualization/selection?show=saved`);
    const drafts = await screen.findByRole('region', { name: FLOW_TEXTS.drafts });
    const link = await within(drafts).findByRole('link', { name: 'My draft' });
    expect(link).toHaveAttribute(
      'href',
      `/model/${UUID}/visualization/setting?scenarios=01B%2C01A&analysis=01AN`,
    );
  });
});

describe('step 3: the result', { timeout: 30_000 }, () => {
  const analysis = (over: Partial<InstanceDetail>) =>
    detail({
      id: '01AN',
      type: 'display',
      executionSetupId: '01DISP',
      hidden: true,
      lastGroupId: '01G',
      displayScenarios: [{ id: '01A', order: 1 }],
      ...over,
    });

  it('shows the progress message while the analysis runs', async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01AN`, () => json(200, analysis({ status: 'INPROCESS' }))),
      on('GET', `/models/${UUID}/instances/01A`, () => json(200, detail({ id: '01A' }))),
    );
    renderAt(`/model/${UUID}/visualization/render/01AN`);
    expect(await screen.findByText(/This may take up to 30 minutes\./)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Scenario Analysis' })).toBeInTheDocument();
  });

  it("refuses the results of an analysis that never ran: 'Can not fetch results from unfinished scenario.'", async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01AN`, () =>
        json(200, analysis({ status: 'DRAFT', lastGroupId: undefined })),
      ),
    );
    renderAt(`/model/${UUID}/visualization/render/01AN`);
    expect(await screen.findByText(FLOW_TEXTS.unfinished)).toBeInTheDocument();
  });

  it("offers Print only when the exports are offered: an empty result prints and exports 'Nothing to export.'", async () => {
    stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01AN`, () => json(200, analysis({ status: 'COMPLETED' }))),
      on('GET', `/models/${UUID}/instances/01A`, () => json(200, detail({ id: '01A' }))),
      on('GET', `/models/${UUID}/instances/01AN/result`, () =>
        json(200, {
          instanceId: '01AN',
          status: 'COMPLETED',
          runId: '01R',
          groupId: '01G',
          files: [],
          notes: [],
          result: { kind: 'visualization', result: { options: { title: 'Empty' }, elements: [] } },
        }),
      ),
    );
    renderAt(`/model/${UUID}/visualization/render/01AN`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Empty' })).toBeInTheDocument();
    for (const name of ['Print', 'Export Excel', 'Export PDF']) {
      const button = await screen.findByRole('button', { name });
      expect(button, name).toHaveAttribute('aria-disabled', 'true');
      expect(button, name).toHaveAccessibleDescription('Nothing to export.');
    }
  });

  it("shows a finished result under its title and saves the analysis ('Analysis Saved')", async () => {
    const fetchMock = stubFetch(
      ...subModelRoutes,
      on('GET', `/models/${UUID}/instances/01AN`, () => json(200, analysis({ status: 'COMPLETED' }))),
      on('GET', `/models/${UUID}/instances/01A`, () => json(200, detail({ id: '01A' }))),
      on('GET', `/models/${UUID}/instances/01AN/result`, () =>
        json(200, {
          instanceId: '01AN',
          status: 'COMPLETED',
          runId: '01R',
          groupId: '01G',
          files: [],
          notes: [],
          result: {
            kind: 'visualization',
            result: {
              options: { title: 'Survival dashboard' },
              elements: [
                { kind: 'section', title: 'Costs' },
                {
                  kind: 'table',
                  cells: [
                    { row: 0, column: 0, value: 'ICER', th: true },
                    { row: 1, column: 0, value: 21000, valuePrefix: '£' },
                  ],
                },
              ],
            },
          },
        }),
      ),
      on('POST', `/models/${UUID}/instances/01AN/analysis`, () =>
        json(200, {
          saved: true,
          instance: analysis({ status: 'COMPLETED', hidden: false, name: 'My analysis' }),
        }),
      ),
    );
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/render/01AN`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Survival dashboard' })).toBeInTheDocument();
    // The result view draws the result after the rendering delay (001 §9), numbers grouped.
    expect(await screen.findByRole('heading', { name: 'Costs' })).toBeInTheDocument();
    expect(screen.getByText('£21,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Excel' })).not.toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Save Analysis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Analysis' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect((name as HTMLInputElement).value).toMatch(/^Scenario Analysis \d{4}-/);
    await user.clear(name);
    await user.type(name, 'My analysis');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages()).toContain(FLOW_TEXTS.saved));
    const [saved] = callsTo(fetchMock, 'POST', `/models/${UUID}/instances/01AN/analysis`);
    expect(JSON.parse(String(saved?.init.body))).toEqual({ name: 'My analysis' });
  });

  it('renders a Test Visualization file without a run, and warns about a file that is no result', async () => {
    stubFetch(...subModelRoutes);
    const user = userEvent.setup();
    renderAt(`/model/${UUID}/visualization/render/01AN`);
    const input = screen.getByLabelText('Test visualization file');
    await user.upload(input, new File(['{"rows": []}'], 'bad.json', { type: 'application/json' }));
    await waitFor(() => expect(messages()).toContain(FLOW_TEXTS.invalidTestData));
    const good = { elements: [{ kind: 'section', title: 'From a file' }] };
    await user.upload(input, new File([JSON.stringify(good)], 'good.json', { type: 'application/json' }));
    await waitFor(() => expect(where()).toBe(`/model/${UUID}/visualization/render/0`));
    expect(await screen.findByRole('heading', { name: 'From a file' })).toBeInTheDocument();
  });
});
