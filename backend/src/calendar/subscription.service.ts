import { Inject, Injectable } from '@nestjs/common';
import ical, { ICalCalendar, ICalEventStatus } from 'ical-generator';
import { LRUCache } from 'lru-cache';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { bookingsChangeSql, SOURCE_KIND_NAMES, sourceSwitchesSql } from '../bookings/external-booking.types';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { Clock } from '../common/adapters/clock';
import { Sealer, sameHash, sha256Hex } from '../common/secrets';
import { multiLine, singleLine } from '../common/text/control-characters';
import { utcToWallTime } from '../common/time/timezones';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { firstPropertySql } from '../properties/properties.types';
import type { User } from '../users/user.entity';
import { calendarTokenOwnerSql } from '../users/users.types';
import { UsersService } from '../users/users.service';
import { CalendarService } from './calendar.service';

const DAY_MS = 86_400_000;
/** What a subscribed phone receives: a year back and two years ahead. */
const BACK_DAYS = 365;
const AHEAD_DAYS = 730;
const MARKER_NAMES: Record<string, string> = { busy: 'Opptatt', vacation: 'Ferie', holiday: 'Fridag', other: 'Markert dag' };

/** 'YYYY-MM-DD' of an instant in `zone` (the importer's cached wall-clock conversion). */
function dayIn(zone: string, d: Date): string {
  const { year, month, day } = utcToWallTime(d.getTime(), zone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What users and feeds wrote goes out without control characters: ical-generator escapes line breaks in text values
 * but writes UID and X-WR-CALNAME as they are, and passes NUL and the rest through everywhere.
 */
const optionalText = (text: string | null, clean: (t: string) => string) => (text === null ? undefined : clean(text));

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * An all-day event of our own as iCalendar dates with an exclusive end: the days it touches in the business time
 * zone. An end at local midnight is already exclusive; any other end includes its day.
 */
function allDaySpan(zone: string, start: Date, end: Date | null): { start: string; end: string } {
  const toDay = (d: Date) => dayIn(zone, d);
  const first = toDay(start);
  if (!end || end <= start) return { start: first, end: nextDay(first) };
  const last = toDay(end);
  const endsAtMidnight = toDay(new Date(end.getTime() - 1)) !== last;
  const exclusiveEnd = endsAtMidnight ? last : nextDay(last);
  return { start: first, end: exclusiveEnd > first ? exclusiveEnd : nextDay(first) };
}

/**
 * The poll: the owner (only with the right, unblocked token) and, per table, one pass for count and last change.
 * Counts catch deletions, which leave no updated_at behind; the sources' enabled flags catch a feed turned off.
 * Events, marked days and external bookings are those of the owner's first property (docs/product/calendar.md), the
 * bookings counted as the calendar read shows them (those of a source not switched off).
 * The validators last served (calendar_versions) come along, so an unchanged calendar keeps its Last-Modified.
 * One statement for speed (a 304 costs this and nothing else): users and bookings hand out the SQL of their parts
 * (users/users.types.ts, bookings/external-booking.types.ts), so it names no other domain's table
 * (docs/architecture.md#where-data-lives).
 */
export const POLL_SQL = `
  SELECT u.name, e.n AS events, e.at AS events_at, i.n AS imported, i.at AS imported_at, m.n AS marked, m.at AS marked_at, f.feeds,
    v.etag AS served_etag, v.last_modified AS served_last_modified
  FROM ${calendarTokenOwnerSql('$1', '$2')} u LEFT JOIN calendar_versions v ON v.user_id = u.id,
    LATERAL (SELECT count(*) AS n, max(updated_at) AS at FROM events WHERE property_id = ${firstPropertySql('u.id')}) e,
    LATERAL ${bookingsChangeSql(firstPropertySql('u.id'))} i,
    LATERAL (SELECT count(*) AS n, max(updated_at) AS at FROM marked_days WHERE property_id = ${firstPropertySql('u.id')}) m,
    LATERAL ${sourceSwitchesSql(firstPropertySql('u.id'))} f`;

/** An ETag with the Last-Modified that goes with it; `isNew` when it differs from the one served before. */
export interface CalendarVersion {
  etag: string;
  lastModified: Date;
  isNew: boolean;
}

/**
 * The validators of one POLL_SQL row: an ETag that changes with any count, last change, feed switch or the owner's
 * name (the calendar's X-WR-CALNAME), and with the day, because the rendered window moves with it.
 * Last-Modified stays what was served with an unchanged ETag. A new ETag moves it to now, and always past the one
 * served before (a deletion leaves no later updated_at, and HTTP dates have whole seconds), never before the data's
 * last change; the first ever poll takes the data's last change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw SQL row (TypeORM's query() answers any)
export function calendarVersion(userId: number, row: Record<string, any>, now: Date): CalendarVersion {
  const stamps = [row.events_at, row.imported_at, row.marked_at].filter(Boolean).map((d: Date) => new Date(d).getTime());
  const key = [userId, row.name, row.events, row.imported, row.marked, row.feeds, stamps.join(','), now.toISOString().slice(0, 10)].join('|');
  const etag = `"${sha256Hex(key).slice(0, 32)}"`;
  const served = row.served_last_modified ? new Date(row.served_last_modified).getTime() : null;
  if (row.served_etag === etag && served !== null) return { etag, lastModified: new Date(served), isNew: false };
  const candidates = served === null ? stamps : [...stamps, now.getTime(), served + 1000];
  return { etag, lastModified: new Date(Math.floor(Math.max(0, ...candidates) / 1000) * 1000), isNew: true };
}

/** Records the validators served with a new ETag; a concurrent poll that recorded the same ETag first wins. */
const RECORD_VERSION_SQL = `
  INSERT INTO calendar_versions (user_id, etag, last_modified) VALUES ($1, $2, $3)
  ON CONFLICT (user_id) DO UPDATE SET etag = EXCLUDED.etag, last_modified = EXCLUDED.last_modified
  WHERE calendar_versions.etag <> EXCLUDED.etag`;

/**
 * Rendered subscription feeds kept, at most this many bytes together (least recently fetched go first). One render
 * per user (the one of its current ETag); a 5,000-event calendar is about 1.5 MB.
 */
const RENDER_CACHE_BYTES = 64 * 1024 * 1024;

/** A user's feed as rendered for one ETag. */
interface CachedRender {
  etag: string;
  body: Buffer;
}

/**
 * The personal subscription feed (/api/ical/{userId}?token=…): one calendar of the user's own events, imported
 * bookings and marked days, as RFC 5545. The token is 256 random bits; only its hash is compared, and it is kept
 * sealed with the server secret so the link can be shown again.
 */
@Injectable()
export class SubscriptionService {
  private readonly sealer: Sealer;
  /** The last render of each user's feed, by user id; valid while the poll answers its ETag. */
  private readonly renders = new LRUCache<number, CachedRender>({ maxSize: RENDER_CACHE_BYTES, sizeCalculation: (r) => r.body.length + r.etag.length });
  /** Renders under way, by user and ETag: concurrent misses wait for the same one (no thundering herd). */
  private readonly rendering = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly users: UsersService,
    private readonly calendar: CalendarService,
    private readonly externalBookings: ExternalBookingsService,
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.sealer = new Sealer(config.sessionSecret!, 'calendar-link');
  }

  private linkFor(userId: number, token: string): string {
    return `${this.config.publicUrl}/api/ical/${userId}?token=${token}`;
  }

  /** The current link, created on first use. */
  async link(user: User): Promise<string> {
    const token = user.calendarTokenSealed ? this.sealer.open(user.calendarTokenSealed) : null;
    if (token && user.calendarTokenHash && sameHash(sha256Hex(token), user.calendarTokenHash)) return this.linkFor(user.id, token);
    return this.renew(user.id);
  }

  /** A new link; the old one stops working at once. */
  async renew(userId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.users.setCalendarToken(userId, sha256Hex(token), this.sealer.seal(token));
    return this.linkFor(userId, token);
  }

  /**
   * What a calendar app's poll needs, in one statement: whether the token opens this user's calendar (a wrong or
   * missing token reveals nothing, not even whether the user exists, and costs no aggregate) and a validator that
   * changes whenever the rendered calendar would. A 304 costs this statement and nothing else.
   */
  async poll(userId: number, token: string | undefined, now = this.clock.now()): Promise<CalendarVersion | null> {
    if (!token || token.length > 200) return null;
    const [row] = await this.db.query(POLL_SQL, [userId, sha256Hex(token)]);
    if (!row) return null;
    const version = calendarVersion(userId, row, now);
    // Only a changed calendar writes; an unchanged one's poll stays a single read.
    if (version.isNew) await this.db.query(RECORD_VERSION_SQL, [userId, version.etag, version.lastModified]);
    return version;
  }

  /**
   * The feed body for the ETag the poll just answered: rendered once per change and kept, not once per request.
   * The ETag changes with everything the render shows (see calendarVersion), so a render is reused only while it
   * is what a new render would give; its DTSTAMPs say when it was made. Null when the user is gone meanwhile.
   */
  async feedBody(userId: number, etag: string): Promise<Buffer | null> {
    const cached = this.renders.get(userId);
    if (cached?.etag === etag) return cached.body;
    const key = `${userId}|${etag}`;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.renderFresh(userId, etag).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private async renderFresh(userId: number, etag: string): Promise<Buffer | null> {
    const user = await this.users.findById(userId);
    if (!user) return null;
    const body = Buffer.from(await this.render(user), 'utf8');
    // Only the newest version is worth keeping; an older ETag's render finishing late must not replace it.
    const kept = this.renders.get(userId);
    if (!kept || kept.etag !== etag) this.renders.set(userId, { etag, body });
    return body;
  }

  private window(now: Date) {
    return { start: new Date(now.getTime() - BACK_DAYS * DAY_MS), end: new Date(now.getTime() + AHEAD_DAYS * DAY_MS) };
  }

  async render(user: User, now = this.clock.now()): Promise<string> {
    const range = this.window(now);
    // The first property as the poll counts it; none yet (0) is an empty calendar.
    const [{ id: propertyId }] = await this.db.query(`SELECT ${firstPropertySql('$1')} AS id`, [user.id]);
    const [events, imported, marked] = await Promise.all([
      this.calendar.listEvents(propertyId ?? 0, range),
      this.externalBookings.listForProperty(propertyId ?? 0, range),
      this.calendar.listMarkedDays(propertyId ?? 0, range),
    ]);
    const host = new URL(this.config.publicUrl).hostname;
    const cal: ICalCalendar = ical({
      name: singleLine(`Kalender – ${user.name}`),
      prodId: { company: 'eierportal', product: 'kalender', language: 'NB' },
      ttl: 3600,
    });
    for (const e of events) {
      const end = e.endTime && e.endTime > e.startTime ? e.endTime : e.endsAt;
      cal.createEvent({
        id: `event-${e.id}@${host}`,
        ...(e.allDay ? allDaySpan(this.config.businessTimeZone, e.startTime, e.endTime) : { start: e.startTime, end }),
        allDay: e.allDay,
        summary: singleLine(e.title),
        description: optionalText(e.description, multiLine),
        location: optionalText(e.location, singleLine),
        stamp: now,
        created: e.createdAt,
        lastModified: e.updatedAt,
        sequence: e.sequence,
      });
    }
    for (const e of imported) {
      cal.createEvent({
        id: singleLine(`${e.sourceKind}-${e.sourceId}-${e.externalUid}${e.recurrenceId ? `-${e.recurrenceId}` : ''}`),
        start: e.allDay ? e.startDate! : e.startTime,
        end: e.allDay ? e.endDate! : e.endsAt,
        allDay: e.allDay,
        summary: singleLine(e.summary || (e.sourceName ?? SOURCE_KIND_NAMES[e.sourceKind])),
        description: optionalText(e.description, multiLine),
        location: optionalText(e.location, singleLine),
        status: e.status === 'tentative' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
        stamp: now,
        lastModified: e.updatedAt,
        // Airbnb and most channel managers never raise SEQUENCE; ours grows with every change we saw.
        sequence: e.sequence + e.revision,
      });
    }
    for (const d of marked) {
      cal.createEvent({
        id: `marked-${d.id}@${host}`,
        start: d.date,
        end: nextDay(d.date),
        allDay: true,
        summary: MARKER_NAMES[d.markerType] ?? d.markerType,
        description: optionalText(d.notes, multiLine),
        stamp: now,
        lastModified: d.updatedAt,
      });
    }
    return cal.toString();
  }
}
