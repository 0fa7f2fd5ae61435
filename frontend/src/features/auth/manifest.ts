/** Signing in, resetting a password and following an invitation: the pages a signed-out visitor sees. */
import { guardedRoute, route, type FeatureManifest } from '../../shared/featureManifest';
import { LoginRoute, loadLoginPage } from './LoginRoute';

export const manifest: FeatureManifest = {
  routes: [
    guardedRoute('/auth', LoginRoute, loadLoginPage, { access: 'signedOut' }),
    route('/reset-password', () => import('./ResetPasswordPage'), 'ResetPasswordPage', { access: 'signedOut' }),
    // Open to both: a signed-in person accepts with one press (docs/product/properties.md#invitations).
    route('/invitation/:token', () => import('./InvitationPage'), 'InvitationPage', { access: 'signedOut' }),
  ],
};
