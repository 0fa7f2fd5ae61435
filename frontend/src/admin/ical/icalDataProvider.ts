/**
 * The 'ical' resource, the staff member's own feeds (docs/product/feeds.md#screens): GET /api/ical-feeds answers a
 * short plain array, paged here (localList.ts); plus the own calendar link.
 */
import type { RaRecord } from 'react-admin';
import { asRecords, type DataProviderPart, type ProviderTools } from '../dataProviderPart';
import { listLocally } from './localList';

/** The staff member's own calendar link. */
export const icalKeys = { ownCalendarLink: ['own-calendar-link'] as const };

/** The staff member's own feeds and link (docs/product/feeds.md#screens). */
export const OWN_ICAL_RESOURCE = 'ical';

export interface IcalDataProvider {
  /** The logged-in staff member's own iCal link (the 'ical' tab). */
  ownCalendarLink(): Promise<{ url: string }>;
}

export default function icalData({ apiUrl, call }: ProviderTools): DataProviderPart<IcalDataProvider> {
  return {
    resources: {
      [OWN_ICAL_RESOURCE]: {
        getList: async (_resource, params) => asRecords(listLocally(await call<RaRecord[]>('GET', `${apiUrl}/ical-feeds`), params)),
      },
    },
    methods: {
      ownCalendarLink: () => call('GET', `${apiUrl}/user/calendar-link`),
    },
  };
}

// The composed provider's type gains this part's calls (dataProviderPart.ts, PartCalls).
declare module '../dataProviderPart' {
  interface PartCalls {
    ical: IcalDataProvider;
  }
}
