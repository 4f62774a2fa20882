import { MESSAGES } from '@shared/messages';
import { lazy, Suspense, useState } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { usePageTitle } from '../../components/ui/page-title';
import { PlainButton as Button } from '../../components/ui/plain-button';
import { HOME_HREF } from '../../config/paths';

const ReportIssueDialog = lazy(() =>
  import('../../features/incidents/components/report-issue-dialog').then((m) => ({
    default: m.ReportIssueDialog,
  })),
);

function HomeButton() {
  const navigate = useNavigate();
  return <Button label="Home page" icon="pi pi-home" onClick={() => navigate(HOME_HREF)} />;
}

/** Not-found page (000 §2, 002 §2). */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <section className="mr-error-page">
      <i className="pi pi-compass mr-error-page__icon" aria-hidden="true" />
      <h1>{MESSAGES.notFound}</h1>
      <HomeButton />
    </section>
  );
}

/** /error/unauthorised: signed in, but without the permission the page needs (002 §6). */
export function UnauthorisedPage() {
  usePageTitle('Unauthorised');
  return (
    <main className="mr-error-page">
      <i className="pi pi-ban mr-error-page__icon" aria-hidden="true" />
      <h1>You do not have permission to view this page</h1>
      <p>Ask an administrator of Model Repository if you need access to it.</p>
      <HomeButton />
    </main>
  );
}

function ExceptionContent({ detail }: { detail?: string }) {
  usePageTitle('Application Error');
  // 'Report Issue' files an incident with the browser's stack, which administrators see resolved to
  // the original sources through the build's source maps (issue 20 §4).
  const [reporting, setReporting] = useState(false);
  const [reportId] = useState(() => `browser-${crypto.randomUUID()}`);
  return (
    <>
      <i className="pi pi-exclamation-triangle mr-error-page__icon" aria-hidden="true" />
      <h1>Something went wrong</h1>
      <p>An unexpected error occurred in Model Repository. Please try to reload the page.</p>
      <div className="mr-error-page__actions">
        <Button label="Reload" icon="pi pi-refresh" outlined onClick={() => window.location.reload()} />
        <HomeButton />
        {detail && (
          <Button label="Report Issue" icon="pi pi-flag" outlined onClick={() => setReporting(true)} />
        )}
      </div>
      {reporting && (
        <Suspense fallback={null}>
          <ReportIssueDialog
            reportId={reportId}
            browserStackTrace={detail}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      )}
      {detail && (
        <details className="mr-error-page__detail">
          <summary>Technical details</summary>
          <pre>{detail}</pre>
        </details>
      )}
    </>
  );
}

/** /error/500: the application exception page (002 §2). */
export function ApplicationErrorPage({ detail }: { detail?: string }) {
  return (
    <main className="mr-error-page">
      <ExceptionContent detail={detail} />
    </main>
  );
}

/** The error boundary of every route: a render or loader failure shows the exception page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);
  return <ApplicationErrorPage detail={detail} />;
}

export function NotImplementedPage() {
  usePageTitle('Not Implemented');
  return (
    <main className="mr-error-page">
      <i className="pi pi-wrench mr-error-page__icon" aria-hidden="true" />
      <h1>This feature is not implemented yet</h1>
      <HomeButton />
    </main>
  );
}
