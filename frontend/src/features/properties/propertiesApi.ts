/** A person's properties, their members and invitations (docs/product/properties.md). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { MessageAnswer, RequestBody, ResponseBody } from '../../api/types';

export type MyProperty = ResponseBody<'Properties_mine'>[number];
export type Member = ResponseBody<'Properties_members'>[number];
export type PendingInvitation = ResponseBody<'PropertyInvitations_pending'>[number];
export type CreatedInvitation = ResponseBody<'PropertyInvitations_create'>;
export type InvitationInput = RequestBody<'PropertyInvitations_create'>;
export type PropertyDetailsInput = RequestBody<'Properties_update'>;

/** The first element is the URL, so invalidating a prefix finds every read under it. */
export const propertiesKeys = {
  mine: ['/api/properties'] as const,
  members: (id: number) => ['/api/properties', id, 'members'] as const,
  invitations: (id: number) => ['/api/properties', id, 'invitations'] as const,
};

export const useMyProperties = () => useQuery({ queryKey: propertiesKeys.mine, queryFn: () => apiJson<MyProperty[]>('GET', '/api/properties') });

export const useMembers = (id: number) =>
  useQuery({ queryKey: propertiesKeys.members(id), queryFn: () => apiJson<Member[]>('GET', `/api/properties/${id}/members`) });

export const usePendingInvitations = (id: number, enabled: boolean) =>
  useQuery({ queryKey: propertiesKeys.invitations(id), queryFn: () => apiJson<PendingInvitation[]>('GET', `/api/properties/${id}/invitations`), enabled });

/** The household's changes (the property's name and address, its members); each refreshes the property's reads. */
export function useHouseholdChanges(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: propertiesKeys.mine });
  return {
    rename: useMutation({ mutationFn: (input: PropertyDetailsInput) => apiJson('PATCH', `/api/properties/${id}`, input), onSuccess: refresh }),
    invite: useMutation({ mutationFn: (input: InvitationInput) => apiJson<CreatedInvitation>('POST', `/api/properties/${id}/invitations`, input), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (invitationId: number) => apiJson<MessageAnswer>('DELETE', `/api/properties/${id}/invitations/${invitationId}`), onSuccess: refresh }),
    setSeesMoney: useMutation({
      mutationFn: ({ userId, canSeeMoney }: { userId: number; canSeeMoney: boolean }) => apiJson<Member>('PATCH', `/api/properties/${id}/members/${userId}`, { canSeeMoney }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (userId: number) => apiJson<MessageAnswer>('DELETE', `/api/properties/${id}/members/${userId}`), onSuccess: refresh }),
  };
}
