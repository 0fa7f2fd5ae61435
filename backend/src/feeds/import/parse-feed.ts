/**
 * Turns the bytes of an iCal feed into the events an import should hold, independent of the database.
 *
 * Pipeline: byte-level unfold → decode (BOM, charset) → line clean-up and structure check → ical.js parse →
 * per-VEVENT validation (bad events are rejected, the rest still imports) → dedupe by (UID, RECURRENCE-ID) →
 * recurrence expansion inside the window → cancelled events and instances dropped.
 *
 * A result with ok:false means the feed failed as a whole (HTML page, truncated download, broken structure):
 * the caller must then change nothing that was imported from this feed before. Rules and sources:
 * docs/interop.md#ical-feeds-from-booking-platforms and backend/test/fixtures/ics/README.md.
 */
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { classifyEvent, type ExternalBookingKind } from './classify';
import { decodeFeed } from './decode-feed';
import {
  addDays,
  type DateValue,
  daysBetween,
  firstDateValue,
  formatDate,
  formatInstant,
  indexProperties,
  type JCalProperty,
  propertyDateValues,
  textValue,
} from './ical-values';
import { prepareCalendarText, unfoldBytes } from './preprocess';
import { FeedTimeZones, type FeedZone, type WallTime } from '../../common/time/timezones';

/** One VEVENT (or one instance of a series) as the parser read it; ical-bookings.ts makes it an ExternalBookingInput. */
export interface ParsedVevent {
  /** The feed's UID, or `synthetic-<hash>` for a VEVENT without one (stable across parses of the same content). */
  uid: string;
  /** The instance of a recurring series ('YYYY-MM-DD' or UTC 'YYYY-MM-DDTHH:MM:SSZ'); null for a single event. */
  recurrenceId: string | null;
  /** All-day: 'YYYY-MM-DD'. Timed: UTC instant 'YYYY-MM-DDTHH:MM:SSZ'. */
  start: string;
  /** Exclusive. All-day: the check-out date. Timed: UTC instant (equal to start for a zero-length event). */
  end: string;
  allDay: boolean;
  /** Cancelled events never appear here. */
  status: 'confirmed' | 'tentative';
  summary: string;
  description: string | null;
  location: string | null;
  sequence: number;
  lastModified?: string;
  transparency?: 'opaque' | 'transparent';
  /** Guest stay, blocked dates, or anything else (see classify.ts). */
  kind: ExternalBookingKind;
  reservationCode?: string;
  phoneLast4?: string;
}

/**
 * Why an event was left out, as a message code the owner reads in their language (errors.<code> in the frontend's
 * catalogue); `reason` is the English detail for the logs and staff.
 */
export type RejectionCode =
  | 'feed.event.missingStart'
  | 'feed.event.invalidStart'
  | 'feed.event.invalidEnd'
  | 'feed.event.endBeforeStart'
  | 'feed.event.invalidDuration'
  | 'feed.event.invalidRecurrenceId'
  | 'feed.event.invalidRule'
  | 'feed.event.unsupportedCalendarScale'
  | 'feed.event.stalledSeries'
  | 'feed.event.unreadable';

export interface RejectedEvent {
  uid: string | null;
  code: RejectionCode;
  reason: string;
}

export interface TruncatedSeries {
  uid: string;
  /** Instances imported before the budget ran out. */
  imported: number;
  /** Which limit stopped it. */
  limit: 'instancesPerEvent' | 'instancesPerFeed' | 'msPerEvent' | 'steps';
}

/** The reason recorded for a series whose rule never yielded within the time budget. */
export const STALLED_SERIES = 'recurrence rule yields no instance within the time budget';

