/**
 * The rules an owner's own stay is checked against (docs/product/stays.md), as pure functions of the rules, the stay
 * and the nights already taken: no clock and no database, so the same answer comes before the stay is sent and when
 * it is saved.
 */
import { utcToWallTime } from '../common/time/timezones';

/** A period closed to owners' stays, both days included ('YYYY-MM-DD'). */
export interface Blackout {
  from: string;
  to: string;
  label: string;
}

/** How the property is owned, which decides how many days a year it may be rented out short-term (docs/product/stays.md#rental-days). */
export const HOUSING_TYPES = ['selveier', 'borettslag', 'eierseksjonssameie', 'fritidsbolig', 'annet'] as const;
export type HousingType = (typeof HOUSING_TYPES)[number];

/** The rental days a year the law allows a housing type by default; null: no limit. */
export const DEFAULT_RENTAL_DAY_LIMIT: Record<HousingType, number | null> = {
  selveier: null,
  borettslag: 30,
  eierseksjonssameie: 90,
  fritidsbolig: null,
  annet: null,
};

/** The longest stay that is short-term rental: a longer one is a lease, and no rental day in the law's count. */
export const SHORT_TERM_MAX_NIGHTS = 30;

/** Whether an owner's stay that keeps to the rules is saved at once, or held as a request staff approve or decline. */
export const APPROVALS = ['instant', 'request'] as const;
export type Approval = (typeof APPROVALS)[number];

/** What became of a stay request (docs/product/stays.md#stays-as-requests); only a pending one can be decided. */
export const STAY_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type StayRequestStatus = (typeof STAY_REQUEST_STATUSES)[number];

export interface StayRules {
  maxOwnerNightsPerYear: number | null;
  minNoticeDays: number | null;
  minNights: number | null;
  maxNights: number | null;
  blackouts: Blackout[];
}

/** A stay's nights: the date of its first night and of the morning it ends (exclusive), in the property's time zone. */
export interface StayNights {
  first: string;
  end: string;
}

