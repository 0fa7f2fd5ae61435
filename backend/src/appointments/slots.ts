import { utcToWallTime, wallTimeToUtc } from '../common/time/timezones';

/** One weekly range as the slot reckoning needs it. */
export interface HoursRange { weekday: number; startTime: string; endTime: string; staff: number[] }
/** A time a staff member is taken (a booked appointment or a scheduled meeting), as epoch milliseconds. */
export interface Busy { staffUserId: number; start: number; end: number }
/** A slot and the staff members whose range it lies in (free or not). */
export interface Slot { start: number; end: number; staff: number[] }

const MINUTE = 60_000;
export const DAY_MS = 86_400_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The days from `from` to `to` (YYYY-MM-DD, both included). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** The calendar day (YYYY-MM-DD) of an instant in `zone`. */
export function dayIn(ms: number, zone: string): string {
  const w = utcToWallTime(ms, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * Every slot of the ranges on the given days, by wall time in `zone`: a range 09:00–11:00 with 30-minute slots gives
 * 09:00, 09:30, 10:00 and 10:30 on that day whatever its UTC offset, so the daylight-saving days keep their wall
 * times. A wall time that does not exist (the spring gap) has no slot; one that occurs twice (the autumn overlap)
 * means its first occurrence. Ranges of the same weekday that share a slot join their staff.
 */
export function slotsOn(days: string[], ranges: HoursRange[], slotMinutes: number, zone: string): Slot[] {
  const byStart = new Map<number, Slot>();
  for (const day of days) {
    const [year, month, date] = day.split('-').map(Number);
    const weekday = weekdayOf(day);
    for (const range of ranges) {
      if (range.weekday !== weekday || !range.staff.length) continue;
      const last = minutesOf(range.endTime) - slotMinutes;
      for (let m = minutesOf(range.startTime); m <= last; m += slotMinutes) {
        const wall = { year, month, day: date, hour: Math.floor(m / 60), minute: m % 60, second: 0 };
        const start = wallTimeToUtc(wall, zone);
        const back = utcToWallTime(start, zone);
        if (back.hour !== wall.hour || back.minute !== wall.minute || back.day !== wall.day) continue;
        const slot = byStart.get(start) ?? { start, end: start + slotMinutes * MINUTE, staff: [] };
        for (const s of range.staff) if (!slot.staff.includes(s)) slot.staff.push(s);
        byStart.set(start, slot);
      }
    }
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** The staff members of a slot with nothing of theirs overlapping it, in the order they were given. */
export function freeStaff(slot: Slot, busy: Busy[]): number[] {
  return slot.staff.filter((s) => !busy.some((b) => b.staffUserId === s && b.start < slot.end && b.end > slot.start));
}
