import { MESSAGES } from '@shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import type { ApiError } from '../../../lib/api-client';
import { signOutEverywhere } from '../../../lib/auth';
import { useRequestAccess } from '../api/request-access';

/**
 * /error/access-denied (002 §2): users without access or with an inactive account. They may sign in
 * again (perhaps as someone else) or ask the administrators for access.
 */
export function AccessDeniedPage() {
  usePageTitle('Access Denied');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requestAccess = useRequestAccess();
  const [problem, setProblem] = useState<string>();

  const reattempt = async () => {
    await signOutEverywhere();
    queryClient.clear();
    navigate(paths.landing.getHref(), { replace: true });
  };

  const request = () => {
    setProblem(undefined);
    requestAccess.mutate(undefined, {
      onError: (error) => {
        const e = error as ApiError;
        // 002 §7: an access request answered 401 goes to the root.
        if (e.status === 401) navigate(paths.root.getHref());
        else if (e.body?.message) setProblem(e.body.message);
      },
    });
  };

  return (
    <main className="mr-error-page">
      <i className="pi pi-lock mr-error-page__icon" aria-hidden="true" />
      <h1>Access denied</h1>
      <p>You do not have access to Model Repository, or your account is inactive.</p>
      <div className="mr-error-page__actions">
        <Button label="Re-attempt login" icon="pi pi-sign-in" outlined onClick={() => void reattempt()} />
        <Button
          label="Request access"
          icon="pi pi-send"
          onClick={request}
          loading={requestAccess.isPending}
          disabled={requestAccess.isSuccess}
        />
      </div>
      {requestAccess.isSuccess && (
        <p role="status" className="mr-success-text">
          {MESSAGES.requestSentSuccessfully}
        </p>
      )}
      {problem && (
        <p role="alert" className="mr-error-text">
          {problem}
        </p>
      )}
    </main>
  );
}

export default AccessDeniedPage;
