import '@aws-amplify/ui-react/styles.css';
import { Authenticator } from '@aws-amplify/ui-react';
import { MESSAGES } from '@shared/messages';
import { type SignInInput, signIn } from 'aws-amplify/auth';
import { I18n } from 'aws-amplify/utils';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { getConfig } from '../../../config/env';
import { paths, REDIRECT_PARAM, safeRedirectTarget } from '../../../config/paths';
import { useSettings } from '../../../lib/app-settings';
import { isWrongCredentials, passwordAuthFlow } from '../../../lib/auth';
import { startSession } from '../../../lib/session';

// The spec's button reads 'Log in' (002 §2).
I18n.putVocabulariesForLanguage('en', { 'Sign in': 'Log in', 'Signing in': 'Logging in' });

function LoginFooter() {
  const settings = useSettings();
  return (
    <div className="mr-login__links">
      <Link to={paths.registration.getHref()}>Request access</Link>
      {settings?.privacyPolicyUrl && (
        <a href={settings.privacyPolicyUrl} target="_blank" rel="noreferrer">
          Privacy Policy
        </a>
      )}
    </div>
  );
}

function SignedIn({ target }: { target: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    startSession();
    navigate(target, { replace: true });
  }, [navigate, target]);
  return <Spinner label="Signing in" />;
}

/**
 * Username and password sign-in (002 §2 Login) with the Amplify Authenticator. This module is
 * loaded only on this route: the Authenticator is ~150 kB gzip.
 */
export function LoginPage() {
  usePageTitle('Login');
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get(REDIRECT_PARAM));
  const services = useMemo(() => {
    const flow = passwordAuthFlow(getConfig());
    // The Authenticator calls handleSignIn(input); its type also lists signIn's server-side overload.
    const handleSignIn = (async (input: SignInInput) => {
      try {
        return await signIn({
          ...input,
          options: { ...input.options, ...(flow ? { authFlowType: flow } : {}) },
        });
      } catch (error) {
        if (isWrongCredentials(error)) throw new Error(MESSAGES.wrongCredentials);
        throw error;
      }
    }) as typeof signIn;
    return { handleSignIn };
  }, []);

  return (
    <main className="mr-login">
      <h1 className="mr-login__title">
        <Link
          to={paths.landing.getHref(params.get(REDIRECT_PARAM) ?? undefined)}
          aria-label="Back to the welcome page"
        >
          <img src="/logo.svg" alt="" width={32} height={32} />
        </Link>
        Model Repository
      </h1>
      <Authenticator hideSignUp services={services} components={{ SignIn: { Footer: LoginFooter } }}>
        {() => <SignedIn target={target} />}
      </Authenticator>
    </main>
  );
}

export default LoginPage;
