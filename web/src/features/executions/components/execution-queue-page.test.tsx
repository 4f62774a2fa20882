import type {
  Execution,
  ExecutionGroup,
  ExecutionQueuePage as QueuePage,
} from '@shared/schemas/execution-api';
import type { ExecutionStatusMessage } from '@shared/schemas/execution-status-message';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishLiveMessage } from '../../../lib/live-channel';
import { clearMessages } from '../../../lib/message-stack';
import { callsTo, configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { withQueryClient } from '../../../testing/render';
import { ExecutionQueuePage } from './execution-queue-page';
import { EXECUTION_STATUS_ANIMATION_MS } from './execution-status-tag';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const run = (over: Partial<Execution> = {}): Execution => ({
  id: 'r1',
  groupId: 'g1',
  status: 'COMPLETED',
  scenario: { id: 'i1', name: 'Baseline' },
  model: { uuid: 'm1', name: 'Cohort model' },
  subModelId: 's1',
  filename: 'model.R',
  createdBy: { id: 'owner', name: 'Olivia Owner' },
  createdOn: '2030-01-02T10:00:00.000Z',
  queuedOn: '2030-01-02T10:00:01.000Z',
  startedOn: '2030-01-02T10:00:02.000Z',
  finishedOn: '2030-01-02T10:01:00.000Z',
  restricted: false,
  ...over,
});
const group = (over: Partial<ExecutionGroup> = {}, runs: Execution[] = [run()]): ExecutionGroup => ({
  groupId: 'g1',
  status: 'COMPLETED',
  model: { uuid: 'm1', name: 'Cohort model' },
  createdBy: { id: 'owner', name: 'Olivia Owner' },
  createdOn: '2030-01-02T10:00:00.000Z',
  restricted: false,
  executions: runs,
  ...over,
});
const RESTRICTED = 'Restricted access';
/** A group of an entry the caller cannot see, as the API answers it: no ids, no creator. */
const restrictedRun: Execution = {
  status: 'INPROCESS',
  scenario: { name: RESTRICTED },
  model: { name: RESTRICTED },
  filename: RESTRICTED,
  createdBy: { name: RESTRICTED },
  createdOn: '2030-01-02T09:00:00.000Z',
  restricted: true,
};
const restrictedGroup: ExecutionGroup = {
  status: 'INPROCESS',
  model: { name: RESTRICTED },
  createdBy: { name: RESTRICTED },
  createdOn: '2030-01-02T09:00:00.000Z',
  restricted: true,
  executions: [restrictedRun],
};

const live = (over: Partial<ExecutionStatusMessage['execution']>): ExecutionStatusMessage => ({
  type: 'execution-status',
  scenario: { id: 'i1', name: 'Baseline' },
  execution: {
    status: 'COMPLETED',
    groupId: 'g1',
    runId: 'r1',
    modelUuid: 'm1',
    subModelId: 's1',
    changedOn: '2030-01-02T10:01:00.000Z',
    ...over,
  },
});

/** A row as the queue page answers it: without the runs' times and errors (only the group has them). */
const asListed = (g: ExecutionGroup): ExecutionGroup => ({
  ...g,
  executions: g.executions.map(({ queuedOn, startedOn, finishedOn, error, ...e }) => e),
});

function renderPage(pages: QueuePage[]) {
  let call = 0;
  const fetchMock = stubFetch(
    on('GET', '/executions', () => {
      const page = pages[Math.min(call++, pages.length - 1)] as QueuePage;
      return json(200, { ...page, items: page.items.map(asListed) });
    }),
    on('GET', '/executions/g1', () => json(200, group())),
  );
  render(withQueryClient(<MemoryRouter>{<ExecutionQueuePage />}</MemoryRouter>));
  return fetchMock;
}

const table = () => screen.getByRole('table');
const rows = () => within(table()).getAllByRole('row').slice(1);

describe('the execution queue', () => {
  beforeEach(() => configureTestApi());
  afterEach(() => {
    vi.unstubAllGlobals();
    clearMessages();
  });

  it('asks for 50 groups, newest first, and shows one row per group with the six columns', async () => {
    const fetchMock = renderPage([{ items: [group(), restrictedGroup], total: 2 }]);
    expect(await screen.findByText('Baseline')).toBeVisible();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(1)).toEqual([
      'Instance Name',
      'File Name',
      'Model Name',
      'Executed By',
      'Executed On',
      'Status',
    ]);
    const query = callsTo(fetchMock, 'GET', '/executions')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      pageIndex: '0',
      pageSize: '50',
      orderBy: 'createdOn',
      orderDesc: 'true',
    });
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0] as HTMLElement).getByText('model.R')).toBeVisible();
    expect(within(rows()[0] as HTMLElement).getByText('Cohort model')).toBeVisible();
    expect(within(rows()[0] as HTMLElement).getByText('Olivia Owner')).toBeVisible();
    expect(within(rows()[0] as HTMLElement).getByText('2030-01-02 10:00 UTC')).toBeVisible();
    // Instance, file and model names and the executor.
    expect(within(rows()[1] as HTMLElement).getAllByText(RESTRICTED)).toHaveLength(4);
    expect(document.title).toBe('Execution Queue · Model Repository');
  });

  it('colours statuses by §3 and pulses running ones for 1300 ms', async () => {
    renderPage([{ items: [group(), restrictedGroup], total: 2 }]);
    const completed = await screen.findByText('Completed');
    const running = screen.getByText('In Process');
    const tagOf = (el: HTMLElement) => el.closest('.mr-execution-status') as HTMLElement;
    expect(tagOf(completed)).toHaveClass('mr-execution-status--green');
    expect(tagOf(completed)).not.toHaveClass('mr-execution-status--running');
    expect(tagOf(running)).toHaveClass('mr-execution-status--blue', 'mr-execution-status--running');
    expect(EXECUTION_STATUS_ANIMATION_MS).toBe(1300);
    expect(tagOf(running).style.animationDuration).toBe('1300ms');
  });

  it('says so when there are no executions', async () => {
    renderPage([{ items: [], total: 0 }]);
    expect(await screen.findByText('No executions were found')).toBeVisible();
  });

  it('expands a row with the keyboard into its executions, or "No details were found" when withheld', async () => {
    const user = userEvent.setup();
    renderPage([{ items: [group(), restrictedGroup], total: 2 }]);
    const open = await screen.findByRole('button', { name: 'Show details of Baseline' });
    open.focus();
    await user.keyboard('{Enter}');
    const details = await screen.findByRole('region', { name: 'Execution of Baseline' });
    // The times come from the group's own answer, as 001 §9 writes them (issue 21 §5).
    const time = (name: string) => within(details).getByText(name).nextElementSibling;
    await vi.waitFor(() => expect(time('Finished On')).toHaveTextContent('2030-01-02 10:01 UTC'));
    expect(time('Queued On')).toHaveTextContent('2030-01-02 10:00 UTC');
    expect(time('Started On')).toHaveTextContent('2030-01-02 10:00 UTC');
    expect(within(details).getByText('model.R')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide details of Baseline' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(screen.getByRole('button', { name: `Show details of ${RESTRICTED}` }));
    expect(await screen.findByText('No details were found')).toBeVisible();
  });

  it('renders restricted rows without ids, each expanding on its own', async () => {
    const user = userEvent.setup();
    const finished = { ...restrictedGroup, status: 'COMPLETED' as const };
    renderPage([{ items: [restrictedGroup, finished, group()], total: 3 }]);
    await screen.findByText('Baseline');
    expect(rows()).toHaveLength(3);
    const [first, second] = screen.getAllByRole('button', { name: `Show details of ${RESTRICTED}` });
    await user.click(first as HTMLElement);
    expect(await screen.findByText('No details were found')).toBeVisible();
    expect(screen.getAllByRole('button', { name: `Hide details of ${RESTRICTED}` })).toHaveLength(1);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    // A live message without a group id is not mistaken for a restricted row.
    act(() => publishLiveMessage(live({ groupId: undefined, runId: undefined, status: 'INPROCESS' })));
    expect(await screen.findByText('New changes in queue')).toBeVisible();
  });

  it('shows "New changes in queue" when a live status is not on screen, refetches, and Refresh clears it', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage([
      { items: [group({ status: 'INPROCESS' }, [run({ status: 'INPROCESS' })])], total: 1 },
      { items: [group()], total: 1 },
    ]);
    await screen.findByText('In Process');
    // A message with the status already shown changes nothing.
    act(() => publishLiveMessage(live({ status: 'INPROCESS' })));
    expect(screen.queryByText('New changes in queue')).toBeNull();
    act(() => publishLiveMessage(live({ status: 'COMPLETED' })));
    expect(await screen.findByText('New changes in queue')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Completed')).toBeVisible();
    expect(screen.queryByText('New changes in queue')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/executions').length).toBeGreaterThanOrEqual(2);
  });
});