export interface ParseFeedOptions {
  /** Recurring series are expanded over [start, end). Single events are kept whatever their dates. */
  window: { start: Date; end: Date };
  /** IANA zone for floating times and all-day window checks, e.g. 'Europe/Oslo'. */
  defaultTimeZone: string;
  /** The HTTP Content-Type; its charset wins over detection when it names a non-UTF-8 encoding. */
  contentType?: string;
  /** Limits on recurrence expansion; without them only the per-rule step cap applies. */
  budget?: ExpansionBudget;
  /** Series (by UID) to leave out unexpanded: an earlier attempt found their rule never yields (see parse-pool.ts). */
  skipSeries?: readonly string[];
  /** Called with a series' UID before it is expanded and with null after, so a watchdog outside can tell which rule a stalled parse is in. */
  onSeries?: (uid: string | null) => void;
}

/**
 * How much recurrence expansion one feed may cost. A rule can explode (FREQ=MINUTELY over three years) or never
 * yield (ical.js loops inside one step on FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30); instance caps bound the first, the
 * time cap bounds slow rules here, and the worker's watchdog (parse-pool.ts) bounds a step that never returns.
 */
export interface ExpansionBudget {
  /** Recurrence instances in the window, over all series of the feed. */
  instancesPerFeed: number;
  /** Recurrence instances in the window for one series. */
  instancesPerEvent: number;
  /** Wall-clock time for expanding one series. */
  msPerEvent: number;
}

export type ParseFeedResult =
  | {
      ok: true;
      events: ParsedVevent[];
      /** Events the importer skipped; any entry makes the import "partial". Also listed in warnings. */
      rejected: RejectedEvent[];
      warnings: string[];
      /** Series cut short by the budget: their first instances in the window are imported, the rest are not. */
      truncated: TruncatedSeries[];
      calendar: { prodId: string | null; name: string | null };
    }
  | { ok: false; error: string };

/** Upper bound on steps through one RRULE, so a minutely rule from 1970 cannot stall a sync. */
const MAX_RECURRENCE_STEPS = 100_000;
const DAY_MS = 86_400_000;

/** How an instance's end follows from its start: calendar days (in wall-clock time) plus exact milliseconds. */
interface Span {
  days: number;
  ms: number;
}

/** A VEVENT that passed validation, before dedupe and expansion. */
interface Candidate {
  /** The VEVENT's jCal; wrapped in an ical.js Component only for recurrence and DURATION. */
  jcal: unknown[];
  /** First property of each name, raw jCal. */
  props: Map<string, JCalProperty>;
  uid: string;
  /** Key of RECURRENCE-ID in the same form as ParsedVevent.recurrenceId; null for a master or single event. */
  recurrenceKey: string | null;
  /** RECURRENCE-ID's date, to match an override written as DATE-TIME against an all-day series. */
  recurrenceDate: string | null;
  sequence: number;
  stampMs: number;
  order: number;
  cancelled: boolean;
  start: DateValue;
  /** Zone of the start's wall-clock time (UTC, its TZID, or the default zone for floating and all-day). */
  zone: FeedZone;
  span: Span;
  fields: Omit<ParsedVevent, 'uid' | 'recurrenceId' | 'start' | 'end' | 'allDay'>;
}

class Rejection extends Error {
  constructor(
    readonly code: RejectionCode,
    message: string,
  ) {
    super(message);
  }
}

/** The last day an iCalendar date can name (four-digit years): an end past it is no date at all. */
const LAST_DAY = Date.UTC(9999, 11, 31);

