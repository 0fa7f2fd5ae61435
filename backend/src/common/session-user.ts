/**
 * What the access guard needs to know about the user behind a session. common declares it and the users module
 * provides the lookup under SESSION_USER_LOOKUP, so common never imports a domain (issue 9: dependencies point one
 * way). The object the lookup returns is what controllers receive through @CurrentUser().
 */
export interface SessionUser {
  id: number;
  isAdmin: boolean;
  isMiniAdmin: boolean;
  isBlocked: boolean;
}

export interface SessionUserLookup {
  findById(id: number): Promise<SessionUser | null>;
}

export const SESSION_USER_LOOKUP = Symbol('SessionUserLookup');
