/** Signing in and resetting a password: the pages a signed-out visitor sees. */
import { route, type FeatureManifest } from '../../shared/featureManifest';

export const manifest: FeatureManifest = {
  routes: [
    route('/auth', () => import('./LoginPage'), 'LoginPage', { access: 'signedOut' }),
    route('/reset-password', () => import('./ResetPasswordPage'), 'ResetPasswordPage', { access: 'signedOut' }),
  ],
};
