import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, configureTestApi, json, on, stubFetch } from '../testing/fetch-stubs';
import { file, UUID_A } from '../testing/model-fixtures';
import { entryFilesQuery, entryKeys } from './entry';
import { useCallerFiles, useFilesSaved, useTransferFileOwner } from './files';

vi.mock('../lib/auth', () => import('../testing/auth-stub'));

/**
 * The entry's file list has one query (entryFilesQuery) that every screen reads, and every file write
 * refreshes it: a save answers the new list, an ownership transfer refetches it.
 */
describe('the file list query', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const listPath = `/models/${UUID_A}/files`;
  const FILE = '55555555-5555-4555-8555-555555555555';

  beforeEach(() => {
    configureTestApi();
    client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  });
  afterEach(() => {
    client.clear();
    vi.unstubAllGlobals();
  });

  it('is one key for every reader', () => {
    expect(entryFilesQuery(UUID_A).queryKey).toEqual(entryKeys.files(UUID_A));
    expect(entryFilesQuery(UUID_A).queryKey).toEqual(['models', UUID_A, 'files']);
  });

  it("takes a save's answer as the new list and refetches the entry's detail", async () => {
    const before = { items: [file({ uuid: FILE, name: 'old.xlsx' })] };
    const after = { items: [file({ uuid: FILE, name: 'new.xlsx' })] };
    const fetchMock = stubFetch(
      on('GET', listPath, () => json(200, before)),
      on('GET', `/models/${UUID_A}`, () => json(200, {})),
    );
    const { result } = renderHook(() => ({ files: useCallerFiles(UUID_A), saved: useFilesSaved(UUID_A) }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.files.data).toEqual(before));
    client.setQueryData(entryKeys.detail(UUID_A), {});

    act(() => result.current.saved(after));

    expect(client.getQueryData(entryFilesQuery(UUID_A).queryKey)).toEqual(after);
    // The screens that read the list show it (observers hear of it on the next turn).
    await waitFor(() => expect(result.current.files.data).toEqual(after));
    expect(client.getQueryState(entryKeys.detail(UUID_A))?.isInvalidated).toBe(true);
    // The answer is the list: it is not fetched again.
    expect(callsTo(fetchMock, 'GET', listPath)).toHaveLength(1);
  });

  it('refetches the list after an ownership transfer', async () => {
    const fetchMock = stubFetch(
      on('GET', listPath, () => json(200, { items: [file({ uuid: FILE })] })),
      on('PUT', `/models/${UUID_A}/files/${FILE}/owner`, () => json(200, {})),
    );
    const { result } = renderHook(
      () => ({ files: useCallerFiles(UUID_A), transfer: useTransferFileOwner(UUID_A, FILE) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.files.isSuccess).toBe(true));
    expect(callsTo(fetchMock, 'GET', listPath)).toHaveLength(1);

    await act(() => result.current.transfer.mutateAsync('stella'));

    await waitFor(() => expect(callsTo(fetchMock, 'GET', listPath)).toHaveLength(2));
  });
});