/** One broken rule, as an API field error (field, code, Norwegian text, the numbers it names). */
export interface StayBreach {
  field: 'startTime' | 'endTime';
  code: 'stay_notice' | 'stay_min_nights' | 'stay_max_nights' | 'stay_blackout' | 'stay_yearly_limit';
  message: string;
  params: Record<string, string | number>;
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of an instant in `zone`. */
export function dayIn(zone: string, at: Date): string {
  const { year, month, day } = utcToWallTime(at.getTime(), zone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayAt = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The nights an event spans in `zone`: each date from the day it starts up to (not including) the day it ends is a
 * night. An all-day event ending at midnight ends on that day; a stay from Friday 15:00 to Sunday 11:00 has two
 * nights; an event within one day has none, and is no stay.
 */
export function nightsOf(start: Date, end: Date, zone: string): StayNights {
  return { first: dayIn(zone, start), end: dayIn(zone, end) };
}

export const nightCount = (stay: StayNights) => Math.max(0, dayNumber(stay.end) - dayNumber(stay.first));

/** The stay's nights per calendar year of the night's date: a stay over New Year counts in both years. */
export function nightsPerYear(stay: StayNights): Map<number, number> {
  const years = new Map<number, number>();
  for (let n = dayNumber(stay.first); n < dayNumber(stay.end); n++) {
    const year = Number(dayAt(n).slice(0, 4));
    years.set(year, (years.get(year) ?? 0) + 1);
  }
  return years;
}

/**
 * Every rule the stay breaks, in the order the rules are listed (an empty list: it may be saved). `today` is the
 * property's date now; `usedByYear` the owner nights other stays take in each year the stay touches.
 */
export function breaches(rules: StayRules, stay: StayNights, today: string, usedByYear: ReadonlyMap<number, number>): StayBreach[] {
  const nights = nightCount(stay);
  if (nights === 0) return [];
  const found: StayBreach[] = [];
  if (rules.minNoticeDays !== null && dayNumber(stay.first) - dayNumber(today) < rules.minNoticeDays) {
    found.push({ field: 'startTime', code: 'stay_notice', message: `Opphold må legges inn minst ${rules.minNoticeDays} dager i forveien`, params: { days: rules.minNoticeDays } });
  }
  if (rules.minNights !== null && nights < rules.minNights) {
    found.push({ field: 'endTime', code: 'stay_min_nights', message: `Et opphold må vare minst ${rules.minNights} netter`, params: { min: rules.minNights, nights } });
  }
  if (rules.maxNights !== null && nights > rules.maxNights) {
    found.push({ field: 'endTime', code: 'stay_max_nights', message: `Et opphold kan vare høyst ${rules.maxNights} netter`, params: { max: rules.maxNights, nights } });
  }
  const lastNight = dayAt(dayNumber(stay.end) - 1);
  for (const b of rules.blackouts) {
    if (b.from <= lastNight && b.to >= stay.first) {
      found.push({ field: 'startTime', code: 'stay_blackout', message: `Eiendommen er stengt for eieropphold ${b.from}–${b.to} (${b.label})`, params: { from: b.from, to: b.to, label: b.label } });
    }
  }
  if (rules.maxOwnerNightsPerYear !== null) {
    for (const [year, count] of nightsPerYear(stay)) {
      const total = (usedByYear.get(year) ?? 0) + count;
      if (total > rules.maxOwnerNightsPerYear) {
        found.push({
          field: 'endTime',
          code: 'stay_yearly_limit',
          message: `Oppholdet gir ${total} eiernetter i ${year}, grensen er ${rules.maxOwnerNightsPerYear}`,
          params: { year, limit: rules.maxOwnerNightsPerYear, used: usedByYear.get(year) ?? 0, total },
        });
      }
    }
  }
  return found;
}

/** The night dates (as day numbers: days since 1970-01-01) of a stay that fall in `year`. */
export function nightsOfYear(stay: StayNights, year: number): number[] {
  const [first, next] = [dayNumber(`${year}-01-01`), dayNumber(`${year + 1}-01-01`)];
  const nights: number[] = [];
  for (let n = Math.max(dayNumber(stay.first), first); n < Math.min(dayNumber(stay.end), next); n++) nights.push(n);
  return nights;
}

/** The nights of these stays that fall in `year`, each date once however many stays hold it. */
export function nightsInYear(stays: readonly StayNights[], year: number): number {
  return new Set(stays.flatMap((stay) => nightsOfYear(stay, year))).size;
}

/**
 * The UTC span that holds every night of the calendar years `first` to `last` in any time zone, a day's margin each
 * side: the nights themselves are counted in the property's zone.
 */
export const yearSpan = (first: number, last = first) => ({ start: new Date(Date.UTC(first - 1, 11, 31)), end: new Date(Date.UTC(last + 1, 0, 2)) });

/**
 * The stays with nights past a yearly limit (docs/product/stays.md#warnings): the year's nights of all of them, each
 * date once, are counted in date order, and every night after the `limit`-th is past it. Answers each stay that holds
 * such a night, with how many of its nights are past the limit; none while the year's nights are within it.
 */
export function pastLimit<T extends { stay: StayNights }>(stays: readonly T[], year: number, limit: number): { of: T; nightsPast: number }[] {
  const all = [...new Set(stays.flatMap((s) => nightsOfYear(s.stay, year)))].sort((a, b) => a - b);
  if (all.length <= limit) return [];
  // The last night within the limit; a limit of 0 leaves none within it.
  const lastAllowed = limit === 0 ? -Infinity : all[limit - 1];
  return stays.map((s) => ({ of: s, nightsPast: nightsOfYear(s.stay, year).filter((n) => n > lastAllowed).length })).filter((p) => p.nightsPast > 0);
}
