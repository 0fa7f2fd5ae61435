/**
 * What the access guard needs to know about the user behind a session. common declares it and the users module
 * provides the lookup under SESSION_USER_LOOKUP, so common never imports a domain (dependencies point one
 * way). The object the lookup returns is what controllers receive through @CurrentUser().
 */
export interface SessionUser {
  id: number;
  isAdmin: boolean;
  isMiniAdmin: boolean;
  isBlocked: boolean;
  /** Staff without it get no socket while the service requires it (docs/security.md#staff). */
  twoFactorEnabled?: boolean;
}

export interface SessionUserLookup {
  findById(id: number): Promise<SessionUser | null>;
  /**
   * The select list of the user's columns read from the table alias `alias`, named as fromRow expects them: the
   * session store joins it to its own read, so an authenticated request costs one statement, not two.
   */
  selectColumns(alias: string): string;
  /**
   * The join that brings in, as `alias`, the user whose id the SQL expression `userId` gives (a LEFT JOIN: no user,
   * nulls). With selectColumns it lets the session store read the user in its own statement without naming the
   * users table (docs/architecture.md#where-data-lives).
   */
  joinOn(userId: string, alias: string): string;
  /** A row of selectColumns as the same object findById returns. */
  fromRow(row: Record<string, unknown>): SessionUser;
}

export const SESSION_USER_LOOKUP = Symbol('SessionUserLookup');

/**
 * The user row the session store read together with a session, kept on that session object (not the request): a
 * session regenerated at login is a new object without it, so nothing read for the old session is ever reused.
 * A symbol key stays out of the session's JSON, its change hash and its stored form.
 */
const USER_READ_WITH_SESSION = Symbol('userReadWithSession');

export function keepUserReadWithSession(session: object, user: SessionUser): void {
  Object.defineProperty(session, USER_READ_WITH_SESSION, { value: user, enumerable: false, configurable: true });
}

/** The user read in the same statement as this request's session, if it is the session's user. */
export function userReadWithSession(session: { userId?: number } | undefined): SessionUser | undefined {
  const user = (session as { [USER_READ_WITH_SESSION]?: SessionUser } | undefined)?.[USER_READ_WITH_SESSION];
  return user && session?.userId !== undefined && user.id === session.userId ? user : undefined;
}
