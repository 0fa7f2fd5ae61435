import { DataSource } from 'typeorm';
import type { BookingSource, ExternalBookingInput, ExternalPull } from '../src/bookings/external-booking.types';
import { ExternalBookingsService } from '../src/bookings/external-bookings.service';
import { TestApp } from './helpers/test-app';

const NOW = new Date('2027-03-01T12:00:00Z');
const YEAR = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2028-01-01T00:00:00Z') };

/** A one-night stay starting `day`, as an adapter hands it over. */
function stay(uid: string, day: string, fields: Partial<ExternalBookingInput> = {}): ExternalBookingInput {
  const start = new Date(`${day}T15:00:00Z`);
  return { externalUid: uid, startTime: start, endsAt: new Date(start.getTime() + 86_400_000), allDay: false, startDate: null, endDate: null, summary: 'Reserved', description: null, location: null, status: 'confirmed', kind: 'guest', sequence: 0, ...fields };
}
const PAST = '2027-02-01';
const FUTURE = '2027-04-01';

describe('external bookings store', () => {
  let t: TestApp;
  let bookings: ExternalBookingsService;
  let db: DataSource;
  beforeAll(async () => {
    t = await TestApp.start();
    bookings = t.app.get(ExternalBookingsService);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const apply = (source: BookingSource, pull: Partial<ExternalPull> & { bookings: ExternalBookingInput[] }) =>
    bookings.applyPull({ source, complete: true, now: NOW, emptyPullsBefore: 0, ...pull });
  const uids = async (source: BookingSource) =>
    (await bookings.listForProperty(source.propertyId, YEAR)).filter((b) => b.sourceKind === source.kind && b.sourceId === source.id).map((b) => b.externalUid).sort();
  const rowOf = async (source: BookingSource, uid: string) =>
    (await db.query('SELECT revision, updated_at, summary, kind FROM external_bookings WHERE source_kind = $1 AND source_id = $2 AND external_uid = $3', [source.kind, source.id, uid]))[0];

  let nextSource = 1000;
  async function beds24Source(): Promise<BookingSource> {
    const user = await t.createUser('user');
    return { kind: 'beds24', id: nextSource++, userId: user.id, propertyId: (await t.propertyOf(user)).id };
  }

  it('upserts by key and touches updated_at and revision only when something shown changed', async () => {
    const source = await beds24Source();
    expect(await apply(source, { bookings: [stay('a', FUTURE), stay('b', FUTURE)] })).toEqual({ stored: 2, removed: 0, emptyPulls: 0, keptUntilConfirmed: null, future: { added: 2, changed: 0, cancelled: 0 }, all: { added: 2, changed: 0 }, firstChangedStart: expect.any(Date) });
    const first = await rowOf(source, 'a');
    expect(first.revision).toBe(0);

    // Not shown, so not a change anyone is told of.
    expect((await apply(source, { bookings: [stay('a', FUTURE, { kind: 'blocked' }), stay('b', FUTURE)] })).future).toEqual({ added: 0, changed: 0, cancelled: 0 });
    const same = await rowOf(source, 'a');
    expect(same).toMatchObject({ revision: 0, kind: 'blocked' });
    expect(same.updated_at).toEqual(first.updated_at);

    expect((await apply(source, { bookings: [stay('a', FUTURE, { summary: 'Ola Nordmann' }), stay('b', FUTURE)] })).future).toEqual({ added: 0, changed: 1, cancelled: 0 });
    const changed = await rowOf(source, 'a');
    expect(changed).toMatchObject({ revision: 1, summary: 'Ola Nordmann' });
    expect(changed.updated_at.getTime()).toBeGreaterThan(first.updated_at.getTime());
    expect((await rowOf(source, 'b')).revision).toBe(0);
  });

  it('a pull larger than one upsert slice is stored whole, and a complete pull after it removes across slices', async () => {
    const source = await beds24Source();
    const many = Array.from({ length: 1234 }, (_, i) => stay(`s${String(i).padStart(4, '0')}`, FUTURE));
    expect(await apply(source, { bookings: many })).toEqual({ stored: 1234, removed: 0, emptyPulls: 0, keptUntilConfirmed: null, future: { added: 1234, changed: 0, cancelled: 0 }, all: { added: 1234, changed: 0 }, firstChangedStart: expect.any(Date) });
    expect(await uids(source)).toHaveLength(1234);
    // Keep every third: the survivors and the removed ones are spread over all three slices of the first pull.
    const kept = many.filter((_, i) => i % 3 === 0);
    expect(await apply(source, { bookings: kept })).toEqual({ stored: kept.length, removed: 1234 - kept.length, emptyPulls: 0, keptUntilConfirmed: null, future: { added: 0, changed: 0, cancelled: 1234 - kept.length }, all: { added: 0, changed: 0 } });
    expect(await uids(source)).toEqual(kept.map((b) => b.externalUid));
  });

  it('an incomplete pull (a partial parse, a delta) removes nothing it did not see', async () => {
    const source = await beds24Source();
    await apply(source, { bookings: [stay('a', FUTURE), stay('b', FUTURE), stay('c', PAST)] });
    expect(await apply(source, { complete: false, bookings: [stay('a', FUTURE)] })).toMatchObject({ removed: 0, emptyPulls: 0, keptUntilConfirmed: null });
    expect(await apply(source, { complete: false, bookings: [] })).toMatchObject({ removed: 0 });
    expect(await uids(source)).toEqual(['a', 'b', 'c']);
  });

  it('a complete pull removes the future bookings that vanished and keeps past ones', async () => {
    const source = await beds24Source();
    await apply(source, { bookings: [stay('a', FUTURE), stay('b', FUTURE), stay('old', PAST)] });
    expect(await apply(source, { bookings: [stay('a', FUTURE)] })).toEqual({ stored: 1, removed: 1, emptyPulls: 0, keptUntilConfirmed: null, future: { added: 0, changed: 0, cancelled: 1 }, all: { added: 0, changed: 0 } });
    expect(await uids(source)).toEqual(['a', 'old']);
  });

  it('an empty complete pull removes nothing until the next complete pull confirms it', async () => {
    const source = await beds24Source();
    await apply(source, { bookings: [stay('a', FUTURE), stay('b', FUTURE), stay('old', PAST)] });
    const first = await apply(source, { bookings: [] });
    expect(first).toEqual({ stored: 0, removed: 0, emptyPulls: 1, keptUntilConfirmed: 2, future: { added: 0, changed: 0, cancelled: 0 }, all: { added: 0, changed: 0 } });
    expect(await uids(source)).toEqual(['a', 'b', 'old']);
    // A pull of past bookings only is empty of the future in the same way; with one empty pull before, it confirms.
    const second = await apply(source, { bookings: [stay('old', PAST)], emptyPullsBefore: first.emptyPulls });
    expect(second).toEqual({ stored: 1, removed: 2, emptyPulls: 0, keptUntilConfirmed: null, future: { added: 0, changed: 0, cancelled: 2 }, all: { added: 0, changed: 0 } });
    expect(await uids(source)).toEqual(['old']);
  });

  it('an incomplete pull between two empty ones starts the confirmation over', async () => {
    const source = await beds24Source();
    await apply(source, { bookings: [stay('a', FUTURE)] });
    const empty = await apply(source, { bookings: [] });
    const partial = await apply(source, { complete: false, bookings: [], emptyPullsBefore: empty.emptyPulls });
    expect(partial.emptyPulls).toBe(0);
    expect(await apply(source, { bookings: [], emptyPullsBefore: partial.emptyPulls })).toMatchObject({ removed: 0, keptUntilConfirmed: 1 });
    expect(await uids(source)).toEqual(['a']);
  });

  it('a source that never had future bookings empties at once', async () => {
    const source = await beds24Source();
    await apply(source, { bookings: [stay('old', PAST)] });
    expect(await apply(source, { bookings: [] })).toEqual({ stored: 0, removed: 0, emptyPulls: 0, keptUntilConfirmed: null, future: { added: 0, changed: 0, cancelled: 0 }, all: { added: 0, changed: 0 } });
    expect(await uids(source)).toEqual(['old']);
  });

  it('an explicit cancellation removes the booking, from a delta pull too, and is never stored', async () => {
    const source = await beds24Source();
    await apply(source, { bookings: [stay('a', FUTURE), stay('b', FUTURE), stay('old', PAST)] });
    expect(await apply(source, { complete: false, bookings: [stay('a', FUTURE, { status: 'cancelled' }), stay('new', FUTURE, { status: 'cancelled' })] })).toMatchObject({ stored: 0, removed: 1 });
    expect(await uids(source)).toEqual(['b', 'old']);
    expect(await apply(source, { bookings: [stay('b', FUTURE), stay('old', PAST, { status: 'cancelled' })] })).toMatchObject({ stored: 1, removed: 1 });
    expect(await uids(source)).toEqual(['b']);
  });

  it('keeps sources apart: the same UID in two sources is two bookings, and a pull of one never touches the other', async () => {
    const user = await t.createUser('user');
    const [feed] = await db.query(`INSERT INTO ical_feeds (user_id, name, url) VALUES ($1, 'Airbnb', 'https://example.com/a.ics') RETURNING id`, [user.id]);
    const ical: BookingSource = { kind: 'ical', id: feed.id, userId: user.id, propertyId: (await t.propertyOf(user)).id };
    const beds24: BookingSource = { kind: 'beds24', id: feed.id, userId: user.id, propertyId: (await t.propertyOf(user)).id };
    await apply(ical, { bookings: [stay('same', FUTURE), stay('i', FUTURE)] });
    await apply(beds24, { bookings: [stay('same', FUTURE, { summary: 'Beds24 guest' })] });
    await apply(ical, { bookings: [stay('i', FUTURE)] });
    expect(await uids(ical)).toEqual(['i']);
    expect(await uids(beds24)).toEqual(['same']);
    expect(await bookings.countForSource('beds24', feed.id)).toBe(1);
  });

  it('reads a user’s bookings by time range, with API ids naming the source, and hides those of a disabled feed', async () => {
    const user = await t.createUser('user');
    const other = await t.createUser('user');
    const [feed] = await db.query(`INSERT INTO ical_feeds (user_id, name, url) VALUES ($1, 'Airbnb', 'https://example.com/b.ics') RETURNING id`, [user.id]);
    const ical: BookingSource = { kind: 'ical', id: feed.id, userId: user.id, propertyId: (await t.propertyOf(user)).id };
    const beds24: BookingSource = { kind: 'beds24', id: 7, userId: user.id, propertyId: (await t.propertyOf(user)).id };
    await apply(ical, { bookings: [stay('uid-1@airbnb.com', FUTURE), stay('series', FUTURE, { recurrenceId: '2027-04-01' }), stay('later', '2027-09-01')] });
    await apply(beds24, { bookings: [stay('4711', FUTURE)] });
    await apply({ kind: 'beds24', id: 8, userId: other.id, propertyId: (await t.propertyOf(other)).id }, { bookings: [stay('4712', FUTURE)] });

    const april = { start: new Date('2027-04-01T00:00:00Z'), end: new Date('2027-05-01T00:00:00Z') };
    const read = await bookings.listForProperty((await t.propertyOf(user)).id, april);
    expect(read.map((b) => [b.sourceKind, b.externalUid, b.sourceName])).toEqual(
      expect.arrayContaining([['ical', 'uid-1@airbnb.com', 'Airbnb'], ['ical', 'series', 'Airbnb'], ['beds24', '4711', null]]),
    );
    expect(read).toHaveLength(3);
    const [{ key }] = await db.query(`SELECT left(md5('uid-1@airbnb.com' || '|' || ''), 16) AS key`);
    expect(read.find((b) => b.externalUid === 'uid-1@airbnb.com')!.id).toBe(`ical-${feed.id}-${key}`);
    expect(read.find((b) => b.externalUid === '4711')!.id).toMatch(/^beds24-7-[0-9a-f]{16}$/);

    await db.query('UPDATE ical_feeds SET enabled = false WHERE id = $1', [feed.id]);
    expect((await bookings.listForProperty((await t.propertyOf(user)).id, april)).map((b) => b.externalUid)).toEqual(['4711']);
  });

  it('removes every booking of deleted sources', async () => {
    const source = await beds24Source();
    await apply(source, { bookings: [stay('a', FUTURE), stay('old', PAST)] });
    await db.transaction((tx) => bookings.removeSources(tx, 'beds24', [source.id]));
    expect(await bookings.countForSource('beds24', source.id)).toBe(0);
  });
});
