// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FEED_DEPENDENT_KEYS } from '../feeds/feedsApi';
import { calendarKeys, invalidateEventQueries, invalidateMarkedDayQueries } from './calendarApi';

const range = { startDate: '2027-01-01T00:00:00.000Z', endDate: '2027-04-01T00:00:00.000Z' };
const windowKey = calendarKeys.window.range(range);

/** A client holding a fresh answer of the calendar page's one read (GET /api/calendar-window). */
function clientWithWindow(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(windowKey, { events: [], markedDays: [], feedEvents: [] });
  return client;
}

const isStale = (client: QueryClient) => client.getQueryState(windowKey)?.isInvalidated;

describe('the calendar window read is refreshed by every change it shows', () => {
  it('starts fresh', () => {
    expect(isStale(clientWithWindow())).toBe(false);
  });

  it('after a change to events (own or, for an admin, another user’s)', async () => {
    const client = clientWithWindow();
    await invalidateEventQueries(client);
    expect(isStale(client)).toBe(true);
    const other = clientWithWindow();
    await invalidateEventQueries(other, 7);
    expect(isStale(other)).toBe(true);
  });

  it('after a change to marked days', async () => {
    const client = clientWithWindow();
    await invalidateMarkedDayQueries(client);
    expect(isStale(client)).toBe(true);
  });

  it('after a change to feeds (their imported events are in the window)', () => {
    expect(FEED_DEPENDENT_KEYS).toContainEqual(calendarKeys.window.all);
  });
});
