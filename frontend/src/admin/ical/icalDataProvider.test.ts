// @vitest-environment node
/** The 'ical' resource and the own calendar link (icalDataProvider.ts), against a real local HTTP server. */
import { describe, expect, it } from 'vitest';
import { OWN_ICAL_RESOURCE } from './icalDataProvider';
import { localDataProviders } from '../testing/dataProviderAgainst';

const providerAnswering = localDataProviders();

describe('own iCal tab', () => {
  it('reads the own link, and the own feeds as a plain array sorted and paged here (localList.ts)', async () => {
    const feeds = [
      { id: 2, name: 'Booking', url: 'https://booking.com/2.ics' },
      { id: 1, name: 'Airbnb', url: 'https://airbnb.no/1.ics' },
    ];
    const { dataProvider, requests } = await providerAnswering((req) => {
      if (req.path === '/api/ical-feeds') return { json: feeds };
      return { json: { url: 'http://localhost/api/ical/1?token=own' } };
    });
    await expect(dataProvider.ownCalendarLink()).resolves.toEqual({ url: 'http://localhost/api/ical/1?token=own' });
    const own = await dataProvider.getList(OWN_ICAL_RESOURCE, { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(own).toEqual({ data: [feeds[1], feeds[0]], total: 2 });
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/api/user/calendar-link'],
      ['GET', '/api/ical-feeds'],
    ]);
  });
});
