import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/**
 * What an API token may be given (docs/security.md#api-tokens): each names a part of the product and read or write.
 * The staff scopes are given only to staff (admin:read to admins and mini admins, admin:write to admins), and a token
 * never acts beyond its owner's role: the access guard still checks the role and the services the ownership.
 */
export const TOKEN_SCOPES = ['calendar:read', 'calendar:write', 'bookings:read', 'payouts:read', 'cases:read', 'cases:write', 'admin:read', 'admin:write'] as const;
export type TokenScopeName = (typeof TOKEN_SCOPES)[number];
export const STAFF_TOKEN_SCOPES: readonly TokenScopeName[] = ['admin:read', 'admin:write'];

export const TOKEN_SCOPE_KEY = 'tokenScope';
/** The OpenAPI extension that carries a route's scope, or `none`; the document's setup turns it into the bearer security. */
export const TOKEN_SCOPE_EXTENSION = 'x-token-scope';
/** The decision of a route that no token may call. */
export const NO_TOKENS = 'none';
export type TokenScopeDecision = TokenScopeName | typeof NO_TOKENS;

/**
 * The scope an API token needs to call this route (`Authorization: Bearer eip_…`). Every route decides: this, or
 * @NoTokens(). The access guard refuses a token on a route without a decision as on one with @NoTokens()
 * (403 `token_scope`), and the access walk fails on a route that has none, so a new route cannot forget.
 */
export const TokenScope = (scope: TokenScopeName) => applyDecorators(SetMetadata(TOKEN_SCOPE_KEY, scope), ApiExtension(TOKEN_SCOPE_EXTENSION, scope));

/**
 * No API token may call this route: sign-in, the user's own credentials (tokens, passwords, two-factor, e-mail,
 * the account number, sessions, the calendar link), and whatever has no scope.
 */
export const NoTokens = () => applyDecorators(SetMetadata(TOKEN_SCOPE_KEY, NO_TOKENS), ApiExtension(TOKEN_SCOPE_EXTENSION, NO_TOKENS));

/** Whether a token with `scopes` may call a route that needs `scope`: a write scope holds its read scope too. */
export function tokenHolds(scopes: readonly string[], scope: TokenScopeName): boolean {
  return scopes.includes(scope) || (scope.endsWith(':read') && scopes.includes(scope.replace(/:read$/, ':write')));
}
