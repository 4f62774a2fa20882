import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { PlainButton as Button } from '../../../components/ui/plain-button';
import { getConfig } from '../../../config/env';
import {
  paths,
  REDIRECT_PARAM,
  SIGNED_OUT_REASON_PARAM,
  type SignedOutReason,
  safeRedirectTarget,
} from '../../../config/paths';
import { completeRedirectSignIn, signInEmployee } from '../../../lib/auth';

/**
 * Why the app signed the user out by itself (the spec has no text for it). Said on the welcome page
 * where the user lands, so that an expired session does not look like a fault of the app.
 */
export const SIGNED_OUT_NOTICES: Record<SignedOutReason, string> = {
  'session-expired':
    'Your session has expired, so you have been signed out. Please sign in again to continue where you left off.',
};

const signedOutNotice = (reason: string | null): string | undefined =>
  reason !== null && Object.hasOwn(SIGNED_OUT_NOTICES, reason)
    ? SIGNED_OUT_NOTICES[reason as SignedOutReason]
    : undefined;

/** The welcome page (002 §1): 'I'm an Employee' (single sign-on) or 'I'm not an Employee'. */
export function LandingPage() {
  usePageTitle('Welcome');
  const config = getConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get(REDIRECT_PARAM));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const notice = signedOutNotice(params.get(SIGNED_OUT_REASON_PARAM));

  // Coming back from the hosted UI: continue to the page the user wanted.
  useEffect(() => {
    void completeRedirectSignIn().then((remembered) => {
      if (remembered !== undefined) navigate(safeRedirectTarget(remembered), { replace: true });
    });
  }, [navigate]);

  const employee = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if ((await signInEmployee(config, target)) === 'signed-in') navigate(target, { replace: true });
    } catch (e) {
      setError(`Sign-in failed: ${(e as Error).message}`);
      setBusy(false);
    }
  };

  const standIn = !config.oauth && config.localEmployee;

  return (
    <main className="mr-welcome">
      <div className="mr-welcome__card">
        <img src="/logo.svg" alt="" width={56} height={56} />
        <h1>Welcome to Model Repository</h1>
        {notice && (
          <p className="mr-welcome__notice" role="status">
            <i className="pi pi-clock" aria-hidden="true" />
            <span>{notice}</span>
          </p>
        )}
        <div className="mr-welcome__choices">
          <div>
            <Button
              label="I'm an Employee"
              icon="pi pi-building"
              onClick={() => void employee()}
              loading={busy}
              disabled={!config.oauth && !config.localEmployee}
              aria-describedby={standIn ? 'sso-stand-in' : undefined}
            />
            {standIn && (
              <p id="sso-stand-in" className="mr-welcome__note">
                Local stand-in for company single sign-on — signs you in as {config.localEmployee?.name}
              </p>
            )}
          </div>
          <div>
            <Button
              label="I'm not an Employee"
              icon="pi pi-user"
              severity="secondary"
              outlined
              onClick={() => navigate(paths.login.getHref(params.get(REDIRECT_PARAM) ?? undefined))}
            />
          </div>
        </div>
        {error && (
          <p role="alert" className="mr-error-text">
            {error}
          </p>
        )}
        <p className="mr-welcome__request">
          No account yet? <Link to={paths.registration.getHref()}>Request access</Link>
        </p>
      </div>
    </main>
  );
}
