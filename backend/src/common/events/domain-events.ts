import { Global, Injectable, Logger, Module, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DatabasePort, Unsubscribe } from '../../database/database.port';

/**
 * Every domain event and its payload. The module that causes something emits it; who reacts is none of its
 * business (docs/architecture.md#how-an-event-flows: cross-cutting reactions go through the event bus). Payloads are plain data: ids, names and
 * counts, never entities.
 */
export interface DomainEvents {
  /** An admin put an event in `userId`'s calendar. */
  'calendar.event.created': { userId: number; actorId: number; eventId: number; title: string; startTime: string };
  /** An admin recoloured an event in `userId`'s calendar. */
  'calendar.event.recolored': { userId: number; actorId: number; eventId: number; title: string; startTime: string; color: string };
  /** An admin deleted an event from `userId`'s calendar. */
  'calendar.event.deleted': { userId: number; actorId: number; eventId: number; title: string; startTime: string };
  /**
   * A pull of a booking source (an iCal feed, Beds24) changed the owner's future bookings; emitted only for a source
   * that had synced before (a first import is not news) and only when a count is above zero. `firstStart` never
   * names a cancelled stay (docs/architecture.md "Booking sources").
   */
  'bookings.pulled': { userId: number; sourceKind: string; sourceId: number; sourceName: string; added: number; changed: number; cancelled: number; firstStart: string | null };
  /**
   * A user's own events changed (made, changed or removed, by the owner or an admin), after the commit: double-booking
   * detection runs for that owner (docs/architecture.md "Double bookings").
   */
  'calendar.events.changed': { userId: number };
  /**
   * A pull of any source changed what ExternalBookingsService stores for the owner (added, changed or removed a booking,
   * a first import included), after the commit; `bookings.pulled` is the owner's news and leaves first imports out.
   */
  'bookings.stored': { userId: number; sourceKind: string; sourceId: number };
  /**
   * Detection found a new double booking (docs/architecture.md "Double bookings"): two entries of the owner's calendar
   * from different sources whose nights overlap on [from, to). `admins` are every active admin to be told.
   */
  /** The double bookings one detection found that are not over yet, earliest first (never empty). */
  'bookings.conflicts.detected': { userId: number; ownerName: string; admins: number[]; conflicts: { conflictId: number; from: string; to: string; aTitle: string; bTitle: string }[] };
  /** A feed has failed for longer than FEED_STALE_HOURS (`since`: its last success, or its creation); once per spell. */
  'feed.failing': { userId: number; feedId: number; feedName: string; since: string };
  /** A feed whose failing was announced synced again. */
  'feed.recovered': { userId: number; feedId: number; feedName: string };
  /**
   * A Beds24 connection was refused (`credentials`: a new key is needed) or failed BEDS24_FAILING_AFTER syncs in a row
   * (`failing`); once per spell. `admins` are every active admin to be told (docs/product/beds24.md#notifications).
   */
  'beds24.failing': { userId: number; configId: number; ownerName: string; reason: 'credentials' | 'failing'; failures: number; since: string; admins: number[] };
  /** A Beds24 connection whose failing was announced synced again. */
  'beds24.recovered': { userId: number; configId: number; ownerName: string; admins: number[] };
  /** An admin made an agreement (a meeting still to come) with the owner `userId`. */
  'agreements.created': AgreementEvent;
  /** An admin changed a scheduled meeting's time, place or text, or put a cancelled one back on. */
  'agreements.changed': AgreementEvent;
  /** An admin cancelled (or deleted) a meeting still to come. */
  'agreements.cancelled': AgreementEvent;
  /** Staff added a note the owner can read (never a private one). */
  'agreements.note.added': AgreementEvent & { noteId: number };
  /** The owner wrote a note on their agreement; `recipients` are its staff (the creator and staff who wrote notes). */
  'agreements.owner.note.added': AgreementEvent & { noteId: number; ownerName: string; recipients: number[] };
  /**
   * A user's payout account number changed (not when set at creation). `last4` are the new number's last four digits
   * (empty when removed); `admins` are every admin to be told. A possible payout fraud: the owner is told as well, by
   * mail at `mailTo`, the address the account had before the change (the same save may have changed it too).
   */
  'users.account_number.changed': { userId: number; actorId: number; userName: string; last4: string; admins: number[]; mailTo: string };
  /**
   * An admin registered a payout for the owner `userId`, changed its amount or status (`changed`), or set it to paid
   * (`paid`); `amount` is numeric(10,2) as a string. The owner is told (docs/product/payouts-and-prices.md#notifications).
   */
  'payouts.changed': { userId: number; actorId: number; payoutId: number; year: number; month: number; amount: string; currency: string; status: string; change: 'registered' | 'changed' | 'paid' };
  /** An owner booked an appointment; its staff member is told (docs/appointments.md). */
  'appointments.booked': AppointmentEvent;
  /** An appointment was cancelled by `actorId` (its owner or staff); the other side is told. */
  'appointments.cancelled': AppointmentEvent;
  /** A message was written on a case; `recipients` are the other side (the owner, or the assignee or every admin). */
  'cases.message.added': CaseEvent & { messageId: number; preview: string };
  /** An admin assigned a case to an admin and/or a department. */
  'cases.assigned': CaseEvent & { assignee: string };
  /** A case was closed (marked as resolved). */
  'cases.closed': CaseEvent;
  /** A closed case was reopened; customer service is told (docs/product/cases.md#data-and-states). */
  'cases.reopened': CaseEvent;
}

