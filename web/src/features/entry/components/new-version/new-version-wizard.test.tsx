import type { CurrentUser } from '@shared/schemas/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../../../../lib/current-user';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { configureTestApi, json, routeFetch } from '../../../../testing/fetch-stubs';
import { model, optionLists, users } from '../../../../testing/model-detail-fixtures';
import { file } from '../../../../testing/model-fixtures';
import { NewVersionWizard } from './new-version-wizard';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const me = {
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

const source = model();
const NEW_UUID = '55555555-5555-4555-8555-555555555555';
const MAIN = file({ uuid: '44444444-4444-4444-8444-444444444441', name: 'model.xlsx', fileTag: 'Model' });
const REPORT = file({
  uuid: '44444444-4444-4444-8444-444444444442',
  name: 'report.docx',
  mainFile: false,
  path: 'docs',
});

// The metadata form renders many PrimeReact inputs: slow in jsdom on a small machine.
describe('NewVersionWizard', { timeout: 60_000 }, () => {
  let calls: string[] = [];
  let sent: Record<string, unknown> | undefined;
  let nameUnique = true;
  const fetchMock = routeFetch({
    'GET /metadata-options': () => json(200, optionLists),
    [`GET /models/${source.uuid}/files`]: () => json(200, { items: [MAIN, REPORT] }),
    'POST /models/name-check': () => {
      calls.push('name-check');
      return json(200, { name: 'The generated name', unique: nameUnique, problems: [] });
    },
    [`POST /models/${source.uuid}/versions`]: (_u, init) => {
      calls.push('create-version');
      sent = JSON.parse(String(init?.body));
      return json(201, { uuid: NEW_UUID, name: 'The generated name' });
    },
    'POST /notifications': (_u, init) => {
      calls.push(`notify ${JSON.parse(String(init?.body)).action}`);
      return json(201, { notificationId: 'n1', recipients: 3 });
    },
  });

  beforeEach(() => {
    configureTestApi();
    calls = [];
    sent = undefined;
    nameUnique = true;
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetchMock.mockClear();
    clearMessages();
  });

  const renderWizard = (from = source) => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    queryClient.setQueryData(currentUserQueryKey, me);
    const onCreated = vi.fn();
    const onHide = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <NewVersionWizard source={from} onHide={onHide} onCreated={onCreated} />
      </QueryClientProvider>,
    );
    return { onCreated, onHide };
  };
  const button = (name: string) => screen.getByRole('button', { name });
  const versionInput = () => screen.getByLabelText('Version Release of Model', { exact: false });
  const advance = (ms: number) =>
    act(async () => {
      vi.advanceTimersByTime(ms);
    });

  it('shows the step statuses, the version rules and why the saves wait', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWizard();
    expect(await screen.findByRole('dialog', { name: 'New Model Version' })).toBeInTheDocument();
    // No version yet: Metadata is in error; Access has the source's lead and steward.
    expect(screen.getByRole('link', { name: '1 Metadata: error' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 Select Files: completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 Access: completed' })).toBeInTheDocument();
    expect(
      screen.getByText('Enter a version number greater than the parent version number 1'),
    ).toBeInTheDocument();
    for (const name of ['Save as Draft', 'Save and Publish', 'Save & proceed']) {
      expect(button(name)).toHaveAttribute('aria-disabled', 'true');
      expect(button(name)).toHaveAccessibleDescription(
        'Complete the metadata and set the Value and Implementation Lead and the Model Steward first.',
      );
    }

    await user.type(versionInput(), '1.a');
    expect(screen.getByText('Version must match number format like "1" or "1.1"')).toBeInTheDocument();
    await user.clear(versionInput());
    await user.type(versionInput(), '1');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter a version number greater than the parent version number 1',
    );
    // At most 7 characters.
    expect(versionInput()).toHaveAttribute('maxLength', '7');
    await user.type(versionInput(), '.1');
    expect(screen.getByRole('link', { name: '1 Metadata: completed' })).toBeInTheDocument();
    expect(button('Save as Draft')).not.toHaveAttribute('aria-disabled');

    // Access without a steward: an error, and the saves wait again.
    await user.click(screen.getByRole('link', { name: /4 Access/ }));
    expect(screen.getByRole('heading', { name: 'Access' })).toHaveFocus();
    const steward = screen.getByRole('region', { name: 'Model Steward' });
    await user.click(within(steward).getByRole('button', { name: /Remove Stella Steward/ }));
    expect(screen.getByRole('link', { name: '4 Access: error' })).toBeInTheDocument();
    expect(button('Save as Draft')).toHaveAttribute('aria-disabled', 'true');
    expect(calls).not.toContain('create-version');
  });

  it('saves in the order of 000 §4: name check, the version, the message, the notification, the new entry', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { onCreated } = renderWizard();
    await screen.findByRole('dialog', { name: 'New Model Version' });
    await user.type(versionInput(), '2');

    // Select Files: both readable files are chosen; the report stays behind.
    await user.click(screen.getByRole('link', { name: /2 Select Files/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Carry over docs/report.docx' }));
    // Add File Types: the main file becomes a 'Workbook'.
    await user.click(button('Save & proceed'));
    expect(screen.getByRole('heading', { name: 'Add File Types' })).toBeInTheDocument();
    expect(screen.queryByText('report.docx')).toBeNull();
    const type = screen.getByRole('textbox', { name: 'File type of model.xlsx' });
    await user.clear(type);
    await user.type(type, 'Workbook');

    await user.click(button('Save as Draft'));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Notify Model Users ?' })).toBeInTheDocument(),
    );
    expect(calls).toEqual(['name-check', 'create-version']);
    expect(sent).toMatchObject({
      modelItemUuids: [MAIN.uuid],
      fileTypes: { [MAIN.uuid]: 'Workbook' },
      publish: false,
      roles: { vestLead: 'leo', steward: 'stella', viewers: ['victor'] },
      metadata: { version_release_of_model: '2', disease: 'Lung Cancer', isid_of_model_steward: 'stella' },
    });
    expect(getMessages().map((m) => m.text)).toContain('New Model Version created and saved as Draft');
    expect(onCreated).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Note *'), 'Version 2 with the new workbook');
    await user.click(button('Yes'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(NEW_UUID));
    expect(calls).toEqual(['name-check', 'create-version', 'notify NEW_MODEL_VERSION']);
    expect(getMessages().map((m) => m.text)).toContain(
      'Email notification of new model version sent to model users',
    );
  });

  it('warns first about external users (Go Back saves nothing) and publishes after the warning', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const withExternal = model({ roles: { ...source.roles, viewers: ['xavier'] } });
    const { onCreated } = renderWizard(withExternal);
    await screen.findByRole('dialog', { name: 'New Model Version' });
    await user.type(versionInput(), '2');
    await user.click(button('Save and Publish'));
    const warning = screen.getByRole('dialog', { name: 'External users on this model entry' });
    expect(warning).toHaveTextContent('Xavier Vendor is an external user');
    await user.click(within(warning).getByRole('button', { name: 'Go Back' }));
    expect(calls).toEqual([]);

    await user.click(button('Save and Publish'));
    await user.click(
      within(screen.getByRole('dialog', { name: 'External users on this model entry' })).getByRole('button', {
        name: 'Save and Publish',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Notify Model Users ?' })).toBeInTheDocument(),
    );
    expect(sent).toMatchObject({ publish: true, modelItemUuids: [MAIN.uuid, REPORT.uuid] });
    expect(getMessages().map((m) => m.text)).toContain('New Model Version created and Published');
    await user.click(button('No'));
    expect(onCreated).toHaveBeenCalledWith(NEW_UUID);
    expect(calls).not.toContain('notify NEW_MODEL_VERSION');
  });

  it('stops at a taken name with the name collision dialog and saves with the new suffix', async () => {
    nameUnique = false;
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWizard();
    await screen.findByRole('dialog', { name: 'New Model Version' });
    await user.type(versionInput(), '2');
    await user.click(button('Save as Draft'));
    const dialog = await screen.findByRole('dialog', { name: "Model entry's name collision" });
    expect(dialog).toHaveTextContent('The generated name');
    expect(calls).toEqual(['name-check']);
    await user.type(within(dialog).getByLabelText('Suffix'), 'DE');
    await user.click(within(dialog).getByRole('button', { name: 'Update suffix' }));
    expect(screen.queryByRole('dialog', { name: "Model entry's name collision" })).toBeNull();

    nameUnique = true;
    await advance(1000);
    await user.click(button('Save as Draft'));
    await waitFor(() => expect(calls).toContain('create-version'));
    expect(sent).toMatchObject({ metadata: { suffix: 'DE' } });
  });

  it('edits the display users and modelers of a WebModel 2.0 version and sends them', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const webModel = model({
      metadata: { ...source.metadata, platform: 'WebModel 2.0' },
      roles: { ...source.roles, displayViewers: ['mona'], scenarioModelers: ['xavier'] },
    });
    renderWizard(webModel);
    await screen.findByRole('dialog', { name: 'New Model Version' });
    await user.type(versionInput(), '2');
    await user.click(screen.getByRole('link', { name: /4 Access/ }));
    for (const role of ['Display Users', 'Calibration Modelers', 'Scenario Modelers']) {
      expect(screen.getByRole('region', { name: role })).toBeInTheDocument();
    }
    const modelers = screen.getByRole('region', { name: 'Scenario Modelers' });
    await user.click(within(modelers).getByRole('button', { name: /Remove Xavier Vendor/ }));
    expect(
      within(screen.getByRole('region', { name: 'Display Users' })).getByText(/Mona Modeler/),
    ).toBeVisible();

    await user.click(button('Save as Draft'));
    await waitFor(() => expect(calls).toContain('create-version'));
    expect(sent).toMatchObject({
      roles: { displayViewers: ['mona'], scenarioModelers: [], calibrationModelers: [] },
    });
  });

  it('offers no WebModel 2.0 roles on other platforms and does not send the carried ones', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // The source's platform was WebModel 2.0; the new version's metadata names another one.
    const carried = model({ roles: { ...source.roles, displayViewers: ['mona'] } });
    renderWizard(carried);
    await screen.findByRole('dialog', { name: 'New Model Version' });
    await user.type(versionInput(), '2');
    await user.click(screen.getByRole('link', { name: /4 Access/ }));
    expect(screen.queryByRole('region', { name: 'Display Users' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Model Viewers' })).toBeInTheDocument();
    await user.click(button('Save as Draft'));
    await waitFor(() => expect(calls).toContain('create-version'));
    expect(sent).toMatchObject({ roles: { displayViewers: [], viewers: ['victor'] } });
  });
});
