import { DORMANT_AFTER_MONTHS, monthOf, monthsBefore, type UsageMonth } from '@shared/schemas/usage';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The admin usage page (issue 20 §8): one month's counts per entry, and the entries nobody opens. */
export const adminUsageKey = ['admin-usage'] as const;

export const usageReportQuery = (month: UsageMonth) =>
  queryOptions({
    queryKey: [...adminUsageKey, 'month', month],
    queryFn: ({ signal }) => apiClient.call('getUsageReport', { query: { month }, signal }),
  });

export const dormantEntriesQuery = () =>
  queryOptions({
    queryKey: [...adminUsageKey, 'dormant'],
    queryFn: ({ signal }) => apiClient.call('listDormantEntries', { signal }),
  });

/** The months the page offers: this one and the eleven before, newest first. */
export function recentMonths(now = Date.now()): UsageMonth[] {
  const current = monthOf(now);
  return Array.from({ length: DORMANT_AFTER_MONTHS }, (_, i) => monthsBefore(current, i));
}

/** 'November 2026' for '2026-11' (en-US, 000 §9). */
export function monthLabel(month: UsageMonth): string {
  return new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
