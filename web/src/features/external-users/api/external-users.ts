import type {
  AccessReviewDecisionBody,
  CreateExternalUserBody,
  ExternalUserListQuerySchema,
} from '@shared/schemas/external-user';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { apiClient } from '../../../lib/api-client';

/** External users (issue 20 §2, §9): lists, overview, the wizard's models, actions, access review. */
export const externalUsersKey = ['external-users'] as const;

export const externalUserListQuery = (query: z.input<typeof ExternalUserListQuerySchema> = {}) =>
  queryOptions({
    queryKey: [...externalUsersKey, 'list', query],
    queryFn: ({ signal }) => apiClient.call('listExternalUsers', { query, signal }),
  });

export const externalUserOverviewQuery = (email: string) =>
  queryOptions({
    queryKey: [...externalUsersKey, 'overview', email],
    queryFn: ({ signal }) => apiClient.call('getExternalUserOverview', { params: { email }, signal }),
  });

export const eligibleModelsQuery = () =>
  queryOptions({
    queryKey: [...externalUsersKey, 'eligible-models'],
    queryFn: ({ signal }) => apiClient.call('listEligibleModels', { signal }),
  });

export const accessReviewQuery = () =>
  queryOptions({
    queryKey: [...externalUsersKey, 'access-review'],
    queryFn: ({ signal }) => apiClient.call('getAccessReview', { signal }),
  });

function useInvalidating<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: externalUsersKey }),
  });
}

export const useRegisterExternalUser = () =>
  useInvalidating((body: CreateExternalUserBody) => apiClient.call('registerExternalUser', { body }));

/** The confirmed sidebar actions; Regenerate Code opens the registration wizard instead (002 §2). */
export type ExternalAction = 'activate' | 'deactivate' | 'reject';

/** One sidebar action; failures are the caller's to word ('Failed to activate external user'). */
export const useExternalUserAction = () =>
  useInvalidating(
    async ({
      action,
      email,
      reason,
    }: {
      action: ExternalAction;
      email: string;
      reason?: string;
    }): Promise<unknown> => {
      const params = { email };
      const handleErrors = () => true;
      switch (action) {
        case 'activate':
          return apiClient.call('activateExternalUser', { params, handleErrors });
        case 'deactivate':
          return apiClient.call('deactivateExternalUser', { params, handleErrors });
        case 'reject':
          return apiClient.call('rejectExternalUser', {
            params,
            body: { reason: reason ?? '' },
            handleErrors,
          });
      }
    },
  );

export const useExtendExternalAccess = () =>
  useInvalidating(({ email, accessEndsOn }: { email: string; accessEndsOn: string }) =>
    apiClient.call('extendExternalAccess', { params: { email }, body: { accessEndsOn } }),
  );

export const useDecideAccessReview = () =>
  useInvalidating((body: AccessReviewDecisionBody) => apiClient.call('decideAccessReview', { body }));
