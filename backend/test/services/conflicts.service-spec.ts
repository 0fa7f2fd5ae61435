import type { ExternalBookingInput } from '../../src/bookings/external-booking.types';
import { ExternalBookingsService } from '../../src/bookings/external-bookings.service';
import { CalendarService } from '../../src/calendar/calendar.service';
import { ConflictsService } from '../../src/conflicts/conflicts.service';
import type { User } from '../../src/users/user.entity';
import { PropertyAccess } from '../../src/properties/property-access.service';
import { allDayStay } from '../helpers/external-bookings';
import { ServiceContext } from '../helpers/service-context';

/** Each stay titled by its key, so a double booking names its two sides. */
const stay = (uid: string, checkIn: string, checkOut: string, fields: Partial<ExternalBookingInput> = {}) => allDayStay(uid, checkIn, checkOut, { summary: uid, ...fields });

const NOW = new Date('2026-06-01T12:00:00Z');


/**
 * Double-booking detection on the service (docs/architecture.md "Double bookings"): what counts as one, that a
 * detection stores and tells each once, and that it resolves what is gone. The clock stands at 2026-06-01.
 * Over HTTP, with real feeds and Beds24: conflicts.e2e-spec.ts.
 */
describe('ConflictsService.detect', () => {
  let s: ServiceContext;
  let conflicts: ConflictsService;
  let sourceId = 8000;

  beforeAll(async () => {
    s = await ServiceContext.start();
    conflicts = s.get(ConflictsService);
  });
  afterAll(() => s.close());

  const pull = async (user: User, kind: 'ical' | 'beds24', id: number, list: ExternalBookingInput[]) =>
    s.get(ExternalBookingsService).applyPull({ source: { kind, id, userId: user.id, propertyId: (await s.propertyOf(user)).id }, complete: true, now: NOW, emptyPullsBefore: 0, bookings: list });
  const open = async (user: User) =>
    ((await s.db.query('SELECT from_date::text AS "from", to_date::text AS "to" FROM booking_conflicts WHERE user_id = $1 AND resolved_at IS NULL ORDER BY from_date', [user.id])) as { from: string; to: string }[]).map(
      (c) => `${c.from}/${c.to}`,
    );

  it('finds the nights two sources both booked; a check-out on the next check-in day, or one source alone, is none', async () => {
    const owner = await s.createUser();
    const airbnb = ++sourceId;
    const beds24 = ++sourceId;
    // Within one source, overlapping entries are that source's business, not a double booking.
    await pull(owner, 'ical', airbnb, [stay('a1', '2026-06-10', '2026-06-14'), stay('a2', '2026-06-12', '2026-06-13'), stay('a3', '2026-06-20', '2026-06-25')]);
    expect(await open(owner)).toEqual([]);
    await pull(owner, 'beds24', beds24, [stay('b1', '2026-06-14', '2026-06-16'), stay('b2', '2026-06-23', '2026-06-27')]);
    expect(await open(owner)).toEqual(['2026-06-23/2026-06-25']);
  });

  it('tells the owner and the admins once per new double booking, and resolves it when one side goes', async () => {
    const owner = await s.createUser('user', { name: 'Ola Eier' });
    const admin = await s.createUser('admin');
    const told = s.collect('bookings.conflicts.detected');
    const ical = ++sourceId;
    const beds24 = ++sourceId;
    await pull(owner, 'ical', ical, [stay('i1', '2026-07-01', '2026-07-05')]);
    await pull(owner, 'beds24', beds24, [stay('b1', '2026-07-03', '2026-07-08')]);
    const mine = told.filter((e) => e.userId === owner.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ ownerName: 'Ola Eier', conflicts: [{ from: '2026-07-03', to: '2026-07-05', aTitle: expect.any(String), bTitle: expect.any(String) }] });
    expect(mine[0].admins).toContain(admin.id);
    expect(mine[0].members).toEqual([owner.id]);
    // Detecting again finds nothing new and tells nobody.
    expect(await conflicts.detect((await s.propertyOf(owner)).id)).toEqual({ added: [], resolved: 0 });
    expect(told.filter((e) => e.userId === owner.id)).toHaveLength(1);
    // The Beds24 stay cancelled: the double booking is resolved, and nobody is told of that.
    await pull(owner, 'beds24', beds24, [stay('b1', '2026-07-03', '2026-07-08', { status: 'cancelled' })]);
    expect(await open(owner)).toEqual([]);
    expect(told.filter((e) => e.userId === owner.id)).toHaveLength(1);
  });

  it("counts the owner's own blocked time against a booking, and forgets it when the event is deleted", async () => {
    const owner = await s.createUser();
    await pull(owner, 'ical', ++sourceId, [stay('g1', '2026-08-10', '2026-08-15')]);
    const calendar = s.get(CalendarService);
    const { property } = await s.get(PropertyAccess).resolve(owner, undefined, 'write');
    const own = await calendar.createEvent(owner, property, { title: 'Eiersperre', startTime: '2026-08-14T00:00:00.000Z', endTime: '2026-08-17T00:00:00.000Z', allDay: true });
    expect(await open(owner)).toEqual(['2026-08-14/2026-08-15']);
    await calendar.deleteOwnEvent(property.id, String(own.id));
    expect(await open(owner)).toEqual([]);
  });

  it('leaves a double booking that is over by today out of the news, while still storing it', async () => {
    const owner = await s.createUser();
    const told = s.collect('bookings.conflicts.detected');
    // Both stays check out today (1 June): their shared nights are behind us.
    await pull(owner, 'ical', ++sourceId, [stay('old', '2026-05-28', '2026-06-01')]);
    await pull(owner, 'beds24', ++sourceId, [stay('old-b', '2026-05-30', '2026-06-01')]);
    expect(await open(owner)).toEqual(['2026-05-30/2026-06-01']);
    expect(told.filter((e) => e.userId === owner.id)).toEqual([]);
  });
});
