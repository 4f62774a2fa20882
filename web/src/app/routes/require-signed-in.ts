import { type LoaderFunctionArgs, redirect } from 'react-router-dom';
import { paths } from '../../config/paths';
import { completeRedirectSignIn, hasTokens, signOutEverywhere } from '../../lib/auth';
import { isSessionOver, LOGGED_OUT, readExpiresAt } from '../../lib/session';

/**
 * Loader of the signed-in area: without tokens, or with an idle session that ended while the app
 * was closed, the user goes to the welcome page and comes back here after signing in.
 */
export async function requireSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  await completeRedirectSignIn();
  if (!(await hasTokens())) throw redirect(paths.landing.getHref(target));
  const expiresAt = readExpiresAt();
  if (isSessionOver(expiresAt, Date.now())) {
    await signOutEverywhere();
    // Logged out on purpose (-1) needs no word; an idle session that ran out does.
    throw redirect(paths.landing.getHref(target, expiresAt === LOGGED_OUT ? undefined : 'session-expired'));
  }
  return null;
}
