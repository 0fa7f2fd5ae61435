// @vitest-environment node
/** How long a feed has gone without a successful sync, in the words the health view uses. */
import { describe, expect, it } from 'vitest';
import { hoursWithoutSuccess, noSuccessText } from './syncState';

const now = Date.parse('2025-06-10T12:00:00Z');

describe('noSuccessText', () => {
  it('counts from the last success, or from when the feed was added if it never succeeded', () => {
    expect(hoursWithoutSuccess({ lastSynced: '2025-06-09T04:30:00Z', createdAt: '2025-01-01T00:00:00Z' }, now)).toBe(31);
    expect(hoursWithoutSuccess({ lastSynced: null, createdAt: '2025-06-10T02:00:00Z' }, now)).toBe(10);
  });

  it('speaks in hours up to two days, then in whole days', () => {
    expect(noSuccessText({ lastSynced: '2025-06-09T04:30:00Z', createdAt: '2025-01-01T00:00:00Z' }, now)).toEqual({
      key: 'resources.ical-feeds.sync.noSuccessHours',
      args: { hours: 31 },
    });
    expect(noSuccessText({ lastSynced: '2025-06-06T11:00:00Z', createdAt: '2025-01-01T00:00:00Z' }, now)).toEqual({
      key: 'resources.ical-feeds.sync.noSuccessDays',
      args: { days: 4 },
    });
  });
});
