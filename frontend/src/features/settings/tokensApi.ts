/**
 * The signed-in user's personal API tokens (docs/product/auth-and-users.md#api-tokens): the list, making one (which
 * may ask for the password again: the API client's re-authentication prompt) and revoking one.
 */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { ApiToken, ApiTokenScope, CreatedApiToken, MessageAnswer, RequestBody } from '../../api/types';

export const tokensKeys = {
  list: ['/api/user/tokens'] as const,
};

/** Every scope, in the order the form shows them; the last two are for staff only. */
export const TOKEN_SCOPES: readonly ApiTokenScope[] = ['calendar:read', 'calendar:write', 'bookings:read', 'payouts:read', 'cases:read', 'cases:write', 'admin:read', 'admin:write'];

/** The scopes `user` may give a token: admin:read for admins and mini admins, admin:write for admins (as the server rules). */
export function scopesFor(user: { isAdmin: boolean; isMiniAdmin: boolean }): ApiTokenScope[] {
  return TOKEN_SCOPES.filter((scope) => (scope === 'admin:read' ? user.isAdmin || user.isMiniAdmin : scope === 'admin:write' ? user.isAdmin : true));
}

export const useApiTokens = () => useQuery({ queryKey: tokensKeys.list, queryFn: () => apiJson<ApiToken[]>('GET', tokensKeys.list[0]) });

export const createApiToken = (body: RequestBody<'Tokens_create'>) => apiJson<CreatedApiToken>('POST', tokensKeys.list[0], body);

export const revokeApiToken = (id: number) => apiJson<MessageAnswer>('DELETE', `${tokensKeys.list[0]}/${id}`);
