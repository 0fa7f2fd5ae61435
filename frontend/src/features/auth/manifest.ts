/** Signing in and resetting a password: the pages a signed-out visitor sees. */
import { guardedRoute, route, type FeatureManifest } from '../../shared/featureManifest';
import { LoginRoute, loadLoginPage } from './LoginRoute';

export const manifest: FeatureManifest = {
  routes: [
    guardedRoute('/auth', LoginRoute, loadLoginPage, { access: 'signedOut' }),
    route('/reset-password', () => import('./ResetPasswordPage'), 'ResetPasswordPage', { access: 'signedOut' }),
  ],
};
