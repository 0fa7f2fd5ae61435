import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { coded } from './http-exception.filter';

export const RECENT_AUTH_KEY = 'recentAuth';
/** The OpenAPI extension that marks such a route; the document's setup names the 403 it may answer. */
export const RECENT_AUTH_EXTENSION = 'x-recent-auth';

export const REAUTH_REQUIRED = () => coded('reauth_required', 'Bekreft at det er deg: skriv inn passordet på nytt');

export interface RecentAuthOptions {
  /**
   * The route is sensitive only when the body changes one of these fields of the signed-in user (compared as
   * trimmed text, blank as null): a profile save that keeps the e-mail and account number asks for nothing.
   */
  onlyWhenChanging?: string[];
}

/**
 * A change that asks for the password (and code, with two-factor sign-in) given within the last 10 minutes (REAUTH_WINDOW_SECONDS): otherwise
 * 403 `reauth_required` (docs/security.md#re-authentication). The RecentAuthGuard reads this after the AccessGuard.
 */
export const RequiresRecentAuth = (options: RecentAuthOptions = {}) =>
  applyDecorators(SetMetadata(RECENT_AUTH_KEY, options), ApiExtension(RECENT_AUTH_EXTENSION, true));
