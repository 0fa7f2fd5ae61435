import { utcToWallTime } from '../common/time/timezones';

/** Where a stay's nights are counted: the properties are in Norway. */
export const RENTAL_ZONE = 'Europe/Oslo';

/** A stay as days: check-in day and check-out day ('YYYY-MM-DD', check-out exclusive). */
export interface Stay { checkIn: string; checkOut: string }

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** The Oslo calendar day of an instant. */
export function osloDay(instant: Date): string {
  const w = utcToWallTime(instant.getTime(), RENTAL_ZONE);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The booked nights of a month: each night is the day a guest sleeps over, from check-in up to (not including)
 * check-out. A stay over a month edge counts only its nights inside the month; a night booked by two stays (the
 * same stay from two sources, or overlapping ones) counts once.
 */
export function bookedNightsInMonth(stays: Stay[], year: number, month: number): number {
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  const next = Date.UTC(year, month, 1) / DAY_MS;
  const nights = new Set<number>();
  for (const stay of stays) {
    const from = Math.max(dayNumber(stay.checkIn), first);
    const to = Math.min(dayNumber(stay.checkOut), next);
    for (let night = from; night < to; night++) nights.add(night);
  }
  return nights.size;
}
