import { MESSAGES } from '@shared/messages';
import { type CreateIncidentBody, CreateIncidentBodySchema } from '@shared/schemas/incident';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The description rule of the report dialog (000 §5): required, at most 500 characters. */
export function validateReportDescription(description: string): string | undefined {
  const result = CreateIncidentBodySchema.shape.description.safeParse(description);
  return result.success ? undefined : (result.error.issues[0]?.message ?? MESSAGES.fieldRequired);
}

/** POST /v2/incidents. A failure shows 'Failed to report the issue' instead of the generic texts. */
export function useCreateIncident() {
  return useMutation({
    mutationFn: (body: CreateIncidentBody) =>
      apiClient.call('createIncident', {
        body: CreateIncidentBodySchema.parse(body),
        handleErrors: (e) => e.status !== 401,
      }),
  });
}
