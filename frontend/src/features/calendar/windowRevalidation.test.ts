// @vitest-environment node
/**
 * The calendar window's revalidation (docs/api.md, 'Conditional requests') against a real local HTTP server: the
 * app sends back the ETag it kept, and a 304 leaves the window it has as it is, the same object.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalApi } from '../../test/localApi';
import { startApiForApp } from '../../test/renderWithApi';
import { fetchCalendarWindow } from './calendarApi';

const range = { startDate: '2027-01-01T00:00:00.000Z', endDate: '2027-02-01T00:00:00.000Z' };
const WINDOW = { events: [], markedDays: [{ id: 1, userId: 7, date: '2027-01-20', markerType: 'busy', color: '#22c55e', notes: null }], feedEvents: [] };

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('fetchCalendarWindow', () => {
  it('keeps the ETag, sends it back, and on a 304 answers the window it had', async () => {
    let version = 'W/"v1"';
    api = await startApiForApp((req) => {
      if (req.path !== '/api/calendar-window') return undefined;
      if (req.headers['if-none-match'] === version) return { status: 304, headers: { ETag: version } };
      return { json: WINDOW, headers: { ETag: version } };
    });
    const first = await fetchCalendarWindow(range);
    expect(first).toEqual({ ...WINDOW, etag: 'W/"v1"' });
    expect(api.requests.at(-1)!.headers['if-none-match']).toBeUndefined();
    expect(api.requests.at(-1)!.query.get('startDate')).toBe(range.startDate);

    const again = await fetchCalendarWindow(range, first);
    expect(api.requests.at(-1)!.headers['if-none-match']).toBe('W/"v1"');
    expect(again).toBe(first);

    version = 'W/"v2"';
    const changed = await fetchCalendarWindow(range, first);
    expect(changed).not.toBe(first);
    expect(changed.etag).toBe('W/"v2"');
  });

  it('throws the API error of a refused read', async () => {
    api = await startApiForApp(() => ({ status: 401, json: { message: 'Du må logge inn', code: 'unauthorized' } }));
    await expect(fetchCalendarWindow(range)).rejects.toMatchObject({ status: 401 });
  });
});
