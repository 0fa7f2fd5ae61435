import type { ExternalBookingInput, ExternalPull } from '../../src/bookings/external-booking.types';
import { ExternalBookingsService } from '../../src/bookings/external-bookings.service';
import { allDayStay as stay } from '../helpers/external-bookings';
import { ServiceContext } from '../helpers/service-context';

const NOW = new Date('2026-06-01T12:00:00Z');
const RANGE = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') };


/**
 * How one pull of a booking source changes what is stored (docs/architecture.md "Booking sources"), on the service
 * itself; the sources' own ways in are walked over HTTP in feeds.e2e-spec.ts and beds24.e2e-spec.ts.
 */
describe('ExternalBookingsService.applyPull', () => {
  let s: ServiceContext;
  let bookings: ExternalBookingsService;
  let nextSourceId = 7000;

  beforeAll(async () => {
    s = await ServiceContext.start();
    bookings = s.get(ExternalBookingsService);
  });
  afterAll(() => s.close());

  /** A source of its own for one owner, and a way to pull it. */
  async function source(kind: 'ical' | 'beds24' = 'ical') {
    const user = await s.createUser();
    const propertyId = (await s.propertyOf(user)).id;
    const id = ++nextSourceId;
    const pull = (list: ExternalBookingInput[], fields: Partial<ExternalPull> = {}) =>
      bookings.applyPull({ source: { kind, id, userId: user.id, propertyId }, complete: true, now: NOW, emptyPullsBefore: 0, bookings: list, ...fields });
    const stored = async () => (await bookings.listForProperty(propertyId, RANGE)).map((b) => b.externalUid).sort();
    return { user, pull, stored };
  }

  it('adds, changes and removes by what the source holds, telling future news from the past', async () => {
    const { pull, stored } = await source();
    const first = await pull([stay('past', '2026-05-01', '2026-05-04'), stay('a', '2026-06-10', '2026-06-12'), stay('b', '2026-07-01', '2026-07-05')]);
    expect(first).toMatchObject({ stored: 3, removed: 0, future: { added: 2, changed: 0, cancelled: 0 }, all: { added: 3, changed: 0 } });
    expect(first.firstChangedStart).toEqual(new Date('2026-06-10T00:00:00Z'));
    // Airbnb drops past stays from its feed: a vanished past stay stays; a vanished future one goes.
    const second = await pull([stay('a', '2026-06-10', '2026-06-13'), stay('c', '2026-08-01', '2026-08-02')]);
    expect(second).toMatchObject({ stored: 2, removed: 1, future: { added: 1, changed: 1, cancelled: 1 }, all: { added: 1, changed: 1 } });
    expect(await stored()).toEqual(['a', 'c', 'past']);
    // The same pull again changes nothing.
    expect(await pull([stay('a', '2026-06-10', '2026-06-13'), stay('c', '2026-08-01', '2026-08-02')])).toMatchObject({ removed: 0, future: { added: 0, changed: 0, cancelled: 0 }, all: { added: 0, changed: 0 } });
  });

  it('an incomplete pull adds and changes but never removes; an explicit cancellation always removes', async () => {
    const { pull, stored } = await source('beds24');
    await pull([stay('1', '2026-06-10', '2026-06-12'), stay('2', '2026-06-20', '2026-06-22')]);
    const delta = await pull([stay('3', '2026-06-25', '2026-06-27'), stay('1', '2026-06-10', '2026-06-12', { status: 'cancelled' })], { complete: false });
    expect(delta).toMatchObject({ stored: 1, removed: 1, emptyPulls: 0, keptUntilConfirmed: null, future: { added: 1, cancelled: 1 } });
    expect(await stored()).toEqual(['2', '3']);
  });

  it('keeps future bookings through one empty pull, and removes them when the next confirms it', async () => {
    const { pull, stored } = await source();
    await pull([stay('a', '2026-06-10', '2026-06-12'), stay('b', '2026-07-01', '2026-07-03')]);
    const empty = await pull([]);
    expect(empty).toMatchObject({ removed: 0, emptyPulls: 1, keptUntilConfirmed: 2 });
    expect(await stored()).toEqual(['a', 'b']);
    const confirmed = await pull([], { emptyPullsBefore: empty.emptyPulls });
    expect(confirmed).toMatchObject({ removed: 2, emptyPulls: 0, keptUntilConfirmed: null, future: { cancelled: 2 } });
    expect(await stored()).toEqual([]);
  });

  it('neither removes nor counts as unseen a booking the source sent but could not read', async () => {
    const { pull, stored } = await source();
    await pull([stay('a', '2026-06-10', '2026-06-12'), stay('broken', '2026-06-20', '2026-06-22')]);
    expect(await pull([stay('a', '2026-06-10', '2026-06-12')], { unreadUids: ['broken'] })).toMatchObject({ removed: 0 });
    expect(await stored()).toEqual(['a', 'broken']);
  });

  it('keeps each source to its own bookings: the same key from two sources is two bookings', async () => {
    const ical = await source();
    await ical.pull([stay('same', '2026-06-10', '2026-06-12')]);
    const other = { kind: 'ical' as const, id: ++nextSourceId, userId: ical.user.id, propertyId: (await s.propertyOf(ical.user)).id };
    await bookings.applyPull({ source: other, complete: true, now: NOW, emptyPullsBefore: 0, bookings: [stay('same', '2026-06-10', '2026-06-12')] });
    expect(await ical.stored()).toEqual(['same', 'same']);
    // Emptying one source (confirmed) leaves the other's.
    await ical.pull([], { emptyPullsBefore: 1 });
    expect(await ical.stored()).toEqual(['same']);
  });

  it('announces a pull that stored anything, after its commit, for double-booking detection', async () => {
    const { user, pull } = await source('beds24');
    const propertyId = (await s.propertyOf(user)).id;
    const stored = s.collect('bookings.stored');
    await pull([stay('x', '2026-06-10', '2026-06-12')]);
    await pull([stay('x', '2026-06-10', '2026-06-12')]);
    await pull([stay('x', '2026-06-10', '2026-06-12', { summary: 'Kari' })]);
    expect(stored.filter((e) => e.propertyId === propertyId).map((e) => e.sourceKind)).toEqual(['beds24', 'beds24']);
  });
});
