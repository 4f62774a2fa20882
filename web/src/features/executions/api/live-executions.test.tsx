import type { ExecutionStatusMessage } from '@shared/schemas/execution-status-message';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../lib/api-client';
import { publishLiveMessage } from '../../../lib/live-channel';
import { clearMessages, getMessages } from '../../../lib/message-stack';
import { SESSION_EXPIRES_KEY } from '../../../lib/session';
import { workspaceKeys } from '../../../lib/workspace';
import { configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { executionKeys } from './executions-api';
import { handleLiveExecutionMessage, readExecutionMessage, useLiveExecutions } from './live-executions';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const message = (status: ExecutionStatusMessage['execution']['status']): ExecutionStatusMessage => ({
  type: 'execution-status',
  scenario: { id: 'i1', name: 'Baseline' },
  execution: {
    status,
    groupId: 'g1',
    runId: 'r1',
    modelUuid: 'm1',
    subModelId: 's1',
    changedOn: '2030-01-01T10:00:00.000Z',
  },
});

const shown = () => getMessages().map((m) => `${m.severity}: ${m.text}`);

describe('live execution status messages', () => {
  let client: QueryClient;
  beforeEach(() => {
    clearMessages();
    client = new QueryClient();
    // Cached data of the queue, of the entry's instances and of another entry's instances.
    client.setQueryData(executionKeys.queue(0, 50), { items: [], total: 0 });
    client.setQueryData([...workspaceKeys.instances('m1'), 'list', {}], { items: [] });
    client.setQueryData(workspaceKeys.instance('m1', 'i1'), { id: 'i1' });
    client.setQueryData([...workspaceKeys.instances('other'), 'list', {}], { items: [] });
  });
  afterEach(() => clearMessages());

  const invalidated = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey));

  it('says a completed execution is a success, a failed one a warning, other statuses an info', () => {
    handleLiveExecutionMessage(client, message('COMPLETED'));
    handleLiveExecutionMessage(client, message('FAILED'));
    handleLiveExecutionMessage(client, message('INPROCESS'));
    expect(shown()).toEqual([
      'success: Execution of Baseline completed',
      'warning: Execution of Baseline failed',
      'info: Execution status of Baseline changed to In Process',
    ]);
  });

  it('does not call a status that governance set an execution (issue 21 §11)', () => {
    const unaccepted = message('COMPLETED');
    handleLiveExecutionMessage(client, {
      ...unaccepted,
      execution: { ...unaccepted.execution, cause: 'governance' },
    });
    expect(shown()).toEqual(['info: Baseline is now Completed']);
  });

  it('refetches the queue and the instance lists and details of the entry, not those of others', () => {
    handleLiveExecutionMessage(client, message('INQUEUE'));
    expect(invalidated().sort()).toEqual(
      [
        JSON.stringify(executionKeys.queue(0, 50)),
        JSON.stringify([...workspaceKeys.instances('m1'), 'list', {}]),
        JSON.stringify(workspaceKeys.instance('m1', 'i1')),
      ].sort(),
    );
  });

  it('warns about an execution message it cannot parse and ignores other messages', () => {
    handleLiveExecutionMessage(client, { type: 'execution-status', scenario: { name: 'x' } });
    handleLiveExecutionMessage(client, { type: 'archive-progress', archiveId: 'A' });
    handleLiveExecutionMessage(client, null);
    expect(shown()).toEqual(['warning: Failed to parse WS response in the scenario status updates channel']);
    expect(readExecutionMessage({ type: 'notification' }).kind).toBe('other');
  });

  it('hears the live channel of the app while mounted', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useLiveExecutions(), { wrapper });
    publishLiveMessage(message('COMPLETED'));
    unmount();
    publishLiveMessage(message('FAILED'));
    expect(shown()).toEqual(['success: Execution of Baseline completed']);
  });
});

describe('refetches after a live execution status', () => {
  let fetchMock: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    configureTestApi();
    fetchMock = stubFetch(on('GET', '/models/m1/instances', () => json(200, { items: [] })));
    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearMessages();
    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
  });

  it('reload what is on screen without counting as the user activity that keeps a session alive', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    // The entry's instance list, on screen (observed), loaded once by the user's own navigation.
    const observer = new QueryObserver(client, {
      queryKey: [...workspaceKeys.instances('m1'), 'list', {}],
      queryFn: ({ signal }) => request('/models/m1/instances', { signal }),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const afterNavigation = window.localStorage.getItem(SESSION_EXPIRES_KEY);
    expect(afterNavigation, 'a load the user asked for is activity').not.toBeNull();

    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
    handleLiveExecutionMessage(client, message('INQUEUE'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).toBeNull();

    // Later calls of the user count again.
    await request('/models/m1/instances');
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).not.toBeNull();
    unsubscribe();
  });
});
