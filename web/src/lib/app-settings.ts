import type { AppSettings, VersionInfo } from '@shared/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { peekConfig } from '../config/env';
import { startAnalytics } from './analytics';
import { apiClient } from './api-client';
import { setSessionTimeoutSeconds } from './session';

/** GET /v2/settings (public). Loading it does not count as session activity (002 §4). */
export const settingsQuery = () =>
  queryOptions({
    queryKey: ['settings'] as const,
    queryFn: async ({ signal }) => {
      const settings = await apiClient.call('getSettings', {
        auth: false,
        touchesSession: false,
        signal,
      });
      setSessionTimeoutSeconds(settings.sessionTimeoutSeconds);
      // Usage analytics only where the settings switch it on: to the deployment's RUM app monitor, or
      // locally to the local cloud's log.
      void startAnalytics(peekConfig(), settings.trackingSettings.enabled);
      return settings;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /v2/version (public), shown in the footer. */
export const versionQuery = () =>
  queryOptions({
    queryKey: ['version'] as const,
    queryFn: ({ signal }) => apiClient.call('getVersion', { auth: false, touchesSession: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSettings(): AppSettings | undefined {
  return useQuery(settingsQuery()).data;
}

export function useVersion(): VersionInfo | undefined {
  return useQuery(versionQuery()).data;
}
