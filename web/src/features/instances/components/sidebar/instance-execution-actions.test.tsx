import type { ModelRoles } from '@shared/schemas/model';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMessages, getMessages } from '../../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../../testing/fetch-stubs';
import { withQueryClient } from '../../../../testing/render';
import {
  detail,
  entryWithRoles,
  linkedScenarioRoutes,
  runResult,
  sha,
  testQueryClient,
  UUID,
  workspace,
} from '../../api/test-fixtures';
import { CancelExecutionDialog, ExecuteInstanceDialog } from '../actions/execution-actions';
import { CALIBRATION_TEXTS } from '../form/calibration-picker';
import { INSTANCE_REASONS, InstanceSidebarGroup, instanceItems } from './instance-sidebar-group';

vi.mock('../../../../lib/auth', () => import('../../../../testing/auth-stub'));

const roles: ModelRoles = {
  vestLead: 'lead',
  owners: ['owner'],
  viewers: ['viewer'],
  displayViewers: [],
  calibrationModelers: ['calibrator'],
  scenarioModelers: ['modeler'],
};
const access = (id: string) => ({ user: { id, userType: 'INTERNALUSER' as const }, roles });
const byKey = (items: ReturnType<typeof instanceItems>) => Object.fromEntries(items.map((i) => [i.key, i]));
const itemsFor = (userId: string, over: Parameters<typeof detail>[0]) =>
  byKey(
    instanceItems({
      type: over?.type ?? 'scenario',
      addInstance: 'allowed',
      hasSubModel: true,
      instance: detail(over),
      instanceSelected: true,
      access: access(userId),
    }),
  );

beforeEach(() => {
  configureTestApi();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearMessages();
});

const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const show = (ui: ReactNode) => render(withQueryClient(ui));
const messages = () => getMessages().map((m) => ({ severity: m.severity, text: m.text }));

describe('the execution items of the Instances group (spec 001 §4, §5, §6)', () => {
  it('enables Execute on a draft the caller may run, hides it from others, disables it while running', () => {
    const draft = itemsFor('modeler', { status: 'DRAFT', createdBy: 'modeler' });
    expect(draft.execute?.outcome).toBe('allowed');
    expect(draft.cancel).toMatchObject({ outcome: 'forbidden', reason: INSTANCE_REASONS.cancel });
    expect(draft.download).toMatchObject({ outcome: 'forbidden', reason: INSTANCE_REASONS.download });
    expect(itemsFor('viewer', { status: 'DRAFT', createdBy: 'modeler' }).execute?.outcome).toBe('disallowed');
    const running = itemsFor('modeler', { status: 'INPROCESS', createdBy: 'modeler', lastGroupId: '01G' });
    expect(running.execute).toMatchObject({ outcome: 'forbidden', reason: INSTANCE_REASONS.execute });
    expect(running.cancel?.outcome).toBe('allowed');
  });

  it('lets a user the instance is shared with cancel its run', () => {
    const shared = itemsFor('viewer', {
      status: 'INQUEUE',
      createdBy: 'modeler',
      lastGroupId: '01G',
      sharedWith: [
        {
          userId: 'viewer',
          firstName: 'V',
          lastName: 'V',
          email: 'v@example.com',
          status: 'ACTIVE',
          sharedBy: 'modeler',
          sharedOn: '2025-01-01T00:00:00.000Z',
        },
      ],
    });
    expect(shared.cancel?.outcome).toBe('allowed');
  });

  it('offers Accept only on a completed calibration instance, and Download Results once completed', () => {
    const completed = itemsFor('owner', {
      type: 'calibration',
      status: 'COMPLETED',
      createdBy: 'calibrator',
    });
    expect(completed.accept?.outcome).toBe('allowed');
    expect(completed.unaccept).toMatchObject({ outcome: 'forbidden', reason: INSTANCE_REASONS.unaccept });
    expect(completed.download?.outcome).toBe('allowed');
    const draft = itemsFor('owner', { type: 'calibration', status: 'DRAFT', createdBy: 'calibrator' });
    expect(draft.accept).toMatchObject({ outcome: 'forbidden', reason: INSTANCE_REASONS.accept });
    const accepted = itemsFor('owner', { type: 'calibration', status: 'ACCEPTED', createdBy: 'calibrator' });
    expect(accepted.unaccept?.outcome).toBe('allowed');
    expect(accepted.supersede?.outcome).toBe('allowed');
    // A scenario modeler does not govern calibration results.
    expect(itemsFor('modeler', { type: 'calibration', status: 'COMPLETED' }).accept?.outcome).toBe(
      'disallowed',
    );
    // Scenario sub-models have no Accept at all.
    expect(itemsFor('owner', { status: 'COMPLETED' }).accept).toBeUndefined();
  });
});

