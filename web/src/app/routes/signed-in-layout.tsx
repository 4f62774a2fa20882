import type { AppSettings } from '@shared/schemas/settings';
import type { CurrentUser } from '@shared/schemas/user';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useLiveExecutions } from '../../features/executions/api/live-executions';
import { useLiveNotifications } from '../../features/notifications/api/use-live-notifications';
import { useLogout } from '../../features/session/api/use-logout';
import { SessionWatcher } from '../../features/session/components/session-watcher';
import { useHomeTour } from '../../features/tour/api/home-tour';
import type { ApiError } from '../../lib/api-client';
import { settingsQuery, versionQuery } from '../../lib/app-settings';
import { signOutEverywhere } from '../../lib/auth';
import { currentUserQuery } from '../../lib/current-user';
import { currentTarget } from '../../lib/navigation';
import { applyPrimeReactA11y } from '../../lib/primereact-a11y';
import { loadZoom, saveZoom } from '../../lib/zoom';
import { Footer } from '../layout/footer';
import { Header } from '../layout/header';
import { ZoomSidebar } from '../layout/zoom-sidebar';
import { ApplicationErrorPage } from './error-pages';

// The signed-in screens are where PrimeReact's data components live.
applyPrimeReactA11y();

/** 002 §4: where a failed current-user call sends the user. */
export function currentUserFailureTarget(
  status: number,
): 'login' | 'access-denied' | 'reauthenticating' | 'error' {
  if (status === 403) return 'access-denied';
  if (status === 401) return 'reauthenticating';
  if (status === 0 || status === 404 || status === 504) return 'login';
  return 'error';
}

function SignOutToLogin() {
  const [done, setDone] = useState(false);
  const [target] = useState(currentTarget);
  useEffect(() => {
    void signOutEverywhere().then(() => setDone(true));
  }, []);
  return done ? <Navigate to={paths.login.getHref(target)} replace /> : <Spinner />;
}

function Shell({ user, settings }: { user: CurrentUser; settings: AppSettings }) {
  const { pathname } = useLocation();
  const [zoom, setZoom] = useState(() => loadZoom());
  const logout = useLogout();
  const tour = useHomeTour({ user, autoStart: pathname === paths.models.path });
  useLiveNotifications();
  useLiveExecutions();

  return (
    <div className="mr-app">
      <a href="#main-content" className="mr-skip-link">
        Skip to content
      </a>
      <Header
        user={user}
        settings={settings}
        onGuidedTour={tour.available ? tour.replay : undefined}
        onLogout={() => void logout()}
      />
      <div className="mr-body">
        <ZoomSidebar
          zoom={zoom}
          onChange={(z) => {
            setZoom(z);
            saveZoom(z);
          }}
        />
        <main id="main-content" className="mr-content" style={{ zoom }} data-zoom={zoom}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Footer />
      <SessionWatcher userId={user.id} />
    </div>
  );
}

/**
 * The signed-in area. The app is ready once the current user, the application settings and the
 * version have loaded (002 §4); a spinner shows meanwhile.
 */
export function SignedInLayout() {
  const me = useQuery(currentUserQuery());
  const settings = useQuery(settingsQuery());
  const version = useQuery(versionQuery());

  if (me.isError) {
    switch (currentUserFailureTarget((me.error as ApiError).status ?? 0)) {
      case 'access-denied':
        return <Navigate to={paths.accessDenied.getHref()} replace />;
      case 'login':
        return <SignOutToLogin />;
      case 'reauthenticating':
        return <Spinner />;
      default:
        return <ApplicationErrorPage />;
    }
  }
  if (settings.isError) return <ApplicationErrorPage />;
  if (me.isPending || settings.isPending || version.isPending)
    return <Spinner label="Loading Model Repository" />;
  return <Shell user={me.data} settings={settings.data} />;
}

export default SignedInLayout;