function syntheticUid(props: Map<string, JCalProperty>): string {
  const parts = ['dtstart', 'dtend', 'duration', 'summary', 'rrule', 'recurrence-id'].map((name) => props.get(name) ?? null);
  return 'synthetic-' + createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

class FeedParser {
  readonly warnings: string[] = [];
  readonly rejected: RejectedEvent[] = [];
  readonly truncated: TruncatedSeries[] = [];
  /** Recurrence instances in the window so far, over all series. */
  private feedInstances = 0;
  private readonly budget: ExpansionBudget;
  private readonly skipSeries: ReadonlySet<string>;
  private readonly onSeries: (uid: string | null) => void;
  private readonly zones: FeedTimeZones;
  private readonly windowStart: number;
  private readonly windowEnd: number;

  constructor(roots: ICAL.Component[], options: ParseFeedOptions) {
    const vtimezones = new Map<string, ICAL.Component>();
    for (const root of roots) {
      for (const vtz of root.getAllSubcomponents('vtimezone')) {
        const tzid = textValue(indexProperties(vtz.jCal).get('tzid'));
        if (tzid) vtimezones.set(tzid, vtz);
      }
    }
    this.zones = new FeedTimeZones(options.defaultTimeZone, vtimezones, (m) => this.warnings.push(m));
    this.windowStart = options.window.start.getTime();
    this.windowEnd = options.window.end.getTime();
    this.budget = options.budget ?? { instancesPerFeed: Infinity, instancesPerEvent: Infinity, msPerEvent: Infinity };
    this.skipSeries = new Set(options.skipSeries ?? []);
    this.onSeries = options.onSeries ?? (() => {});
  }

  /** Zone of a date-time value; floating values take `context` (the event's own zone, or the default). */
  private valueZone(v: DateValue, context: FeedZone): FeedZone {
    if (v.utc) return this.zones.utc;
    return v.tzid ? this.zones.zoneFor(v.tzid) : context;
  }

  private recurrenceKeyOf(v: DateValue, context: FeedZone): string {
    return v.isDate ? formatDate(v.wall) : formatInstant(this.valueZone(v, context).toUtc(v.wall));
  }

  readCandidate(jcal: unknown[], order: number): Candidate {
    const props = indexProperties(jcal);
    const uid = textValue(props.get('uid'))?.trim() || syntheticUid(props);
    const start = firstDateValue(props.get('dtstart'));
    if (start === undefined) throw new Rejection('feed.event.missingStart', 'missing DTSTART');
    if (start === null) throw new Rejection('feed.event.invalidStart', 'DTSTART is not a valid date');
    const zone = start.isDate ? this.zones.defaultZone : this.valueZone(start, this.zones.defaultZone);
    const span = this.readSpan(jcal, props, start, zone);

    let recurrenceKey: string | null = null;
    let recurrenceDate: string | null = null;
    const rid = firstDateValue(props.get('recurrence-id'));
    if (rid === null) throw new Rejection('feed.event.invalidRecurrenceId', 'RECURRENCE-ID is not a valid date');
    if (rid) {
      recurrenceKey = this.recurrenceKeyOf(rid, zone);
      recurrenceDate = formatDate(rid.wall);
    }

    const status = textValue(props.get('status'))?.toUpperCase();
    const transp = textValue(props.get('transp'))?.toUpperCase();
    const sequenceValue = props.get('sequence')?.[3];
    const sequence = typeof sequenceValue === 'number' && Number.isInteger(sequenceValue) ? sequenceValue : 0;
    const stamp = firstDateValue(props.get('dtstamp'));
    const modified = firstDateValue(props.get('last-modified'));
    const summary = textValue(props.get('summary')) ?? '';
    const description = textValue(props.get('description'));
    return {
      jcal,
      props,
      uid,
      recurrenceKey,
      recurrenceDate,
      sequence,
      stampMs: stamp ? this.valueZone(stamp, this.zones.utc).toUtc(stamp.wall) : 0,
      order,
      cancelled: status === 'CANCELLED',
      start,
      zone,
      span,
      fields: {
        status: status === 'TENTATIVE' ? 'tentative' : 'confirmed',
        summary,
        description,
        location: textValue(props.get('location')),
        sequence,
        ...(modified ? { lastModified: formatInstant(this.valueZone(modified, this.zones.utc).toUtc(modified.wall)) } : {}),
        ...(transp === 'TRANSPARENT' || transp === 'OPAQUE' ? { transparency: transp.toLowerCase() as 'opaque' | 'transparent' } : {}),
        ...classifyEvent(summary, description),
      },
    };
  }

  /** DTEND or DURATION as a span; RFC 5545 §3.6.1 defaults: DATE → 1 day, DATE-TIME → 0. */
  private readSpan(jcal: unknown[], props: Map<string, JCalProperty>, start: DateValue, zone: FeedZone): Span {
    const endProp = props.get('dtend');
    if (endProp) {
      const end = firstDateValue(endProp);
      if (!end) throw new Rejection('feed.event.invalidEnd', 'DTEND is not a valid date');
      if (start.isDate) {
        const days = daysBetween(start.wall, end.wall);
        if (days < 0) throw new Rejection('feed.event.endBeforeStart', 'DTEND is before DTSTART');
        return { days: Math.max(days, 1), ms: 0 }; // DTEND == DTSTART on a DATE means one day (fixture tz-8)
      }
      const startMs = zone.toUtc(start.wall);
      const endMs = end.isDate ? zone.toUtc(end.wall) : this.valueZone(end, zone).toUtc(end.wall);
      if (endMs < startMs) throw new Rejection('feed.event.endBeforeStart', 'DTEND is before DTSTART');
      return { days: 0, ms: endMs - startMs };
    }
    if (props.has('duration')) {
      let d: ICAL.Duration | null;
      try {
        d = new ICAL.Component(jcal).getFirstPropertyValue('duration') as ICAL.Duration | null;
      } catch {
        d = null;
      }
      if (!d || d.isNegative) throw new Rejection('feed.event.invalidDuration', 'DURATION is negative or not valid');
      const days = d.weeks * 7 + d.days;
      const ms = ((d.hours * 60 + d.minutes) * 60 + d.seconds) * 1000;
      // An end past the last date iCalendar can write (P999999999999999999W) is no end: the event is rejected.
      const startDay = Date.UTC(start.wall.year, start.wall.month - 1, start.wall.day);
      if (!(startDay + days * DAY_MS + ms <= LAST_DAY)) throw new Rejection('feed.event.invalidDuration', 'DURATION ends after the year 9999');
      if (start.isDate) return { days: Math.max(days + Math.ceil(ms / DAY_MS), 1), ms: 0 };
      return { days, ms };
    }
    return start.isDate ? { days: 1, ms: 0 } : { days: 0, ms: 0 };
  }

  /** Start and end instants of an instance starting at `wall` (all-day: midnights in the default zone). */
  private instantsOf(c: Candidate, wall: WallTime): { startMs: number; endMs: number } {
    const startMs = c.zone.toUtc(wall);
    const endMs = c.span.days ? c.zone.toUtc(addDays(wall, c.span.days)) + c.span.ms : startMs + c.span.ms;
    return { startMs, endMs };
  }

  private inWindow(startMs: number, endMs: number): boolean {
    if (startMs >= this.windowEnd) return false;
    return endMs > this.windowStart || (endMs === startMs && startMs >= this.windowStart);
  }

  toEvent(c: Candidate, wall: WallTime, recurrenceId: string | null): ParsedVevent {
    if (c.start.isDate) {
      return {
        uid: c.uid,
        recurrenceId,
        start: formatDate(wall),
        end: formatDate(addDays(wall, c.span.days)),
        allDay: true,
        ...c.fields,
      };
    }
    const { startMs, endMs } = this.instantsOf(c, wall);
    return { uid: c.uid, recurrenceId, start: formatInstant(startMs), end: formatInstant(endMs), allDay: false, ...c.fields };
  }

  isRecurring(c: Candidate): boolean {
    return c.props.has('rrule') || c.props.has('rdate');
  }

  /**
   * Instances of a series that overlap the window, by recurrence key, EXDATEs removed. Stops at the budget: the
   * instances found until then are kept and the series is listed as truncated.
   */
  expand(master: Candidate): Map<string, WallTime> {
    const { start, zone } = master;
    const startedAt = performance.now();
    const perEvent = Math.min(this.budget.instancesPerEvent, this.budget.instancesPerFeed - this.feedInstances);
    let stoppedBy: TruncatedSeries['limit'] | null = null;
    const keyOf = (wall: WallTime) => (start.isDate ? formatDate(wall) : formatInstant(zone.toUtc(wall)));
    const component = new ICAL.Component(master.jcal);
    const excludedKeys = new Set<string>();
    const excludedDates = new Set<string>();
    for (const prop of component.getAllProperties('exdate')) {
      for (const v of propertyDateValues(prop.jCal as JCalProperty)) {
        if (!v) continue;
        if (v.isDate || start.isDate) excludedDates.add(formatDate(v.wall));
        else excludedKeys.add(this.recurrenceKeyOf(v, zone));
      }
    }
    const instances = new Map<string, WallTime>();
    /** Adds the instance if it is in the window; false once the instance budget is spent. */
    const consider = (wall: WallTime): boolean => {
      const key = keyOf(wall);
      if (excludedKeys.has(key) || excludedDates.has(formatDate(wall))) return true;
      const { startMs, endMs } = this.instantsOf(master, wall);
      if (!this.inWindow(startMs, endMs) || instances.has(key)) return true;
      if (instances.size >= perEvent) {
        stoppedBy = perEvent === this.budget.instancesPerEvent ? 'instancesPerEvent' : 'instancesPerFeed';
        return false;
      }
      instances.set(key, wall);
      return true;
    };

    consider(start.wall); // DTSTART is always the first instance (RFC 5545 §3.8.5.3)
    const dtstart = ICAL.Time.fromData({ ...start.wall, isDate: start.isDate }, start.utc ? ICAL.Timezone.utcTimezone : undefined);
    // Offsets are under a day, so a wall time two days off the window is outside it in any zone.
    const margin = 2 * DAY_MS + master.span.days * DAY_MS + master.span.ms;
    rules: for (const prop of stoppedBy ? [] : component.getAllProperties('rrule')) {
      const recur = prop.getFirstValue() as ICAL.Recur;
      checkCalendarScale(prop.jCal[3]);
      this.alignUntil(recur, master);
      // ical.js counts the dates it makes up (29 February in a common year becomes 1 March), so COUNT is kept here.
      const count = recur.count;
      recur.count = null;
      const exists = occursOnRealDate(recur, start.wall);
      const iterator = recur.iterator(dtstart);
      let steps = 0;
      let counted = 0;
      for (let occ = iterator.next(); occ; occ = iterator.next()) {
        if (++steps > MAX_RECURRENCE_STEPS) {
          stoppedBy = 'steps';
          break rules;
        }
        // The clock is read every 1,024 steps: a rule that yields slowly stops here; one that never yields is the watchdog's.
        if ((steps & 1023) === 0 && performance.now() - startedAt > this.budget.msPerEvent) {
          stoppedBy = 'msPerEvent';
          break rules;
        }
        const wall = { year: occ.year, month: occ.month, day: occ.day, hour: occ.hour, minute: occ.minute, second: occ.second };
        if (steps > 1 && !exists(wall)) continue; // DTSTART (the first) always counts
        if (count && ++counted > count) break;
        const roughMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
        if (roughMs - 2 * DAY_MS >= this.windowEnd) break;
        if (roughMs + margin <= this.windowStart) continue;
        if (!consider(wall)) break rules;
      }
    }
    rdates: for (const prop of stoppedBy ? [] : component.getAllProperties('rdate')) {
      for (const v of propertyDateValues(prop.jCal as JCalProperty)) {
        if (!v) continue;
        if (!consider(start.isDate || v.isDate ? { ...v.wall, hour: 0, minute: 0, second: 0 } : zone.toWall(this.valueZone(v, zone).toUtc(v.wall)))) break rdates;
      }
    }
    this.feedInstances += instances.size;
    if (stoppedBy) {
      this.truncated.push({ uid: master.uid, imported: instances.size, limit: stoppedBy });
      this.warnings.push(`Recurring event ${master.uid}: stopped at ${instances.size} instance(s) (limit: ${stoppedBy})`);
    }
    return instances;
  }

  /**
   * ical.js compares UNTIL with instances in the series' own zone; with a TZID it does not know, instances are
   * floating and a UTC UNTIL (as Google writes it) would cut off the last instance. Rewrite UNTIL in the series' zone.
   * An all-day series ends on the date its UNTIL names as written, a UTC instant's date in UTC, as other clients read
   * it (docs/interop.md#rules-for-feeds-we-did-not-write).
   */
  private alignUntil(recur: ICAL.Recur, master: Candidate): void {
    const until = recur.until;
    if (!until) return;
    const untilIsUtc = until.zone?.tzid === 'UTC';
    if (master.start.isDate) {
      if (!until.isDate) recur.until = ICAL.Time.fromData({ year: until.year, month: until.month, day: until.day, isDate: true });
      return;
    }
    if (master.start.utc || !untilIsUtc) return;
    const w = master.zone.toWall(Date.UTC(until.year, until.month - 1, until.day, until.hour, until.minute, until.second));
    recur.until = ICAL.Time.fromData({ ...w, isDate: false });
  }

  /** The events of one UID: a single event, or a series with its overrides; cancelled ones left out. */
  eventsOf(master: Candidate | undefined, overrides: Candidate[]): ParsedVevent[] {
    if (master?.cancelled) return []; // a cancelled master cancels every instance
    const events: ParsedVevent[] = [];
    if (master && this.isRecurring(master)) {
      if (this.skipSeries.has(master.uid)) {
        this.reject(master.uid, STALLED_SERIES, 'feed.event.stalledSeries');
        return [];
      }
      let instances: Map<string, WallTime>;
      try {
        this.onSeries(master.uid);
        instances = this.expand(master);
      } catch (e) {
        if (e instanceof Rejection) this.reject(master.uid, e.message, e.code);
        else this.reject(master.uid, `recurrence rule could not be expanded (${(e as Error).message})`, 'feed.event.invalidRule');
        return [];
      } finally {
        this.onSeries(null);
      }
      const byDate = new Map([...instances.keys()].map((key) => [key.slice(0, 10), key]));
      for (const o of overrides) {
        const key = instances.has(o.recurrenceKey!) ? o.recurrenceKey! : master.start.isDate ? byDate.get(o.recurrenceDate!) : undefined;
        if (key) instances.delete(key);
        const { startMs, endMs } = this.instantsOf(o, o.start.wall);
        if (!o.cancelled && (key || this.inWindow(startMs, endMs))) events.push(this.toEvent(o, o.start.wall, key ?? o.recurrenceKey));
      }
      for (const [key, wall] of instances) events.push(this.toEvent(master, wall, key));
      return events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    }
    if (master) events.push(this.toEvent(master, master.start.wall, null));
    for (const o of overrides) if (!o.cancelled) events.push(this.toEvent(o, o.start.wall, o.recurrenceKey));
    return events;
  }

  reject(uid: string | null, reason: string, code: RejectionCode): void {
    this.rejected.push({ uid, code, reason });
    this.warnings.push(`Rejected event ${uid ?? '(no UID)'}: ${reason}`);
  }
}

/**
 * RSCALE (RFC 7529) names the calendar a rule counts in; only the Gregorian one is read, and only with the default
 * SKIP=OMIT (a date the year lacks is left out). Another calendar read as Gregorian would put every instance on the
 * wrong day, so such a series is rejected.
 */
function checkCalendarScale(value: unknown): void {
  const parts = (value ?? {}) as Record<string, unknown>;
  const rscale = typeof parts.rscale === 'string' ? parts.rscale.toUpperCase() : null;
  const skip = typeof parts.skip === 'string' ? parts.skip.toUpperCase() : 'OMIT';
  if (rscale !== null && rscale !== 'GREGORIAN') throw new Rejection('feed.event.unsupportedCalendarScale', `RRULE with RSCALE=${rscale}`);
  if (skip !== 'OMIT') throw new Rejection('feed.event.unsupportedCalendarScale', `RRULE with SKIP=${skip}`);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A test for the dates ical.js makes up: a rule whose day comes from DTSTART or BYMONTHDAY yields 1 March for 29
 * February in a common year (FREQ=YEARLY from 2024-02-29). RFC 5545 §3.3.10: a date that does not exist is no
 * instance and is not counted.
 */
function occursOnRealDate(recur: ICAL.Recur, start: WallTime): (wall: WallTime) => boolean {
  const parts = recur.parts as Record<string, number[] | undefined>;
  const byMonth = parts.BYMONTH;
  const byMonthDay = parts.BYMONTHDAY;
  const dayFromStart = !byMonthDay && !parts.BYDAY && !parts.BYYEARDAY && !parts.BYWEEKNO;
  return (wall) => {
    if (byMonth && !byMonth.includes(wall.month)) return false;
    if (byMonthDay) {
      const last = daysIn(wall.year, wall.month);
      return byMonthDay.some((d) => (d > 0 ? d : last + 1 + d) === wall.day);
    }
    if (!dayFromStart) return true;
    if (recur.freq === 'YEARLY') return wall.day === start.day && (byMonth !== undefined || wall.month === start.month);
    if (recur.freq === 'MONTHLY') return wall.day === start.day;
    return true;
  };
}

/**
 * Calls `replace` with each component directly inside a VCALENDAR (events, to-dos, vendors' X- blocks) but VTIMEZONE,
 * what it nests included, and puts its answer in the block's place. The text is prepareCalendarText's: CRLF lines,
 * BEGIN and END balanced.
 */
function replaceTopComponents(text: string, replace: (block: string, name: string) => string): string {
  const lines = text.split('\r\n');
  const out: string[] = [];
  let depth = 0;
  let block: string[] | null = null;
  let name = '';
  for (const line of lines) {
    const begin = line.startsWith('BEGIN:') ? line.slice(6) : null;
    if (begin !== null && depth === 1 && begin !== 'VTIMEZONE') {
      block = [];
      name = begin;
    }
    if (begin !== null) depth++;
    if (line.startsWith('END:')) depth--;
    if (!block) {
      out.push(line);
      continue;
    }
    block.push(line);
    if (depth === 1) {
      const kept = replace(block.join('\r\n') + '\r\n', name);
      if (kept) out.push(kept.slice(0, -2));
      block = null;
    }
  }
  return out.join('\r\n');
}

function toRoots(jcal: unknown[]): ICAL.Component[] {
  return (typeof jcal[0] === 'string' ? [jcal] : (jcal as unknown[][])).map((c) => new ICAL.Component(c));
}

/**
 * ical.js parses some values eagerly (RRULE, DURATION, UTC offsets) and throws for the whole file on one bad
 * value. When that happens, find the components it cannot read one by one, leave them out, and parse the rest: an
 * unreadable VEVENT is rejected; an unreadable component the import never reads (a VTODO, a vendor's X- block) is
 * only a warning. A failure outside them (a VTIMEZONE, the calendar's own lines) still fails the feed.
 */
function parseCalendars(text: string): { roots: ICAL.Component[]; unreadable: RejectedEvent[]; skipped: string[] } | { error: string } {
  try {
    return { roots: toRoots(ICAL.parse(text)), unreadable: [], skipped: [] };
  } catch (e) {
    const unreadable: RejectedEvent[] = [];
    const skipped: string[] = [];
    const rest = replaceTopComponents(text, (block, name) => {
      try {
        ICAL.parse(`BEGIN:VCALENDAR\r\n${block}END:VCALENDAR\r\n`);
        return block;
      } catch (blockError) {
        const reason = (blockError as Error).message;
        if (name === 'VEVENT') unreadable.push({ uid: /^UID(?:;[^:]*)?:(.*)$/m.exec(block)?.[1]?.trim() ?? null, code: 'feed.event.unreadable', reason });
        else skipped.push(`Skipped an unreadable ${name} (${reason})`);
        return '';
      }
    });
    if (unreadable.length + skipped.length === 0) return { error: `invalid calendar: ${(e as Error).message}` };
    try {
      return { roots: toRoots(ICAL.parse(rest)), unreadable, skipped };
    } catch (restError) {
      return { error: `invalid calendar: ${(restError as Error).message}` };
    }
  }
}

/** True when `a` should replace `b`: higher SEQUENCE, then later DTSTAMP, then later in the file. */
function supersedes(a: Candidate, b: Candidate): boolean {
  if (a.sequence !== b.sequence) return a.sequence > b.sequence;
  if (a.stampMs !== b.stampMs) return a.stampMs > b.stampMs;
  return a.order > b.order;
}

/**
 * Reads a feed. Whatever a feed holds, the answer is a result: a surprise outside any one event (a library's
 * TypeError on a shape nobody foresaw) fails the feed as unreadable instead of escaping as an internal error.
 */
export function parseFeed(bytes: Buffer, options: ParseFeedOptions): ParseFeedResult {
  try {
    return readFeed(bytes, options);
  } catch (e) {
    return { ok: false, error: `invalid calendar: ${(e as Error).message}` };
  }
}

function readFeed(bytes: Buffer, options: ParseFeedOptions): ParseFeedResult {
  const warnings: string[] = [];
  const decoded = decodeFeed(unfoldBytes(bytes), options.contentType);
  if (decoded.encoding !== 'utf-8') warnings.push(`Feed decoded as ${decoded.encoding}`);
  const prepared = prepareCalendarText(decoded.text);
  if (!prepared.ok) return { ok: false, error: prepared.error };
  if (prepared.skippedLines > 0) warnings.push(`Skipped ${prepared.skippedLines} malformed line(s)`);

  const parsed = parseCalendars(prepared.text);
  if ('error' in parsed) return { ok: false, error: parsed.error };
  const roots = parsed.roots;

  const parser = new FeedParser(roots, options);
  parser.warnings.unshift(...warnings, ...parsed.skipped);
  for (const bad of parsed.unreadable) parser.reject(bad.uid, `unreadable event (${bad.reason})`, bad.code);

  // Dedupe on (UID, RECURRENCE-ID) before expansion, so file order never matters.
  const best = new Map<string, Candidate>();
  let order = 0;
  for (const root of roots) {
    for (const jcal of root.jCal[2] as unknown[][]) {
      if (jcal[0] !== 'vevent') continue;
      let candidate: Candidate;
      try {
        candidate = parser.readCandidate(jcal, order++);
      } catch (e) {
        // One event's surprise (a value ical.js cannot read) is that event's rejection, never the feed's failure.
        const uid = textValue(indexProperties(jcal).get('uid'))?.trim() || null;
        if (e instanceof Rejection) parser.reject(uid, e.message, e.code);
        else parser.reject(uid, `unreadable event (${(e as Error).message})`, 'feed.event.unreadable');
        continue;
      }
      const key = `${candidate.uid}\n${candidate.recurrenceKey ?? ''}`;
      const existing = best.get(key);
      if (!existing || supersedes(candidate, existing)) best.set(key, candidate);
    }
  }

  const series = new Map<string, { master?: Candidate; overrides: Candidate[] }>();
  for (const c of best.values()) {
    const group = series.get(c.uid) ?? { overrides: [] };
    if (c.recurrenceKey === null) group.master = c;
    else group.overrides.push(c);
    series.set(c.uid, group);
  }
  const events = [...series.values()].flatMap(({ master, overrides }) => {
    try {
      return parser.eventsOf(master, overrides);
    } catch (e) {
      parser.reject((master ?? overrides[0]).uid, `unreadable event (${(e as Error).message})`, 'feed.event.unreadable');
      return [];
    }
  });

  const rootProps = indexProperties(roots[0].jCal);
  return {
    ok: true,
    events,
    rejected: parser.rejected,
    warnings: parser.warnings,
    truncated: parser.truncated,
    calendar: { prodId: textValue(rootProps.get('prodid')), name: textValue(rootProps.get('x-wr-calname') ?? rootProps.get('name')) },
  };
}
