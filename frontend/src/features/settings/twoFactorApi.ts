/** The signed-in user's two-factor sign-in (docs/security.md): status, setup, enable, disable. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import type { MessageAnswer, TwoFactorSetup, TwoFactorStatus } from '../../api/types';

/** Two-factor sign-in's status: { enabled, recoveryCodesLeft, required } (docs/security.md). */
export const twoFactorKeys = {
  status: ['/api/user/2fa'] as const,
};

export function useTwoFactorStatus(enabled = true) {
  return useQuery({ queryKey: twoFactorKeys.status, queryFn: () => apiJson<TwoFactorStatus>('GET', twoFactorKeys.status[0]), enabled });
}

/** After a change: the status and the current user (its twoFactorEnabled) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }), queryClient.invalidateQueries({ queryKey: queryKeys.currentUser })]);
}

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => apiJson<TwoFactorSetup>('POST', '/api/user/2fa/setup') });
}

export function useEnableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) => apiJson<{ recoveryCodes: string[] }>('POST', '/api/user/2fa/enable', { code }),
    onSuccess: () => refresh(),
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiJson<MessageAnswer>('POST', '/api/user/2fa/disable'),
    onSuccess: () => refresh(),
  });
}
