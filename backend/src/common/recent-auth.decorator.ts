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
  /** The route is sensitive only when the (not yet validated) body asks for this, e.g. a new account with a staff role. */
  onlyWhen?: (body: unknown) => boolean;
}

/** A new account that is given a staff role (back office, POST /api/register): as sensitive as giving someone the role. */
export const createsStaff = (body: unknown): boolean => {
  const given = (body ?? {}) as { isAdmin?: unknown; isMiniAdmin?: unknown };
  return typeof body === 'object' && (given.isAdmin === true || given.isMiniAdmin === true);
};

/**
 * A change that asks for the password (and code, with two-factor sign-in) given within the last 10 minutes (REAUTH_WINDOW_SECONDS): otherwise
 * 403 `reauth_required` (docs/security.md#re-authentication). The RecentAuthGuard reads this after the AccessGuard.
 */
export const RequiresRecentAuth = (options: RecentAuthOptions = {}) =>
  applyDecorators(SetMetadata(RECENT_AUTH_KEY, options), ApiExtension(RECENT_AUTH_EXTENSION, true));

/**
 * For a route that decides itself which of its changes are sensitive, by comparing with a record the guard does not
 * load (the back office's user edit: the e-mail, account number, sign-in name or role of the user it edits). It is
 * documented as a @RequiresRecentAuth route and checks `hasRecentAuth` (docs/security.md#re-authentication).
 */
export const ChecksRecentAuth = () => ApiExtension(RECENT_AUTH_EXTENSION, true);

/** Whether the session's proof (`reauthAt`, stamped at sign-in and by POST /api/user/reauth) is at most `windowSeconds` old at `now`. */
export function hasRecentAuth(session: { reauthAt?: number } | undefined, now: Date, windowSeconds: number): boolean {
  const reauthAt = session?.reauthAt;
  return reauthAt !== undefined && now.getTime() - reauthAt <= windowSeconds * 1000;
}
