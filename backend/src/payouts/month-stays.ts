import { BLOCKED_KINDS, CANCELLED, type ExternalBooking, SOURCE_KIND_NAMES } from '../bookings/external-booking.types';
import { isOwnerStay } from '../calendar/calendar.dto';
import type { CalendarEvent } from '../calendar/event.entity';
import { nightsOf, type StayNights } from '../stays/stays.types';
import { bookedNightsInMonth } from './rental-nights';

/** A rented stay with nights in the month (docs/product/payouts-and-prices.md#the-payout-explained). */
export interface MonthStay {
  /** The booking's id in the product (`ical-…`, `beds24-…`), or `event-<id>` for a booking synced into the calendar. */
  ref: string;
  /** Where it was booked: the channel Beds24 names, the iCal feed's name, or 'Kalender'. */
  channel: string;
  /** The first night and the check-out day ('YYYY-MM-DD', the property's time zone; end exclusive). */
  start: string;
  end: string;
  /** Its nights inside the month (a stay over a month's end counts in both months by its nights). */
  nights: number;
}

export interface MonthNights {
  stays: MonthStay[];
  /** Nights of the month per channel, each date once within a channel. */
  nightsByChannel: Record<string, number>;
  /** The month's rented nights, each date once however many stays hold it. */
  rentalDays: number;
  /** The nights of the owners' own stays in the month: no rental, no rent. */
  ownerNights: number;
}

/** A stay as the month counts it: its ref, its channel and its nights in the property's zone. */
export interface RentedStay {
  ref: string;
  channel: string;
  stay: StayNights;
}

const monthNights = (stays: readonly StayNights[], year: number, month: number) =>
  bookedNightsInMonth(stays.map((s) => ({ checkIn: s.first, checkOut: s.end })), year, month);

/**
 * The month's stays and nights: each rented stay with its nights inside the month, the nights per channel and the
 * rental days (each date once), and the owners' nights apart. Stays with no night in the month are left out.
 */
export function monthNightsOf(rented: readonly RentedStay[], ownerStays: readonly StayNights[], year: number, month: number): MonthNights {
  const stays = rented
    .map((r) => ({ ref: r.ref, channel: r.channel, start: r.stay.first, end: r.stay.end, nights: monthNights([r.stay], year, month) }))
    .filter((s) => s.nights > 0)
    .sort((a, b) => a.start.localeCompare(b.start) || a.ref.localeCompare(b.ref));
  const channels = [...new Set(stays.map((s) => s.channel))].sort((a, b) => a.localeCompare(b));
  const nightsByChannel = Object.fromEntries(channels.map((c) => [c, monthNights(rented.filter((r) => r.channel === c).map((r) => r.stay), year, month)]));
  return { stays, nightsByChannel, rentalDays: monthNights(rented.map((r) => r.stay), year, month), ownerNights: monthNights(ownerStays, year, month) };
}

/** The channel a stored booking came through: Beds24's channel line, else the feed's name, else the source kind. */
export function channelOf(b: Pick<ExternalBooking, 'sourceKind' | 'sourceName' | 'description'>): string {
  if (b.sourceKind === 'beds24') {
    const named = /^Kanal: (.+)$/m.exec(b.description ?? '');
    if (named) return named[1].trim();
  }
  return b.sourceName?.trim() || SOURCE_KIND_NAMES[b.sourceKind];
}

/**
 * The rented stays among a property's bookings and calendar events, in its zone: the stored bookings that hold a
 * guest (blocks and cancelled ones are none) and the bookings synced into the calendar (events with a source).
 */
export function rentedStaysOf(bookings: readonly ExternalBooking[], events: readonly CalendarEvent[], zone: string): RentedStay[] {
  return [
    ...bookings
      .filter((b) => !BLOCKED_KINDS.includes(b.kind) && b.status !== CANCELLED)
      .map((b) => ({ ref: b.id, channel: channelOf(b), stay: b.allDay && b.startDate && b.endDate ? { first: b.startDate, end: b.endDate } : nightsOf(b.startTime, b.endsAt, zone) })),
    ...events.filter((e) => e.source !== null).map((e) => ({ ref: `event-${e.id}`, channel: 'Kalender', stay: nightsOf(e.startTime, e.endsAt, zone) })),
  ];
}

/** The owners' own stays among the calendar's events (not staff's, not one still waiting for approval), in the zone. */
export function ownerStaysOf(events: readonly CalendarEvent[], zone: string): StayNights[] {
  return events.filter((e) => isOwnerStay(e) && !e.awaitingApproval).map((e) => nightsOf(e.startTime, e.endsAt, zone));
}
