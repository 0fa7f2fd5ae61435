/** The personal subscription link (docs/product/feeds.md#screens): read, renew, and its webcal:// twin. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../api/client';
import type { CalendarLink } from '../../api/types';

/** The .ics download of the user's calendar (opened in a new tab). */
export const EXPORT_ICAL_URL = '/api/calendar/export-ical';

/** The personal subscription link's query key ({ url }). */
export const calendarLinkKeys = {
  link: ['/api/user/calendar-link'] as const,
};

export function useCalendarLink() {
  return useQuery({
    queryKey: calendarLinkKeys.link,
    queryFn: () => apiJson<CalendarLink>('GET', calendarLinkKeys.link[0]),
  });
}

/** A new link; the old one stops working at once, so the cached one is replaced by the answer. */
export function useRenewCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CalendarLink>('POST', '/api/user/calendar-link/renew'),
    onSuccess: (link) => queryClient.setQueryData(calendarLinkKeys.link, link),
  });
}

/** Phones open webcal:// links in their calendar app, which subscribes in one tap. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}