/** An appointment of owner `userId` with `staffUserId`; `start` is ISO. */
export interface AppointmentEvent { appointmentId: number; userId: number; staffUserId: number; actorId: number; subject: string; start: string; ownerName: string }

/** A change on a case made by `actorId`, for the people in `recipients` (never the actor). */
export interface CaseEvent { caseId: number; caseNumber: string; title: string; actorId: number; recipients: number[] }

/** An agreement between staff (`actorId` acted) and its owner `userId`; `meetingDate` is ISO. */
/** `endDate` is null for a meeting without an end. */
export interface AgreementEvent { userId: number; actorId: number; agreementId: number; title: string; meetingDate: string; endDate: string | null }

/** Events every instance hears (DatabasePort.publish: LISTEN/NOTIFY on PostgreSQL); payloads stay small (ids). */
export interface BroadcastEvents {
  /** A notification row was stored: each instance pushes it to its own sockets of the user. */
  'notification.stored': { id: number; userId: number };
  /**
   * Sessions ended: `sid` alone (logout), or every one of the user's except `exceptSid` (block, delete, password
   * change). Sockets opened under them close.
   */
  'sessions.ended': { userId: number; sid?: string; exceptSid?: string };
  /** A system setting changed (maintenance mode among them): each instance drops its cached maintenance state. */
  'system.settings.changed': Record<string, never>;
}

type Handler<T> = (payload: T) => Promise<void> | void;

/** The database channel broadcasts travel on. */
export const BROADCAST_CHANNEL = 'eierportal_events';

/**
 * The event bus, in two scopes:
 * - `emit` / `on`: domain events, handled in the process that caused them, after its transaction committed, so a
 *   reaction (storing a notification) happens once however many instances run. The emitter waits for the
 *   handlers; a failing handler is logged and never fails the change that caused it.
 * - `broadcast` / `onBroadcast`: facts every instance must hear (a stored notification to push, sessions that
 *   ended), through DatabasePort.publish: in-process on PGlite, NOTIFY on PostgreSQL. Only ids travel; a listener
 *   reads the rows it needs.
 */
@Injectable()
export class EventBus implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('EventBus');
  private readonly handlers = new Map<string, Handler<never>[]>();
  private readonly broadcastHandlers = new Map<string, Handler<never>[]>();
  private unsubscribe?: Unsubscribe;

  constructor(private readonly database: DatabasePort) {}

  async onModuleInit(): Promise<void> {
    this.unsubscribe = await this.database.subscribe(BROADCAST_CHANNEL, (raw) => void this.deliverBroadcast(raw));
  }

  async onModuleDestroy(): Promise<void> {
    await this.unsubscribe?.();
  }

  on<K extends keyof DomainEvents>(name: K, handler: Handler<DomainEvents[K]>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as Handler<never>]);
  }

  async emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        await (handler as Handler<DomainEvents[K]>)(payload);
      } catch (e) {
        this.logger.error(`${name}: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
      }
    }
  }

  onBroadcast<K extends keyof BroadcastEvents>(name: K, handler: Handler<BroadcastEvents[K]>): void {
    this.broadcastHandlers.set(name, [...(this.broadcastHandlers.get(name) ?? []), handler as Handler<never>]);
  }

  async broadcast<K extends keyof BroadcastEvents>(name: K, payload: BroadcastEvents[K]): Promise<void> {
    await this.database.publish(BROADCAST_CHANNEL, JSON.stringify({ name, payload }));
  }

  private async deliverBroadcast(raw: string): Promise<void> {
    let message: { name: keyof BroadcastEvents; payload: never };
    try {
      message = JSON.parse(raw);
    } catch {
      this.logger.warn('unreadable broadcast ignored');
      return;
    }
    for (const handler of this.broadcastHandlers.get(message.name) ?? []) {
      try {
        await handler(message.payload);
      } catch (e) {
        this.logger.error(`${message.name}: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
      }
    }
  }
}

/** The bus, available to every module. */
@Global()
@Module({ providers: [EventBus], exports: [EventBus] })
export class EventsModule {}
