import { DataSource } from 'typeorm';
import type { CreateFeedDto } from '../../src/feeds/feeds.dto';
import { PropertyAccess } from '../../src/properties/property-access.service';
import { FeedsService } from '../../src/feeds/feeds.service';
import type { User } from '../../src/users/user.entity';
import { UsersService } from '../../src/users/users.service';
import type { AppUnderTest } from './app-under-test';

const DAY_S = 86_400;
const YEAR_S = 365.25 * DAY_S;
/** Imported bookings and marked days every seeded host gets, whatever the size of its own history. */
const IMPORTED_EVENTS = 500;
const MARKED_DAYS = 400;
/** A host with 5,000 events over 10 years has ~125 in any 3 months; every seeded host gets that many there. */
const EVENTS_PER_WINDOW = Math.round((5000 * 92) / 3652);
export const BENCH_PASSWORD = 'bench-passord-123';

/** The 3 months the calendar client asks for, as it sends them (ISO date-times, end exclusive). */
export interface CalendarWindow {
  start: Date;
  end: Date;
  query: string;
}

/** The window starting on the first of the current month (UTC): inside the history and the feeds' import range. */
export function currentWindow(now = new Date()): CalendarWindow {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  return { start, end, query: `startDate=${start.toISOString()}&endDate=${end.toISOString()}` };
}

export interface SeededHost {
  user: User;
  events: number;
}

/**
 * A host the way the app creates one (UsersService.create, FeedsService.create for each feed), with a history
 * bulk-inserted by SQL: `events` events over 10 years (8 back, 2 ahead of the window), of which always ~125 fall in
 * `window` so every size answers a similar window; 400 marked days over the same 10 years; and per feed 500
 * imported all-day bookings over the feed import range (a year back, two ahead), as a synced feed leaves them.
 */
export async function seedHost(app: AppUnderTest, username: string, events: number, window: CalendarWindow, feeds = 1): Promise<SeededHost> {
  const user = await app.app.get(UsersService).create({ username, name: `Vert ${events}`, password: BENCH_PASSWORD, phoneNumber: '+47 400 00 000', accountNumber: '1234.56.78903' }, null);
  const db = app.app.get(DataSource);
  // The calendar's own rows belong to the host's property (their first, made here as the app makes it at first need).
  const { property } = await app.app.get(PropertyAccess).resolve(user, undefined, 'write');
  await insertEvents(db, user.id, property.id, events, window);
  await insertMarkedDays(db, user.id, property.id, window);
  for (let n = 1; n <= feeds; n++) {
    const feed = await app.app.get(FeedsService).create(user, { name: n === 1 ? 'Airbnb' : `Booking ${n}`, url: `https://airbnb.example/calendar/ical/${n}.ics` } as CreateFeedDto);
    await insertExternalBookings(db, feed.id, user.id, app.config.businessTimeZone);
  }
  return { user, events };
}

async function insertEvents(db: DataSource, userId: number, propertyId: number, total: number, window: CalendarWindow) {
  const inWindow = Math.min(total, EVENTS_PER_WINDOW);
  const ws = window.start.getTime() / 1000;
  const we = window.end.getTime() / 1000;
  const spanStart = ws - 8 * YEAR_S;
  const spanLength = 10 * YEAR_S;
  // Outside events keep clear of [window start − 3 days, window end): none of them (≤ 48 h long) reaches into it.
  const excludedStart = ws - 3 * DAY_S;
  const excludedLength = we - excludedStart;
  const windowStep = (we - ws - 2 * DAY_S) / inWindow;
  const outsideStep = (spanLength - excludedLength) / Math.max(1, total - inWindow);
  // ends_at is end_time, or start + 1 hour when there is no end: what CalendarService stores.
  await db.query(
    `INSERT INTO events (user_id, property_id, title, description, start_time, end_time, ends_at, all_day, source, location)
     SELECT $1, $10, 'Utleie ' || i, CASE WHEN i % 4 = 0 THEN 'Gjest ' || i || ', ' || (i % 6 + 1) || ' personer' END,
            s, e, coalesce(e, s + interval '1 hour'), i % 10 = 0,
            CASE WHEN i % 5 = 0 THEN jsonb_build_object('type', 'beds24') END, CASE WHEN i % 2 = 0 THEN 'Hytta' END
     FROM (
       SELECT i, s, CASE WHEN i % 3 = 0 THEN NULL ELSE s + (i % 47 + 1) * interval '1 hour' END AS e
       FROM (
         SELECT i, date_trunc('minute', to_timestamp(CASE
           WHEN i <= $3 THEN $4::float8 + (i - 1) * $5::float8
           ELSE $6::float8 + (i - $3 - 1) * $7::float8 + CASE WHEN $6::float8 + (i - $3 - 1) * $7::float8 >= $8::float8 THEN $9::float8 ELSE 0 END
         END)) AS s
         FROM generate_series(1, $2::int) AS i
       ) placed
     ) timed`,
    [userId, total, inWindow, ws, windowStep, spanStart, outsideStep, excludedStart, excludedLength, propertyId],
  );
}

async function insertMarkedDays(db: DataSource, userId: number, propertyId: number, window: CalendarWindow) {
  const first = new Date(window.start.getTime() - 8 * YEAR_S * 1000).toISOString().slice(0, 10);
  const step = Math.floor(3652 / MARKED_DAYS);
  await db.query(
    `INSERT INTO marked_days (user_id, property_id, date, marker_type, notes)
     SELECT $1, $5, $2::date + i * $3::int, (ARRAY['busy', 'vacation', 'holiday', 'other'])[i % 4 + 1], CASE WHEN i % 3 = 0 THEN 'Notat ' || i END
     FROM generate_series(0, $4::int - 1) AS i`,
    [userId, first, step, MARKED_DAYS, propertyId],
  );
}

/** Rows as the iCal adapter stores all-day events (ExternalBookingsService.applyPull): midnight in the business time zone. */
async function insertExternalBookings(db: DataSource, feedId: number, userId: number, zone: string) {
  const first = new Date(Date.now() - 365 * DAY_S * 1000).toISOString().slice(0, 10);
  const step = Math.floor((3 * 365) / IMPORTED_EVENTS);
  await db.query(
    `INSERT INTO external_bookings (source_kind, source_id, user_id, external_uid, start_time, ends_at, all_day, start_date, end_date, summary, description, sync_generation)
     SELECT 'ical', $1, $2, 'bench-' || i || '@airbnb.example', d::timestamp AT TIME ZONE $3, (d + n)::timestamp AT TIME ZONE $3, true, d, d + n,
            'Reserved', 'Reservation URL: https://www.airbnb.example/hosting/reservations/details/HM' || i, 0
     FROM (SELECT i, $4::date + i * $5::int AS d, i % 5 + 2 AS n FROM generate_series(0, $6::int - 1) AS i) AS days`,
    [feedId, userId, zone, first, step, IMPORTED_EVENTS],
  );
  await db.query('UPDATE ical_feeds SET event_count = $2, last_synced = now() WHERE id = $1', [feedId, IMPORTED_EVENTS]);
}
