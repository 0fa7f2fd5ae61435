/**
 * /auth's route, in the app's first chunk: a signed-in visitor is sent on (to the page that sent them here, or /)
 * without the login page's code, and a login pressed on the prerendered page before the app ran waits for its answer
 * the same way (docs/architecture.md#prerendered-login-page). Only a visitor who is to see the form loads the page.
 */
import { Navigate, useLocation, type Location } from 'react-router';
import { useCurrentUser } from '../../shared/sessionApi';
import { lazyNamed } from '../../shared/lazyNamed';
import { loginPressedBeforeApp } from '../../shared/prerenderedLogin';

export const loadLoginPage = () => import('./LoginPage');
const LoginPage = lazyNamed(loadLoginPage, 'LoginPage');

/** Where a login goes on to: the page that sent the visitor to /auth, or the home page. */
function afterLoginTarget(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  return from && from.pathname !== '/auth' ? `${from.pathname}${from.search}${from.hash}` : '/';
}

export function LoginRoute() {
  const location = useLocation();
  const { data: user, isPending } = useCurrentUser();
  if (user) return <Navigate to={afterLoginTarget(location)} replace />;
  // The prerendered page stays meanwhile, saying 'Logger inn …'. A user goes straight on, with no login page drawn
  // in between (on a phone, work done before the calendar it is waiting for); a refusal or the code step gets the
  // page's form, which shows it.
  if (isPending && loginPressedBeforeApp()) return null;
  return <LoginPage />;
}
