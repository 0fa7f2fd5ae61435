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
import { memberPropertyRowsSql } from '../properties/properties.types';
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
 * The poll: the owner (only with the right, unblocked token) and, per table, one pass for count and last change over
 * the properties the link shows ($3: one property's id, or 0 for all the person is a member of; see
 * docs/product/calendar.md#subscriptions). Counts catch deletions, which leave no updated_at behind; the sources'
 * enabled flags catch a feed turned off; the properties' ids and names catch a property joined, left or renamed.
 * The bookings are counted as the calendar read shows them (those of a source not switched off). A link of one
 * property the person is no member of (any more) answers no row, as a wrong token does.
 * The validators last served for this link (calendar_versions) come along, so an unchanged calendar keeps its
 * Last-Modified. One statement for speed (a 304 costs this and nothing else): users, properties and bookings hand out
 * the SQL of their parts (users/users.types.ts, properties/properties.types.ts, bookings/external-booking.types.ts),
 * so it names no other domain's table (docs/architecture.md#where-data-lives).
 */
export const POLL_SQL = `
  WITH u AS ${calendarTokenOwnerSql('$1', '$2')},
    shown AS (SELECT s.id, s.name FROM u, LATERAL ${memberPropertyRowsSql('u.id', '$3::int')} s)
  SELECT u.name, p.names, e.n AS events, e.at AS events_at, i.n AS imported, i.at AS imported_at, m.n AS marked, m.at AS marked_at, f.feeds,
    v.etag AS served_etag, v.last_modified AS served_last_modified
  FROM u LEFT JOIN calendar_versions v ON v.user_id = u.id AND v.scope = $3::int,
    LATERAL (SELECT count(*) AS n, string_agg(id || ':' || name, '|' ORDER BY id) AS names FROM shown) p,
    LATERAL (SELECT count(*) AS n, max(updated_at) AS at FROM events WHERE property_id IN (SELECT id FROM shown)) e,
    LATERAL ${bookingsChangeSql('(SELECT id FROM shown)')} i,
    LATERAL (SELECT count(*) AS n, max(updated_at) AS at FROM marked_days WHERE property_id IN (SELECT id FROM shown)) m,
    LATERAL ${sourceSwitchesSql('(SELECT id FROM shown)')} f
  WHERE $3::int = 0 OR p.n > 0`;

/** Which link: one property's (its id) or all of the person's properties (0). */
export type SubscriptionScope = number;
export const ALL_PROPERTIES: SubscriptionScope = 0;

/** An ETag with the Last-Modified that goes with it; `isNew` when it differs from the one served before. */
export interface CalendarVersion {
  etag: string;
  lastModified: Date;
  isNew: boolean;
}

/**
 * The validators of one POLL_SQL row: an ETag that changes with the link's scope, any count, last change, feed switch,
 * the owner's name or the properties shown (the calendar's X-WR-CALNAME and the summaries' prefix), and with the day,
 * because the rendered window moves with it.
 * Last-Modified stays what was served with an unchanged ETag. A new ETag moves it to now, and always past the one
 * served before (a deletion leaves no later updated_at, and HTTP dates have whole seconds), never before the data's
 * last change; the first ever poll takes the data's last change.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw SQL row (TypeORM's query() answers any)
export function calendarVersion(userId: number, scope: SubscriptionScope, row: Record<string, any>, now: Date): CalendarVersion {
  const stamps = [row.events_at, row.imported_at, row.marked_at].filter(Boolean).map((d: Date) => new Date(d).getTime());
  const key = [userId, scope, row.name, row.names, row.events, row.imported, row.marked, row.feeds, stamps.join(','), now.toISOString().slice(0, 10)].join('|');
  const etag = `"${sha256Hex(key).slice(0, 32)}"`;
  const served = row.served_last_modified ? new Date(row.served_last_modified).getTime() : null;
  if (row.served_etag === etag && served !== null) return { etag, lastModified: new Date(served), isNew: false };
  const candidates = served === null ? stamps : [...stamps, now.getTime(), served + 1000];
  return { etag, lastModified: new Date(Math.floor(Math.max(0, ...candidates) / 1000) * 1000), isNew: true };
}

/** Records the validators served with a new ETag; a concurrent poll that recorded the same ETag first wins. */
const RECORD_VERSION_SQL = `
  INSERT INTO calendar_versions (user_id, scope, etag, last_modified) VALUES ($1, $2, $3, $4)
  ON CONFLICT (user_id, scope) DO UPDATE SET etag = EXCLUDED.etag, last_modified = EXCLUDED.last_modified
  WHERE calendar_versions.etag <> EXCLUDED.etag`;

/**
 * Rendered subscription feeds kept, at most this many bytes together (least recently fetched go first). One render
 * per link (the one of its current ETag); a 5,000-event calendar is about 1.5 MB.
 */
const RENDER_CACHE_BYTES = 64 * 1024 * 1024;

/** A link's feed as rendered for one ETag. */
interface CachedRender {
  etag: string;
  body: Buffer;
}

/** A person's links: the one of all their properties, and one per property. */
export interface CalendarLinks {
  url: string;
  properties: { propertyId: number; name: string; url: string }[];
}

/**
 * The personal subscription feed (/api/ical/{userId}?token=…, docs/product/calendar.md#subscriptions): one calendar of
 * the events, imported bookings and marked days of all the person's properties, or of one (`&property=<id>`), as
 * RFC 5545. The token is the person's, 256 random bits, one for all their links; only its hash is compared, and it is
 * kept sealed with the server secret so the links can be shown again.
 */
@Injectable()
export class SubscriptionService {
  private readonly sealer: Sealer;
  /** The last render of each link's feed, by `user|scope`; valid while the poll answers its ETag. */
  private readonly renders = new LRUCache<string, CachedRender>({ maxSize: RENDER_CACHE_BYTES, sizeCalculation: (r) => r.body.length + r.etag.length });
  /** Renders under way, by link and ETag: concurrent misses wait for the same one (no thundering herd). */
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

  private async linksFor(userId: number, token: string): Promise<CalendarLinks> {
    const url = `${this.config.publicUrl}/api/ical/${userId}?token=${token}`;
    const properties: { id: number; name: string }[] = await this.db.query(
      `SELECT s.id, s.name FROM ${memberPropertyRowsSql('$1', '0')} s ORDER BY s.joined_at, s.id`,
      [userId],
    );
    return { url, properties: properties.map((p) => ({ propertyId: Number(p.id), name: p.name, url: `${url}&property=${p.id}` })) };
  }

  /** The current links, created on first use. */
  async links(user: User): Promise<CalendarLinks> {
    const token = user.calendarTokenSealed ? this.sealer.open(user.calendarTokenSealed) : null;
    if (token && user.calendarTokenHash && sameHash(sha256Hex(token), user.calendarTokenHash)) return this.linksFor(user.id, token);
    return this.renew(user.id);
  }

  /** New links; the old ones, of all properties and of each, stop working at once. */
  async renew(userId: number): Promise<CalendarLinks> {
    const token = randomBytes(32).toString('base64url');
    await this.users.setCalendarToken(userId, sha256Hex(token), this.sealer.seal(token));
    return this.linksFor(userId, token);
  }

  /**
   * What a calendar app's poll needs, in one statement: whether the token opens this user's calendar (a wrong or
   * missing token reveals nothing, not even whether the user exists, and costs no aggregate), whether the person is a
   * member of the property a one-property link names, and a validator that changes whenever the rendered calendar
   * would. A 304 costs this statement and nothing else.
   */
  async poll(userId: number, token: string | undefined, scope: SubscriptionScope = ALL_PROPERTIES, now = this.clock.now()): Promise<CalendarVersion | null> {
    if (!token || token.length > 200) return null;
    const [row] = await this.db.query(POLL_SQL, [userId, sha256Hex(token), scope]);
    if (!row) return null;
    const version = calendarVersion(userId, scope, row, now);
    // Only a changed calendar writes; an unchanged one's poll stays a single read.
    if (version.isNew) await this.db.query(RECORD_VERSION_SQL, [userId, scope, version.etag, version.lastModified]);
    return version;
  }

  /**
   * The feed body for the ETag the poll just answered: rendered once per change and kept, not once per request.
   * The ETag changes with everything the render shows (see calendarVersion), so a render is reused only while it
   * is what a new render would give; its DTSTAMPs say when it was made. Null when the user is gone meanwhile.
   */
  async feedBody(userId: number, scope: SubscriptionScope, etag: string): Promise<Buffer | null> {
    const link = `${userId}|${scope}`;
    const cached = this.renders.get(link);
    if (cached?.etag === etag) return cached.body;
    const key = `${link}|${etag}`;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.renderFresh(userId, scope, etag).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private async renderFresh(userId: number, scope: SubscriptionScope, etag: string): Promise<Buffer | null> {
    const user = await this.users.findById(userId);
    if (!user) return null;
    const body = Buffer.from(await this.render(user, scope), 'utf8');
    // Only the newest version is worth keeping; an older ETag's render finishing late must not replace it.
    const link = `${userId}|${scope}`;
    const kept = this.renders.get(link);
    if (!kept || kept.etag !== etag) this.renders.set(link, { etag, body });
    return body;
  }

  private window(now: Date) {
    return { start: new Date(now.getTime() - BACK_DAYS * DAY_MS), end: new Date(now.getTime() + AHEAD_DAYS * DAY_MS) };
  }

  /**
   * The calendar of the person's properties the scope names (all, or one they are a member of). In the link of all,
   * a person with more than one property sees each entry's property before its title.
   */
  async render(user: User, scope: SubscriptionScope = ALL_PROPERTIES, now = this.clock.now()): Promise<string> {
    const shown: { id: number; name: string }[] = await this.db.query(
      `SELECT s.id, s.name FROM ${memberPropertyRowsSql('$1', '$2::int')} s ORDER BY s.joined_at, s.id`,
      [user.id, scope],
    );
    return this.renderOf(user, scope, shown.map((p) => ({ id: Number(p.id), name: p.name })), now);
  }

  /** One property's calendar, for a download the property access rule allowed (staff's included). */
  renderProperty(user: User, property: { id: number; name: string }, now = this.clock.now()): Promise<string> {
    return this.renderOf(user, property.id, [property], now);
  }

  private async renderOf(user: User, scope: SubscriptionScope, shown: { id: number; name: string }[], now: Date): Promise<string> {
    const range = this.window(now);
    const ids = shown.map((p) => p.id);
    const [events, imported, marked] = ids.length
      ? await Promise.all([this.calendar.listEvents(ids, range), this.externalBookings.listForProperty(ids, range), this.calendar.listMarkedDays(ids, range)])
      : [[], [], []];
    const names = new Map(shown.map((p) => [p.id, p.name]));
    const titled = (propertyId: number, title: string) => (scope === ALL_PROPERTIES && shown.length > 1 ? `${names.get(propertyId) ?? ''}: ${title}` : title);
    const host = new URL(this.config.publicUrl).hostname;
    const cal: ICalCalendar = ical({
      name: singleLine(`Kalender – ${scope === ALL_PROPERTIES ? user.name : (shown[0]?.name ?? user.name)}`),
      prodId: { company: 'eierportal', product: 'kalender', language: 'NB' },
      ttl: 3600,
    });
    for (const e of events) {
      const end = e.endTime && e.endTime > e.startTime ? e.endTime : e.endsAt;
      cal.createEvent({
        id: `event-${e.id}@${host}`,
        ...(e.allDay ? allDaySpan(this.config.businessTimeZone, e.startTime, e.endTime) : { start: e.startTime, end }),
        allDay: e.allDay,
        summary: singleLine(titled(e.propertyId, e.title)),
        description: optionalText(e.description, multiLine),
        location: optionalText(e.location, singleLine),
        // A stay waiting for staff's approval is not settled yet: calendar apps show it as tentative.
        ...(e.awaitingApproval ? { status: ICalEventStatus.TENTATIVE } : {}),
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
        summary: singleLine(titled(e.propertyId, e.summary || (e.sourceName ?? SOURCE_KIND_NAMES[e.sourceKind]))),
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
        summary: titled(d.propertyId, MARKER_NAMES[d.markerType] ?? d.markerType),
        description: optionalText(d.notes, multiLine),
        stamp: now,
        lastModified: d.updatedAt,
      });
    }
    return cal.toString();
  }
}
