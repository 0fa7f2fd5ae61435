/** listLocally: the 'ical' resource's search, filters, sort and paging over the own-feeds array. */
import { describe, expect, it } from 'vitest';
import { listLocally } from './localList';

const rows = [
  { id: 1, name: 'Airbnb', url: 'https://airbnb.no/1.ics', userName: 'Ole', userEmail: 'ole@example.com', username: 'ole@example.com', enabled: true, stale: false, lastSynced: '2025-06-01T10:00:00Z' },
  { id: 2, name: 'Booking', url: 'https://booking.com/2.ics', userName: 'Kari', userEmail: 'kari@example.com', username: 'kari@example.com', enabled: false, stale: false, lastSynced: null },
  { id: 3, name: 'Vrbo', url: 'https://vrbo.com/3.ics', userName: 'Ole', userEmail: 'ole@example.com', username: 'ole@example.com', enabled: true, stale: true, lastSynced: '2025-05-01T10:00:00Z' },
];

describe('listLocally', () => {
  it('searches name, URL and owner, and matches other filters exactly', () => {
    expect(listLocally(rows, { filter: { q: 'OLE@' } }).data.map((r) => r.id)).toEqual([1, 3]);
    expect(listLocally(rows, { filter: { q: 'booking.com' } }).data.map((r) => r.id)).toEqual([2]);
    expect(listLocally(rows, { filter: { enabled: true, stale: true } }).data.map((r) => r.id)).toEqual([3]);
    expect(listLocally(rows, { filter: { enabled: null, q: '' } }).total).toBe(3);
  });

  it('sorts with missing values last in both directions, and pages', () => {
    const byLastSync = (order: 'ASC' | 'DESC') => listLocally(rows, { sort: { field: 'lastSynced', order } }).data.map((r) => r.id);
    expect(byLastSync('ASC')).toEqual([3, 1, 2]);
    expect(byLastSync('DESC')).toEqual([1, 3, 2]);
    const page = listLocally(rows, { sort: { field: 'name', order: 'DESC' }, pagination: { page: 2, perPage: 2 } });
    expect(page).toEqual({ data: [rows[0]], total: 3 });
  });
});
