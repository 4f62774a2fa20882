import { EXECUTION_QUEUE_PAGE_SIZE } from '@shared/executions/execution-status';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Query keys of the execution queue; a live status message invalidates `all`. */
export const executionKeys = {
  all: ['executions'] as const,
  queue: (pageIndex: number, pageSize: number) => ['executions', 'queue', pageIndex, pageSize] as const,
  group: (groupId: string) => ['executions', 'group', groupId] as const,
};

export const QUEUE_PAGE_SIZE = EXECUTION_QUEUE_PAGE_SIZE;

/**
 * GET /v2/executions (001 §2, §3): one page of grouped executions, newest first. `pageIndex` is a row
 * offset, not a page number (§3 "pageIndex (offset)"). The previous page stays on screen while the
 * next one or a live refetch loads, so a pushed status does not blank the grid.
 */
export const executionQueueQuery = (pageIndex: number, pageSize: number = QUEUE_PAGE_SIZE) =>
  queryOptions({
    queryKey: executionKeys.queue(pageIndex, pageSize),
    queryFn: ({ signal }) =>
      apiClient.call('listExecutions', {
        query: { pageIndex, pageSize, orderBy: 'createdOn', orderDesc: 'true' },
        // Live status messages refetch the queue by themselves: that is not the user's activity.
        touchesSession: false,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /v2/executions/{groupId}: one group with its runs' details (queued, started and finished times,
 * errors), which the queue's page leaves out: what an expanded queue row shows (issue 21 §5: the
 * expanded rows showed '–' for every time, even of completed runs).
 */
export const executionGroupQuery = (groupId: string) =>
  queryOptions({
    queryKey: executionKeys.group(groupId),
    queryFn: ({ signal }) =>
      apiClient.call('getExecution', { params: { groupId }, touchesSession: false, signal }),
  });
