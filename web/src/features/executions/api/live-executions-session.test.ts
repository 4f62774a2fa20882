import type { ExecutionStatusMessage } from '@shared/schemas/execution-status-message';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { clearMessages } from '../../../lib/message-stack';
import { SESSION_EXPIRES_KEY } from '../../../lib/session';
import { workspaceKeys } from '../../../lib/workspace';
import { configureTestApi, json, on, stubFetch } from '../../../testing/fetch-stubs';
import { handleLiveExecutionMessage } from './live-executions';

vi.mock('../../../lib/auth', () => import('../../../testing/auth-stub'));

const inQueue: ExecutionStatusMessage = {
  type: 'execution-status',
  scenario: { id: 'i1', name: 'Baseline' },
  execution: {
    status: 'INQUEUE',
    groupId: 'g1',
    runId: 'r1',
    modelUuid: 'm1',
    subModelId: 's1',
    changedOn: '2030-01-01T10:00:00.000Z',
  },
};

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
      queryFn: ({ signal }) => api.get('/models/m1/instances', { signal }),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const afterNavigation = window.localStorage.getItem(SESSION_EXPIRES_KEY);
    expect(afterNavigation, 'a load the user asked for is activity').not.toBeNull();

    window.localStorage.removeItem(SESSION_EXPIRES_KEY);
    handleLiveExecutionMessage(client, inQueue);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).toBeNull();

    // Later calls of the user count again.
    await api.get('/models/m1/instances');
    expect(window.localStorage.getItem(SESSION_EXPIRES_KEY)).not.toBeNull();
    unsubscribe();
  });
});
