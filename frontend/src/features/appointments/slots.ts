/**
 * The slot picker's arithmetic: slots are published in the business time zone (Europe/Oslo), so days and times are
 * shown there whatever the device's zone; the window is the server's (up to 60 days ahead, docs/appointments.md).
 */
import type { AppointmentSlot } from '../../api/types';

export const SLOT_TIME_ZONE = 'Europe/Oslo';
/** How far ahead the page asks for slots; the server offers none beyond 60 days. */
export const WINDOW_DAYS = 60;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SLOT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: SLOT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** YYYY-MM-DD of an instant in Oslo. */
export const osloDay = (instant: Date | string): string => dayFormat.format(new Date(instant));
/** HH:mm of an instant in Oslo. */
export const osloTime = (instant: Date | string): string => timeFormat.format(new Date(instant));

/** The days to ask for: today in Oslo through WINDOW_DAYS later. */
export function slotWindow(now: Date): { from: string; to: string } {
  return { from: osloDay(now), to: osloDay(new Date(now.getTime() + WINDOW_DAYS * 86_400_000)) };
}

export interface SlotDay {
  day: string;
  slots: AppointmentSlot[];
}

/** The slots grouped by their Oslo day, in order. */
export function slotsByDay(slots: AppointmentSlot[]): SlotDay[] {
  const days = new Map<string, AppointmentSlot[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const day = osloDay(slot.start);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

/** A day as people read it ('tirsdag 2. juni 2026' / 'Tuesday 2 June 2026'). */
export function dayLabel(day: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nb-NO', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** A slot's start as people read it: the day and the time in Oslo. */
export const whenLabel = (start: string, language: string): string => `${dayLabel(osloDay(start), language)} ${osloTime(start)}`;
