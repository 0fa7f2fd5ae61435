/**
 * Time-zone arithmetic for imported iCal times, done with Intl (tzdata of the Node runtime) instead of ical.js,
 * because stock ical.js treats a TZID without a VTIMEZONE as floating and applies the post-gap offset inside a
 * DST gap. See docs/interop.md#what-the-importer-must-get-right.
 */
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';

/** A local wall-clock time (month 1-12), as written in a DTSTART/DTEND/RECURRENCE-ID. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const validZones = new Map<string, boolean>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** True when the runtime knows this IANA zone name (Intl throws a RangeError otherwise). */
export function isIanaTimeZone(name: string): boolean {
  let known = validZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    validZones.set(name, known);
  }
  return known;
}

/**
 * Maps a TZID to an IANA zone the runtime knows, or null. Accepts IANA names, Windows names
 * ("W. Europe Standard Time", via the CLDR windowsZones table) and prefixed IANA names such as
 * "/mozilla.org/20050126_1/Europe/Oslo" that older Lightning/Outlook exports write.
 */
export function resolveTzid(tzid: string): string | null {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (!name) return null;
  if (isIanaTimeZone(name)) return name;
  const windows = findIana(name);
  if (windows.length > 0 && isIanaTimeZone(windows[0])) return windows[0];
  const segments = name.split('/').filter(Boolean);
  for (let i = 1; i < segments.length - 1; i++) {
    const suffix = segments.slice(i).join('/');
    if (isIanaTimeZone(suffix)) return suffix;
  }
  return null;
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall-clock time in `zone` at the UTC instant `utcMs`. */
export function utcToWallTime(utcMs: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

function wallAsUtcMs(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

/** Offset (ms east of UTC) of `zone` at the UTC instant `utcMs`. */
function offsetAt(utcMs: number, zone: string): number {
  const whole = utcMs - (((utcMs % 1000) + 1000) % 1000);
  return wallAsUtcMs(utcToWallTime(whole, zone)) - whole;
}

/**
 * The UTC instant of a wall-clock time in `zone`, following RFC 5545 §3.3.5: a time that does not exist (spring
 * gap) is read with the offset in force before the gap, and an ambiguous one (autumn overlap) means its first
 * occurrence, which also carries the pre-transition offset.
 */
export function wallTimeToUtc(w: WallTime, zone: string): number {
  const asUtc = wallAsUtcMs(w);
  const before = offsetAt(asUtc - DAY_MS, zone);
  const after = offsetAt(asUtc + DAY_MS, zone);
  const withBefore = asUtc - before;
  if (offsetAt(withBefore, zone) === before) return withBefore;
  const withAfter = asUtc - after;
  if (offsetAt(withAfter, zone) === after) return withAfter;
  return withBefore; // inside a gap
}

/** A zone that can convert wall-clock times of one feed to instants and back. */
export interface FeedZone {
  /** IANA name, or the TZID of a VTIMEZONE that only the feed defines. */
  name: string;
  toUtc(w: WallTime): number;
  toWall(utcMs: number): WallTime;
}

const UTC_ZONE: FeedZone = {
  name: 'UTC',
  toUtc: (w) => wallAsUtcMs(w),
  toWall: (ms) => {
    const d = new Date(ms);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  },
};

function ianaZone(name: string): FeedZone {
  if (name === 'UTC' || name === 'Etc/UTC') return UTC_ZONE;
  return { name, toUtc: (w) => wallTimeToUtc(w, name), toWall: (ms) => utcToWallTime(ms, name) };
}

/** Falls back to a feed's own VTIMEZONE (through ical.js) when its TZID is not a name the runtime knows. */
function vtimezoneZone(tzid: string, component: ICAL.Component): FeedZone {
  const tz = new ICAL.Timezone(component);
  return {
    name: tzid,
    toUtc: (w) => ICAL.Time.fromData({ ...w, isDate: false }, tz).toUnixTime() * 1000,
    toWall: (ms) => {
      const local = ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(tz);
      return { year: local.year, month: local.month, day: local.day, hour: local.hour, minute: local.minute, second: local.second };
    },
  };
}

/**
 * Resolves the TZIDs of one feed, in this order: a runtime IANA zone (directly, Windows name, prefixed name), the
 * X-LIC-LOCATION of the feed's VTIMEZONE, the VTIMEZONE itself, and last the default zone with a warning.
 * Floating times (no TZID, no Z) use the default zone, never the server's.
 */
export class FeedTimeZones {
  readonly utc = UTC_ZONE;
  readonly defaultZone: FeedZone;
  private readonly cache = new Map<string, FeedZone>();

  constructor(
    defaultTimeZone: string,
    private readonly vtimezones: Map<string, ICAL.Component>,
    private readonly warn: (message: string) => void,
  ) {
    if (!isIanaTimeZone(defaultTimeZone)) throw new Error(`unknown default time zone ${defaultTimeZone}`);
    this.defaultZone = ianaZone(defaultTimeZone);
  }

  /** The zone of a TZID parameter; null/undefined means floating. */
  zoneFor(tzid: string | null | undefined): FeedZone {
    if (!tzid) return this.defaultZone;
    let zone = this.cache.get(tzid);
    if (!zone) {
      zone = this.resolve(tzid);
      this.cache.set(tzid, zone);
    }
    return zone;
  }

  private resolve(tzid: string): FeedZone {
    const direct = resolveTzid(tzid);
    if (direct) return ianaZone(direct);
    const vtimezone = this.vtimezones.get(tzid);
    if (vtimezone) {
      const location = vtimezone.getFirstPropertyValue('x-lic-location');
      const fromLocation = typeof location === 'string' ? resolveTzid(location) : null;
      return fromLocation ? ianaZone(fromLocation) : vtimezoneZone(tzid, vtimezone);
    }
    this.warn(`Unknown time zone "${tzid}" without VTIMEZONE; read as ${this.defaultZone.name}`);
    return this.defaultZone;
  }
}
