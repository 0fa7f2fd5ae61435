import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BLOCKED_KINDS, CANCELLED, channelOf } from '../bookings/external-booking.types';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { isOwnerStay } from '../calendar/calendar.dto';
import { CalendarService } from '../calendar/calendar.service';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { fromMinor, toMinor } from '../common/money';
import { PricesService } from '../prices/prices.service';
import { PropertyAccess } from '../properties/property-access.service';
import type { Property } from '../properties/property.entity';
import { dayIn, nightCount, nightsInYear, nightsOf, pastLimit, SHORT_TERM_MAX_NIGHTS, type StayNights, yearSpan } from '../stays/stays.types';
import { UsersService } from '../users/users.service';
import './nights.events';
import { StaysService } from '../stays/stays.service';
import type { NightsResponse, PastLimitListedResponse, StayPreviewResponse } from './nights.dto';
import type { CalendarEvent } from '../calendar/event.entity';
import type { ExternalBooking } from '../bookings/external-booking.types';
import type { User } from '../users/user.entity';

const left = (limit: number | null, used: number) => (limit === null ? null : Math.max(0, limit - used));

/** The shares of the rental day limit whose reaching is told, each once a year. */
const THRESHOLDS = [80, 100] as const;

/**
 * A property's year in nights (docs/product/stays.md#the-years-nights): read from the calendar, the bookings store,
 * the stay rules and the price intervals the property already holds; nothing is fetched from outside.
 */
@Injectable()
export class NightsService implements OnModuleInit {
  private readonly logger = new Logger('Nights');

