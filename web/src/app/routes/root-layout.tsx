import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { MessageStack } from '../../components/ui/message-stack';
import { registerNavigate } from '../../lib/navigation';

const ReportIssueDialog = lazy(() => import('../../features/incidents/components/report-issue-dialog'));

/** Around every page: the message stack, the report dialog it opens, and navigation for plain code. */
export function RootLayout() {
  const navigate = useNavigate();
  const [reportId, setReportId] = useState<string>();

  useEffect(() => {
    registerNavigate((to, options) => navigate(to, options));
    return () => registerNavigate(undefined);
  }, [navigate]);

  return (
    <>
      <Outlet />
      <MessageStack onReportIssue={setReportId} />
      {reportId && (
        <Suspense fallback={null}>
          <ReportIssueDialog reportId={reportId} onClose={() => setReportId(undefined)} />
        </Suspense>
      )}
    </>
  );
}
