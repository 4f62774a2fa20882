import type { AdminIncident, IncidentStatus, UpdateIncidentBody } from '@shared/schemas/incident';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Incident grid and detail of the Admin Space (002 §2 'Incident list'). */
export const adminIncidentsKey = ['admin-incidents'] as const;

export const adminIncidentsQuery = (search: string) =>
  queryOptions({
    queryKey: [...adminIncidentsKey, 'list', search],
    queryFn: ({ signal }) =>
      apiClient.call('listAdminIncidents', { query: search ? { search } : {}, signal }),
  });

export const adminIncidentQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminIncidentsKey, 'detail', id],
    queryFn: ({ signal }) => apiClient.call('getAdminIncident', { params: { id }, signal }),
  });

/** PATCH /v2/admin/incidents/{id}; the grid and the detail are read again afterwards. */
export function useUpdateIncident() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateIncidentBody }) =>
      apiClient.call('updateAdminIncident', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminIncidentsKey }),
  });
}

/** The grid shows the summary cut at 20 characters (002 §9). */
export const SUMMARY_GRID_LENGTH = 20;
export function gridSummary(incident: Pick<AdminIncident, 'issueSummary' | 'description'>): string {
  const summary = incident.issueSummary ?? incident.description;
  return summary.length > SUMMARY_GRID_LENGTH ? `${summary.slice(0, SUMMARY_GRID_LENGTH)}…` : summary;
}

/**
 * 'Update Incident' is disabled when the incident is CLOSED or the status unchanged (002 §4), and
 * until a comment is given (§5). Answers why, or undefined when the update may be sent.
 */
export function updateRefusal(
  current: IncidentStatus,
  chosen: IncidentStatus,
  comment: string,
): string | undefined {
  if (current === 'CLOSED') return 'The incident is closed.';
  if (chosen === current) return 'Choose a different status.';
  if (!comment.trim()) return 'This field is required.';
  return undefined;
}

export const STATUS_LABELS: Record<IncidentStatus, string> = { OPEN: 'OPEN', CLOSED: 'CLOSED' };
