import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subModelQuery } from '../../../../api/sub-models';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { withQueryClient } from '../../../../testing/render';
import { instanceKeys } from '../../api/instances-api';
import {
  detail,
  linkedScenarioRoutes,
  SUB_MODEL_ID,
  subModel,
  templateInput,
  UUID,
} from '../../api/test-fixtures';
import { CALIBRATION_TEXTS } from '../form/calibration-picker';
import {
  AddInstanceDialog,
  CloneInstanceDialog,
  DeleteInstanceDialog,
  EditInstanceDialog,
  LabelDialog,
} from './instance-dialogs';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const NAME_CHECK = `/models/${UUID}/instances/name-check`;
const INSTANCE = detail({ id: '01I', name: 'Base run', label: 'v1' });

beforeEach(() => {
  configureTestApi();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearMessages();
});

const wait = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const show = (ui: ReactNode) => render(withQueryClient(ui));
const messages = () => getMessages().map((m) => m.text);
const nameField = () => screen.getByRole('textbox', { name: 'Instance Name *' });

describe('Add Instance (spec 001 §2, §5)', { timeout: 30_000 }, () => {
  const add = (over: Partial<Parameters<typeof AddInstanceDialog>[0]> = {}) =>
    show(
      <AddInstanceDialog
        uuid={UUID}
        subModelId={SUB_MODEL_ID}
        input={templateInput()}
        onHide={vi.fn()}
        onCreated={vi.fn()}
        {...over}
      />,
    );

  it('needs a name of at most 200 characters and a label of at most 50', async () => {
    stubFetch(on('POST', NAME_CHECK, () => json(200, { exists: false })));
    const user = setup();
    add();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Instance Name is required')).toBeInTheDocument();
    await user.click(nameField());
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('textbox', { name: 'Label' }));
    await user.paste('y'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Instance Name is too long')).toBeInTheDocument();
    expect(screen.getByText('Label is too long')).toBeInTheDocument();
  });

  it('checks the name with the server 1000 ms after typing and says when it is taken', async () => {
    const fetchMock = stubFetch(on('POST', NAME_CHECK, () => json(200, { exists: true })));
    const user = setup();
    add();
    await user.type(nameField(), 'Taken');
    await wait(900);
    expect(callsTo(fetchMock, 'POST', NAME_CHECK)).toHaveLength(0);
    await wait(200);
    await waitFor(() => expect(screen.getByText('Instance Name is not unique')).toBeInTheDocument());
    const calls = callsTo(fetchMock, 'POST', NAME_CHECK);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ name: 'Taken' });
    expect(nameField()).toHaveAccessibleDescription('Instance Name is not unique');
  });

  it('creates the instance with its label and says so', async () => {
    const created = detail({ id: '01NEW', name: 'Fresh' });
    const fetchMock = stubFetch(
      on('POST', NAME_CHECK, () => json(200, { exists: false })),
      on('POST', `/models/${UUID}/sub-models/${SUB_MODEL_ID}/instances`, () => json(201, created)),
    );
    const onCreated = vi.fn();
    const user = setup();
    add({ onCreated });
    await user.type(nameField(), ' Fresh ');
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'first try');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const [call] = callsTo(fetchMock, 'POST', `/models/${UUID}/sub-models/${SUB_MODEL_ID}/instances`);
    expect(JSON.parse(String(call?.init.body))).toEqual({ name: 'Fresh', label: 'first try' });
    expect(messages()).toContain('Instance has been created');
  });

  it('shows a taken name the server refuses on create (409) at the field', async () => {
    stubFetch(
      on('POST', NAME_CHECK, () => json(200, { exists: false })),
      on('POST', `/models/${UUID}/sub-models/${SUB_MODEL_ID}/instances`, () =>
        json(409, { message: 'Instance Name is not unique', code: 'CONFLICT' }),
      ),
    );
    const user = setup();
    add();
    await user.type(nameField(), 'Raced');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Instance Name is not unique')).toBeInTheDocument();
    expect(messages()).not.toContain('Instance has been created');
  });

  it('offers the accepted calibrations of a linked sub-model and creates the scenario with the one chosen (issue 21 §1)', async () => {
    const created = detail({ id: '01NEW', name: 'Calibrated' });
    const fetchMock = stubFetch(
      on('POST', NAME_CHECK, () => json(200, { exists: false })),
      on('POST', `/models/${UUID}/sub-models/${SUB_MODEL_ID}/instances`, () => json(201, created)),
      ...linkedScenarioRoutes([
        { id: '01FIT25', name: 'Fit 2025' },
        { id: '01FIT26', name: 'Fit 2026' },
      ]),
    );
    const onCreated = vi.fn();
    const user = setup();
    add({ onCreated });
    const picker = await screen.findByLabelText(CALIBRATION_TEXTS.label);
    expect(screen.getByText(CALIBRATION_TEXTS.optional)).toBeInTheDocument();
    await user.type(nameField(), 'Calibrated');
    await user.click(picker.closest('.p-dropdown') as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Fit 2026', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const [call] = callsTo(fetchMock, 'POST', `/models/${UUID}/sub-models/${SUB_MODEL_ID}/instances`);
    expect(JSON.parse(String(call?.init.body))).toEqual({
      name: 'Calibrated',
      calibrationInstanceId: '01FIT26',
    });
  });

  it('reads the sub-model the workspace has cached instead of fetching it again', async () => {
    const fetchMock = stubFetch(on('POST', NAME_CHECK, () => json(200, { exists: false })));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(subModelQuery(UUID, SUB_MODEL_ID).queryKey, subModel({ type: 'scenario' }));
    render(
      <QueryClientProvider client={client}>
        <AddInstanceDialog
          uuid={UUID}
          subModelId={SUB_MODEL_ID}
          input={templateInput()}
          onHide={vi.fn()}
          onCreated={vi.fn()}
        />
      </QueryClientProvider>,
    );
    await screen.findByRole('textbox', { name: 'Instance Name *' });
    await waitFor(() =>
      expect(
        client.getQueryState([...instanceKeys.all(UUID), 'calibration-choices', SUB_MODEL_ID])?.status,
      ).toBe('success'),
    );
    expect(callsTo(fetchMock, 'GET', `/models/${UUID}/sub-models/${SUB_MODEL_ID}`)).toHaveLength(0);
    expect(screen.queryByLabelText(CALIBRATION_TEXTS.label)).not.toBeInTheDocument();
  });

  it('shows no calibration picker for a sub-model without a calibration link', async () => {
    const fetchMock = stubFetch(
      on('POST', NAME_CHECK, () => json(200, { exists: false })),
      on('GET', `/models/${UUID}/sub-models/${SUB_MODEL_ID}`, () =>
        json(200, subModel({ type: 'scenario' })),
      ),
    );
    add();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/models/${UUID}/sub-models/${SUB_MODEL_ID}`)).toHaveLength(1),
    );
    expect(screen.queryByLabelText(CALIBRATION_TEXTS.label)).not.toBeInTheDocument();
  });

  it('is blocked by an invalid template input definition', () => {
    stubFetch();
    add({ input: templateInput({ value: JSON.stringify({ definitions: [{ type: 'STRING' }] }) }) });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Input Definition is not valid and needs to be fixed before proceeding.',
    );
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});

describe('Edit Instance', { timeout: 30_000 }, () => {
  it('saves an unchanged name without asking whether it is taken', async () => {
    const fetchMock = stubFetch(
      on('POST', NAME_CHECK, () => json(200, { exists: true })),
      on('PATCH', `/models/${UUID}/instances/01I`, () => json(200, INSTANCE)),
    );
    const onHide = vi.fn();
    const user = setup();
    show(<EditInstanceDialog uuid={UUID} instance={INSTANCE} onHide={onHide} />);
    expect(screen.getByRole('dialog', { name: 'Edit Instance' })).toBeInTheDocument();
    await wait(1500);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', NAME_CHECK)).toHaveLength(0);
    expect(messages()).toContain('Instance has been updated');
  });

  it('renames, checking the new name with the instance left out', async () => {
    const fetchMock = stubFetch(
      on('POST', NAME_CHECK, () => json(200, { exists: false })),
      on('PATCH', `/models/${UUID}/instances/01I`, () => json(200, INSTANCE)),
    );
    const user = setup();
    show(<EditInstanceDialog uuid={UUID} instance={INSTANCE} onHide={vi.fn()} />);
    await user.clear(nameField());
    await user.type(nameField(), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', `/models/${UUID}/instances/01I`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', NAME_CHECK)[0]?.init.body))).toEqual({
      name: 'Renamed',
      instanceId: '01I',
    });
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PATCH', `/models/${UUID}/instances/01I`)[0]?.init.body)),
    ).toEqual({
      name: 'Renamed',
    });
  });

  it('shows a state the server refuses meanwhile as an error, not at the name', async () => {
    stubFetch(
      on('PATCH', `/models/${UUID}/instances/01I`, () =>
        json(409, {
          message: 'Only instances that are not executed, failed or cancelled can be changed.',
          code: 'CONFLICT',
        }),
      ),
    );
    const user = setup();
    show(<EditInstanceDialog uuid={UUID} instance={INSTANCE} onHide={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messages()).toContain(
        'Only instances that are not executed, failed or cancelled can be changed.',
      ),
    );
    expect(nameField()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('is only for drafts, failed or cancelled instances', () => {
    stubFetch();
    show(<EditInstanceDialog uuid={UUID} instance={{ ...INSTANCE, status: 'COMPLETED' }} onHide={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(nameField()).toBeDisabled();
  });
});

describe('Clone, Edit Label and Delete', { timeout: 30_000 }, () => {
  it('clones under a new name and says "Scenario cloned"', async () => {
    const fetchMock = stubFetch(
      on('POST', NAME_CHECK, () => json(200, { exists: false })),
      on('POST', `/models/${UUID}/instances/01I/clone`, () => json(201, detail({ id: '01C' }))),
    );
    const user = setup();
    show(<CloneInstanceDialog uuid={UUID} instance={INSTANCE} onHide={vi.fn()} />);
    expect(nameField()).toHaveValue('Copy of Base run');
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(messages()).toContain('Scenario cloned'));
    const [call] = callsTo(fetchMock, 'POST', `/models/${UUID}/instances/01I/clone`);
    expect(JSON.parse(String(call?.init.body))).toEqual({ name: 'Copy of Base run' });
  });

  it('does not clone an outdated instance', () => {
    stubFetch();
    show(<CloneInstanceDialog uuid={UUID} instance={{ ...INSTANCE, outdated: true }} onHide={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Clone' })).toBeDisabled();
  });

  it('needs a label of at most 50 characters', async () => {
    const fetchMock = stubFetch(on('PUT', `/models/${UUID}/instances/01I/label`, () => json(200, INSTANCE)));
    const user = setup();
    show(<LabelDialog uuid={UUID} instance={INSTANCE} onHide={vi.fn()} />);
    const label = screen.getByRole('textbox', { name: 'Label *' });
    expect(label).toHaveValue('v1');
    await user.clear(label);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Label is required')).toBeInTheDocument();
    await user.paste('z'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Label is too long')).toBeInTheDocument();
    await user.clear(label);
    await user.type(label, 'final');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', `/models/${UUID}/instances/01I/label`)).toHaveLength(1),
    );
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PUT', `/models/${UUID}/instances/01I/label`)[0]?.init.body)),
    ).toEqual({
      label: 'final',
    });
  });

  it('deletes after confirmation and says "Scenario deleted"', async () => {
    const fetchMock = stubFetch(
      on('DELETE', `/models/${UUID}/instances/01I`, () => new Response(null, { status: 204 })),
    );
    const onDeleted = vi.fn();
    const user = setup();
    show(<DeleteInstanceDialog uuid={UUID} instance={INSTANCE} onHide={vi.fn()} onDeleted={onDeleted} />);
    expect(screen.getByRole('dialog', { name: 'Delete Scenario' })).toHaveTextContent('Base run');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'DELETE', `/models/${UUID}/instances/01I`)).toHaveLength(1);
    expect(messages()).toContain('Scenario deleted');
  });
});
