/**
 * A stay checked before it is sent (docs/product/stays.md#before-a-stay-is-sent): the rules it would break, whether it
 * would wait for approval and the income its nights would forgo, asked of the server that saves it, so the dialog and
 * the save never disagree. Only the add-event dialog's preview chunk imports this.
 */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { ResponseBody } from '../../api/types';

export type StayPreview = ResponseBody<'StayPreview_preview'>;

/** The stay as the dialog would send it; null while its dates are not valid. */
export interface StayDates {
  startTime: string;
  endTime: string;
}

export function useStayPreview(propertyId: number, stay: StayDates) {
  const query = new URLSearchParams({ startTime: stay.startTime, endTime: stay.endTime });
  return useQuery({
    queryKey: ['/api/properties/{id}/stay-preview', propertyId, stay.startTime, stay.endTime] as const,
    queryFn: () => apiJson<StayPreview>('GET', `/api/properties/${propertyId}/stay-preview?${query}`),
    // Dates stepped back and forth answer from memory; the rules change seldom within a dialog's life.
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