  constructor(
    private readonly calendar: CalendarService,
    private readonly bookings: ExternalBookingsService,
    private readonly stays: StaysService,
    private readonly prices: PricesService,
    private readonly access: PropertyAccess,
    private readonly users: UsersService,
    private readonly db: DataSource,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  /** Every import that changed a property's bookings may have brought its rental days to a threshold. */
  onModuleInit(): void {
    this.bus.on('bookings.stored', (e) => this.warnRentalDays(e.propertyId).catch((error: Error) => this.logger.warn(`rental day warning: ${error.message}`)));
  }

  /**
   * Tells the property's owners and co-owners, and the admins, when its rental days of this year or the next reach 80 %
   * and 100 % of its limit (docs/product/stays.md#warnings): each threshold once a year, as the row that marks it is
   * written first. Nothing is refused: the bookings come from channels the owners control.
   */
  async warnRentalDays(propertyId: number): Promise<void> {
    const rules = await this.stays.rulesOf(propertyId);
    if (!rules?.rentalDayLimit) return;
    const property = await this.access.zoneOf(propertyId);
    if (!property) return;
    const thisYear = Number(dayIn(property.timezone, this.clock.now()).slice(0, 4));
    for (const year of [thisYear, thisYear + 1]) {
      const { rentalDays, rentalDayLimit: limit } = await this.year(property, year);
      if (limit === null) return;
      for (const threshold of THRESHOLDS) {
        if (rentalDays * 100 < limit * threshold) continue;
        const marked = await this.db.query(
          'INSERT INTO rental_day_warnings (property_id, year, threshold, rental_days) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING year',
          [propertyId, year, threshold, rentalDays],
        );
        if (marked.length === 0) continue;
        const [members, admins] = await Promise.all([this.access.memberIds(propertyId, 'write'), this.users.activeAdminIds()]);
        await this.bus.emit('nights.rental_days.reached', { propertyId, propertyName: property.name, year, threshold, rentalDays, limit, members, admins });
      }
    }
  }

  async year(property: Pick<Property, 'id' | 'timezone'>, year: number): Promise<NightsResponse> {
    const zone = property.timezone;
    const span = yearSpan(year);
    const [rules, events, bookings, prices, pendingRequests] = await Promise.all([
      this.stays.rulesOf(property.id),
      this.calendar.listEvents(property.id, span),
      this.bookings.listForProperty(property.id, span),
      this.prices.forProperty(property.id),
      this.stays.pendingIn(property.id, year, zone),
    ]);
    // Used: the stays that are the owners' now; one waiting for approval is counted in pendingRequests instead.
    const ownerStays = events.filter((e) => isOwnerStay(e) && !e.awaitingApproval).map((e) => nightsOf(e.startTime, e.endsAt, zone));
    const rented = rentedStays(events, bookings, zone);

    const ownerNights = nightsInYear(ownerStays, year);
    const rentalDays = nightsInYear(rented.map((r) => r.stay), year);
    const ownerNightsLimit = rules?.maxOwnerNightsPerYear ?? null;
    const rentalDayLimit = rules?.rentalDayLimit ?? null;

    return {
      propertyId: property.id,
      year,
      ownerNights,
      ownerNightsLimit,
      ownerNightsLeft: left(ownerNightsLimit, ownerNights),
      rentalDays,
      housingType: rules?.housingType ?? null,
      rentalDayLimit,
      rentalDaysLeft: left(rentalDayLimit, rentalDays),
      pastLimit: rentalDayLimit === null ? [] : pastLimitOf(rented, year, rentalDayLimit),
      pendingRequests,
      forgoneIncome: forgone(prices, ownerNights),
    };
  }

  /**
   * Staff's list of the bookings past the rental day limit, of every property that has one (docs/product/stays.md#warnings),
   * in a few reads whatever the number of properties: their rules, names and zones, events and bookings, each one read.
   */
  async pastLimitEverywhere(year: number): Promise<PastLimitListedResponse[]> {
    const limited = await this.stays.withRentalDayLimit();
    const ids = limited.map((r) => r.propertyId);
    const span = yearSpan(year);
    const [properties, events, bookings] = ids.length
      ? await Promise.all([this.access.zonesOf(ids), this.calendar.listEvents(ids, span), this.bookings.listForProperty(ids, span)])
      : [[], [], []];
    const limitOf = new Map(limited.map((r) => [r.propertyId, r.rentalDayLimit!]));
    return properties.flatMap((p) => {
      const rented = rentedStays(events.filter((e) => e.propertyId === p.id), bookings.filter((b) => b.propertyId === p.id), p.timezone);
      const limit = limitOf.get(p.id)!;
      return pastLimitOf(rented, year, limit).map((b) => ({ ...b, id: `${p.id}-${b.id}`, bookingId: b.id, propertyId: p.id, propertyName: p.name, rentalDayLimit: limit }));
    });
  }

  /**
   * A property's stays of the years `first` to `last` by their nights in its time zone, for the owner's year view
   * (docs/product/insights.md): the owners' own stays (not one awaiting approval) and the guests' stays with the
   * channel each came through, leases longer than short-term rental included. Two reads, whatever the number of stays.
   */
  async staysOf(property: Pick<Property, 'id' | 'timezone'>, first: number, last = first): Promise<{ owner: StayNights[]; guests: GuestStay[] }> {
    const span = yearSpan(first, last);
    const [events, bookings] = await Promise.all([this.calendar.listEvents(property.id, span), this.bookings.listForProperty(property.id, span)]);
    return {
      owner: events.filter((e) => isOwnerStay(e) && !e.awaitingApproval).map((e) => nightsOf(e.startTime, e.endsAt, property.timezone)),
      guests: guestStays(events, bookings, property.timezone),
    };
  }

  /** A stay checked before it is sent: the rules it would break, whether it would wait, and the income it would forgo. */
  async preview(user: User, property: Pick<Property, 'id' | 'timezone'>, start: Date, end: Date | null, exceptId?: number): Promise<StayPreviewResponse> {
    const [verdict, prices] = await Promise.all([this.calendar.stayVerdict(user, property, start, end, exceptId), this.prices.forProperty(property.id)]);
    return { nights: verdict.nights, errors: verdict.breaches, approval: verdict.approval, forgoneIncome: forgone(prices, verdict.nights) };
  }
}

/**
 * A guest's stay: from a channel (or synced into the calendar by staff), its nights in the property's zone, and the
 * channel it came through (channelOf; a synced event's feed name or source type).
 */
export interface GuestStay {
  id: string | number;
  title: string;
  stay: StayNights;
  channel: string;
}

/** The guests' stays among a property's events and bookings, in the order read; blocks and cancelled bookings are none. */
function guestStays(events: readonly CalendarEvent[], bookings: readonly ExternalBooking[], zone: string): GuestStay[] {
  return [
    ...events.filter((e) => e.source).map((e) => ({ id: e.id, title: e.title, stay: nightsOf(e.startTime, e.endsAt, zone), channel: e.source!.feedName?.trim() || e.source!.type })),
    ...bookings
      .filter((b) => !BLOCKED_KINDS.includes(b.kind) && b.status !== CANCELLED)
      .map((b) => ({
        id: b.id, title: b.summary, channel: channelOf(b),
        stay: b.allDay && b.startDate && b.endDate ? { first: b.startDate, end: b.endDate } : nightsOf(b.startTime, b.endsAt, zone),
      })),
  ];
}

/** The rented stays as the rental days count them: a guest's stay of 30 nights or fewer (a longer one is a lease). */
const rentedStays = (events: readonly CalendarEvent[], bookings: readonly ExternalBooking[], zone: string): GuestStay[] =>
  guestStays(events, bookings, zone).filter((r) => nightCount(r.stay) <= SHORT_TERM_MAX_NIGHTS);

/** The stays past a limit as the API names them, in date order. */
const pastLimitOf = (rented: readonly GuestStay[], year: number, limit: number) =>
  pastLimit(rented, year, limit)
    .map(({ of, nightsPast }) => ({ id: of.id, title: of.title, from: of.stay.first, to: of.stay.end, nightsPastLimit: nightsPast }))
    .sort((a, b) => a.from.localeCompare(b.from));

/** The owner nights at the mean of the active intervals' middle prices less their discounts, in øre; null without any. */
function forgone(prices: { priceFrom: string; priceTo: string; discountPercent: string; isActive: boolean }[], nights: number) {
  const active = prices.filter((p) => p.isActive);
  if (active.length === 0) return null;
  // discountPercent in hundredths of a percent (toMinor of '12.50' is 1250), so the factor is (10000 - d) / 10000.
  const nightly = active.reduce((sum, p) => sum + ((toMinor(p.priceFrom) + toMinor(p.priceTo)) * (10000n - toMinor(p.discountPercent))) / 20000n, 0n) / BigInt(active.length);
  return { amount: fromMinor(nightly * BigInt(nights)), currency: 'NOK' };
}
