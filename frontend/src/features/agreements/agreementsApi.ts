/**
 * The agreement calls (docs/product/agreements.md#routes): the list, one agreement, its notes and adding a note. The server
 * decides what the caller sees (a member their property's, without private notes); after a change the agreement queries
 * are refreshed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { Agreement, AgreementNote } from '../../api/types';
import { agreementsKeys } from './agreementsKeys';

export { agreementsKeys };

/**
 * A property's agreements: the person's first (null) under the bare prefix and sent without `?propertyId=`, another
 * with its id beside the prefix.
 */
export function useAgreements(propertyId: number | null = null) {
  const named = propertyId === null ? '' : `?propertyId=${propertyId}`;
  return useQuery({ queryKey: [...agreementsKeys.all, named], queryFn: () => apiJson<Agreement[]>('GET', agreementsKeys.all[0] + named) });
}

export function useAgreement(id: number | null) {
  return useQuery({
    queryKey: agreementsKeys.one(id ?? 0),
    queryFn: () => apiJson<Agreement>('GET', `/api/admin-agreements/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

export function useAgreementNotes(id: number | null) {
  return useQuery({
    queryKey: agreementsKeys.notes(id ?? 0),
    queryFn: () => apiJson<AgreementNote[]>('GET', `/api/admin-agreements/${id}/notes`),
    enabled: id !== null,
    retry: false,
  });
}

export function useAddAgreementNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; isPrivate?: boolean }) => apiJson<AgreementNote>('POST', `/api/admin-agreements/${id}/notes`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementsKeys.all }),
  });
}

/** A path id as the API takes it: a positive whole number, else null ('Ugyldig avtale-ID'). */
export function parseAgreementId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2 ** 31 - 1 ? id : null;
}

/** The owner list: 'upcoming' is scheduled and not past; 'earlier' the rest. Scheduled first, newest first. */
export function splitAgreements(list: Agreement[], now: Date): { upcoming: Agreement[]; earlier: Agreement[] } {
  const sorted = [...list].sort(
    (a, b) => Number(b.status === 'scheduled') - Number(a.status === 'scheduled') || new Date(b.meetingDate).getTime() - new Date(a.meetingDate).getTime(),
  );
  const isUpcoming = (a: Agreement) => a.status === 'scheduled' && new Date(a.meetingDate).getTime() >= now.getTime();
  return { upcoming: sorted.filter(isUpcoming), earlier: sorted.filter((a) => !isUpcoming(a)) };
}