const CREATE = `/models/${UUID}/executions`;
/** Execute, once the dialog knows whether the scenario needs a calibration. */
const enabledExecute = async () => {
  const button = screen.getByRole('button', { name: 'Execute' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};

/**
 * A scenario of a sub-model linked to the calibration sub-model 'Survival fit', whose accepted
 * instances are `accepted` (issue 21 §1).
 */
function linkedScenario(accepted: { id: string; name: string }[]) {
  return stubFetch(
    ...linkedScenarioRoutes(accepted),
    on('POST', CREATE, () => json(200, { groupId: '01GROUP', created: true })),
    on('POST', '/executions/01GROUP/start', () => json(200, { groupId: '01GROUP' })),
  );
}
const createdBody = (fetchMock: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(callsTo(fetchMock, 'POST', CREATE)[0]?.init.body));

describe('Execute a scenario linked to a calibration sub-model (issue 21 §1; 001 §5, §7)', {
  timeout: 30_000,
}, () => {
  it('asks for an accepted calibration, by name, and runs with the one chosen', async () => {
    const fetchMock = linkedScenario([
      { id: '01FIT25', name: 'Fit 2025' },
      { id: '01FIT26', name: 'Fit 2026' },
    ]);
    const onHide = vi.fn();
    const user = setup();
    show(<ExecuteInstanceDialog uuid={UUID} instance={detail({ id: '01I' })} onHide={onHide} />);
    const picker = await screen.findByLabelText(CALIBRATION_TEXTS.label);
    // Two accepted and none chosen before: Execute waits for a choice.
    expect(screen.getByRole('button', { name: 'Execute' })).toBeDisabled();
    await user.click(picker.closest('.p-dropdown') as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Fit 2026', hidden: true }));
    await user.click(await enabledExecute());
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(createdBody(fetchMock)).toEqual({ instanceIds: ['01I'], calibrationInstanceId: '01FIT26' });
  });

  it('says when the calibration it ran with is no longer accepted, and offers the accepted one', async () => {
    const fetchMock = linkedScenario([{ id: '01NEW', name: 'Fit 2026' }]);
    const onHide = vi.fn();
    const user = setup();
    show(
      <ExecuteInstanceDialog
        uuid={UUID}
        instance={detail({ id: '01I', scenarioId: '01OLD' })}
        onHide={onHide}
      />,
    );
    expect(await screen.findByText(CALIBRATION_TEXTS.superseded('Survival fit'))).toBeVisible();
    await user.click(await enabledExecute());
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(createdBody(fetchMock)).toEqual({ instanceIds: ['01I'], calibrationInstanceId: '01NEW' });
  });

  it('keeps Execute disabled and says why when no calibration is accepted', async () => {
    const fetchMock = linkedScenario([]);
    show(<ExecuteInstanceDialog uuid={UUID} instance={detail({ id: '01I' })} onHide={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(CALIBRATION_TEXTS.none('Survival fit'));
    expect(screen.getByRole('button', { name: 'Execute' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST', CREATE)).toHaveLength(0);
  });
});

describe('Execute Instance (spec 001 §5, §8)', { timeout: 30_000 }, () => {
  it('creates the execution, then starts it, and says the request was sent', async () => {
    const fetchMock = stubFetch(
      on('POST', CREATE, () => json(200, { groupId: '01GROUP', created: true })),
      on('POST', '/executions/01GROUP/start', () => json(200, { groupId: '01GROUP' })),
    );
    const onHide = vi.fn();
    const user = setup();
    show(
      <ExecuteInstanceDialog
        uuid={UUID}
        instance={detail({ id: '01I', name: 'Base run' })}
        onHide={onHide}
      />,
    );
    await user.click(await enabledExecute());
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    const [create] = callsTo(fetchMock, 'POST', CREATE);
    expect(JSON.parse(String(create?.init.body))).toEqual({ instanceIds: ['01I'] });
    expect(callsTo(fetchMock, 'POST', '/executions/01GROUP/start')).toHaveLength(1);
    const order = fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname);
    expect(order.findIndex((p) => p.endsWith('/executions'))).toBeLessThan(
      order.findIndex((p) => p.endsWith('/start')),
    );
    expect(messages()).toContainEqual({ severity: 'success', text: 'Scenario execution request sent' });
  });

  it('shows each blocker of a refused execution as the server words it, and starts nothing', async () => {
    const fetchMock = stubFetch(
      on('POST', CREATE, () =>
        json(422, {
          code: 'UNPROCESSABLE',
          message: 'There is no executable file.',
          issues: [
            { path: 'instances.0.executable', message: 'There is no executable file.' },
            { path: 'instances.0.files', message: 'data.csv file is/are missing.' },
          ],
        }),
      ),
    );
    const user = setup();
    show(<ExecuteInstanceDialog uuid={UUID} instance={detail({ id: '01I' })} onHide={vi.fn()} />);
    await user.click(await enabledExecute());
    await waitFor(() =>
      expect(messages()).toEqual(
        expect.arrayContaining([
          { severity: 'error', text: 'There is no executable file.' },
          { severity: 'error', text: 'data.csv file is/are missing.' },
        ]),
      ),
    );
    expect(messages().map((m) => m.text)).not.toContain('Failed to create an execution');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/start'))).toBe(false);
  });
});

describe('Cancel Scenario (spec 001 §5, §8)', { timeout: 30_000 }, () => {
  const instance = detail({ id: '01I', status: 'INPROCESS', lastGroupId: '01GROUP' });

  it('cancels the run’s execution group and says the request was sent', async () => {
    const fetchMock = stubFetch(on('POST', '/executions/01GROUP/cancel', () => json(200, { cancelled: 1 })));
    const onHide = vi.fn();
    const user = setup();
    show(<CancelExecutionDialog uuid={UUID} instance={instance} onHide={onHide} />);
    await user.click(screen.getByRole('button', { name: 'Cancel Execution' }));
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'POST', '/executions/01GROUP/cancel')).toHaveLength(1);
    expect(messages()).toContainEqual({ severity: 'success', text: 'Execution cancellation request sent' });
  });

  it('warns when the run had already ended', async () => {
    stubFetch(
      on('POST', '/executions/01GROUP/cancel', () =>
        json(409, { code: 'CONFLICT', message: 'No active Instance execution to be canceled found.' }),
      ),
    );
    const user = setup();
    show(<CancelExecutionDialog uuid={UUID} instance={instance} onHide={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cancel Execution' }));
    await waitFor(() =>
      expect(messages()).toContainEqual({
        severity: 'warning',
        text: 'No active Instance execution to be canceled found.',
      }),
    );
  });
});

describe('Download Results in the sidebar (spec 001 §2 step 3, §4)', { timeout: 30_000 }, () => {
  it("opens 'Download files' for a run that returned files, as the row menus do", async () => {
    const instance = `/models/${UUID}/instances/01I`;
    stubFetch(
      on('GET', instance, () =>
        json(200, detail({ id: '01I', name: 'Budget', status: 'COMPLETED', lastGroupId: '01GROUP' })),
      ),
      on('GET', `${instance}/result`, () =>
        json(
          200,
          runResult({
            result: { kind: 'files' },
            files: [{ path: 'impact.xlsx', bytes: 10, sha256: sha('a') }],
          }),
        ),
      ),
    );
    const user = setup();
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <InstanceSidebarGroup
            workspace={workspace({ model: entryWithRoles(), instanceId: '01I' })}
            collapsed={false}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const download = await screen.findByRole('button', { name: 'Download Results' });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    const dialog = await screen.findByRole('dialog', { name: 'Download files' });
    expect(dialog).toHaveTextContent('impact.xlsx');
    expect(dialog).toHaveTextContent('10 B');
  });
});
