/** The invitation link's calls (docs/product/properties.md#invitations): what it invites to, and accepting it. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { RequestBody, ResponseBody } from '../../api/types';

export type InvitationPreview = ResponseBody<'InvitationLinks_preview'>;
export type AcceptInput = RequestBody<'InvitationLinks_accept'>;

const invitationKey = (token: string) => ['/api/invitations', token] as const;

export function useInvitation(token: string) {
  // A used or expired link answers 410 every time: asking again would not help.
  return useQuery({ queryKey: invitationKey(token), queryFn: () => apiJson<InvitationPreview>('GET', `/api/invitations/${encodeURIComponent(token)}`), retry: false });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (input: AcceptInput) => apiJson<ResponseBody<'InvitationLinks_accept'>>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, input),
  });
}
