import type { ExternalBookingInput } from '../bookings/external-booking.types';
import { singleLine } from '../common/text/control-characters';
import { utcToWallTime, wallTimeToUtc } from '../common/time/timezones';
import type { Beds24Booking } from './beds24-client';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in `zone`. */
export function todayIn(now: Date, zone: string): string {
  const w = utcToWallTime(now.getTime(), zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/**
 * The full window (docs/interop.md#the-sync-window-and-its-cost): stays departing from `historicalDays` ago (so one that straddles the window's
 * start is included) and arriving up to `futureDays` ahead.
 */
export function syncWindow(now: Date, zone: string, historicalDays: number, futureDays: number): { departureFrom: string; arrivalTo: string } {
  const today = todayIn(now, zone);
  return { departureFrom: addDays(today, -historicalDays), arrivalTo: addDays(today, futureDays) };
}

/** Beds24's channel words, in a Map: a channel is Beds24's text, and 'constructor' must not name Object. */
const CHANNEL_NAMES: ReadonlyMap<string, string> = new Map([
  ['airbnb', 'Airbnb'], ['airbnbical', 'Airbnb'], ['booking', 'Booking.com'], ['vrbo', 'Vrbo'], ['vrboical', 'Vrbo'], ['expedia', 'Expedia'], ['direct', 'Direkte'], ['googlecal', 'Google'],
]);

/** The channel as the owner reads it: a known name, else Beds24's own word, else 'Beds24'. */
export function channelName(channel: string): string {
  const key = channel.trim().toLowerCase();
  return CHANNEL_NAMES.get(key) ?? (key ? singleLine(channel.trim()).slice(0, 40) : 'Beds24');
}

const STATUS: Record<Beds24Booking['status'], string> = {
  confirmed: 'confirmed', black: 'confirmed', new: 'tentative', request: 'tentative', inquiry: 'tentative', cancelled: 'cancelled',
};

/**
 * Midnight of `day` in `zone`, remembered: a sync maps thousands of bookings onto a few hundred distinct days, and each
 * zone conversion costs several Intl calls.
 */
const midnights = new Map<string, number>();
const dayStart = (day: string, zone: string) => {
  const key = `${zone}|${day}`;
  let ms = midnights.get(key);
  if (ms === undefined) {
    const [year, month, d] = day.split('-').map(Number);
    ms = wallTimeToUtc({ year, month, day: d, hour: 0, minute: 0, second: 0 }, zone);
    if (midnights.size >= 20_000) midnights.clear();
    midnights.set(key, ms);
  }
  return new Date(ms);
};

/**
 * The Beds24 adapter's half of the store's contract. Nights are [arrival, departure): an all-day booking from the
 * arrival day to the departure day, end exclusive as in iCal (V1's lastNight, and the old client's added day, are
 * not used). Of the guest only what the owner needs is kept: the channel, the first name and the guest count; e-mail,
 * phone, address and prices are never read. The OTA reference (an Airbnb 'HM…' code) goes in the description's
 * 'Referanse:' line, which the store reads to show a stay found in both Beds24 and an Airbnb iCal feed once.
 * A 'black' booking is the owner's block; 'cancelled' removes the stored booking.
 */
export function toExternalBooking(b: Beds24Booking, zone: string): ExternalBookingInput {
  const channel = channelName(b.channel);
  const firstName = singleLine(b.firstName).trim().slice(0, 60);
  const guests = b.numAdult + b.numChild;
  const block = b.status === 'black';
  const lines = block
    ? ['Blokkert i Beds24']
    : [
        `Kanal: ${channel}`,
        ...(b.apiReference.trim() ? [`Referanse: ${singleLine(b.apiReference).trim().slice(0, 40)}`] : []),
        ...(firstName ? [`Gjest: ${firstName}`] : []),
        ...(guests > 0 ? [`Gjester: ${guests}`] : []),
        ...(STATUS[b.status] === 'tentative' ? [`Status: ${b.status}`] : []),
      ];
  return {
    externalUid: String(b.id),
    recurrenceId: '',
    startTime: dayStart(b.arrival, zone),
    endsAt: dayStart(b.departure, zone),
    allDay: true,
    startDate: b.arrival,
    endDate: b.departure,
    summary: block ? 'Blokkert' : firstName ? `${channel}: ${firstName}` : `${channel}-booking`,
    description: lines.join('\n'),
    location: null,
    status: STATUS[b.status],
    kind: block ? 'block' : 'booking',
    sequence: 0,
  };
}
