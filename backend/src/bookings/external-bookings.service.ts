import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { DateRange } from '../common/time/date-range';
import { EventBus } from '../common/events/domain-events';
import { DatabasePort } from '../database/database.port';
import { type BookingSource, CANCELLED, ExternalBooking, ExternalPull, PullResult, SourceKind } from './external-booking.types';
import { ExternalBookingsStore, type UpsertCounts } from './external-bookings.store';
import './bookings.events';

/**
 * Bookings owned by outside systems, one store for every source (iCal feeds, Beds24). Adapters fetch and translate;
 * applyPull decides what a pull may change, with one set of safety rules:
 * - bookings are upserted by key, and touched (updated_at, revision) only when something shown changed;
 * - an explicit cancellation removes the booking, whatever kind of pull brought it;
 * - only a complete pull removes bookings it did not see, and only those ending after `now` (sources drop past
 *   stays, and a host's past bookings must not vanish with them);
 * - a complete pull with no future booking, while future ones are stored, removes nothing until the next complete
 *   pull confirms it (a source glitch serving an empty calendar must not wipe every booking in one sync);
 * - a failed pull never reaches the store, and an incomplete (delta, cut-off) pull removes nothing;
 * - a complete pull that names keys it could not read (`unreadUids`) removes what it did not see but those.
 * Reads go through listForProperty: the calendar, the subscription feed and booked-day checks.
 */
/** Bookings per upsert statement and transaction (see applyPull). */
const UPSERT_SLICE = 250;

@Injectable()
export class ExternalBookingsService implements OnModuleInit {
  constructor(
    private readonly store: ExternalBookingsStore,
    private readonly database: DatabasePort,
    private readonly bus: EventBus,
  ) {}

  /** A person who leaves with their account leaves the bookings of sources they added to a shared property in place. */
  onModuleInit(): void {
    this.bus.onInTransaction('users.owner.deleting', ({ ownerId }, { tx }) => this.store.handOver(tx, ownerId));
  }

  /**
   * Applies one pull. A large pull is upserted in slices, each in a transaction of its own, so the embedded engine
   * (one session, running on the main thread) answers other requests between them; a slice written before a crash
   * only adds or refreshes bookings. The last slice, every removal and the caller's `finish` (the source's own status
   * row) share the final transaction, so what a pull removes and the status that says so commit together.
   */
  async applyPull<T = PullResult>(pull: ExternalPull, finish?: (tx: EntityManager, result: PullResult) => Promise<T>): Promise<T> {
    const { source, now } = pull;
    const unread = pull.unreadUids ?? [];
    const live = pull.bookings.filter((b) => b.status !== CANCELLED);
    const cancelled = pull.bookings.filter((b) => b.status === CANCELLED);
    const generation = await this.database.transaction((tx) => this.store.nextGeneration(tx));
    const slices = Array.from({ length: Math.ceil(live.length / UPSERT_SLICE) }, (_, i) => live.slice(i * UPSERT_SLICE, (i + 1) * UPSERT_SLICE));
    const last = slices.pop() ?? [];
    let added = 0;
    let changed = 0;
    const all = { added: 0, changed: 0 };
    let firstChangedStart: Date | null = null;
    const count = (upserted: UpsertCounts) => {
      if (upserted.firstStart && (!firstChangedStart || upserted.firstStart < firstChangedStart)) firstChangedStart = upserted.firstStart;
      added += upserted.added;
      changed += upserted.changed;
      all.added += upserted.addedAll;
      all.changed += upserted.changedAll;
    };
    for (const slice of slices) count(await this.database.transaction((tx) => this.store.upsert(tx, source, generation, slice, now)));

    let applied: PullResult | undefined;
    const answer = await this.database.transaction(async (tx) => {
      count(await this.store.upsert(tx, source, generation, last, now));
      const cancellations = await this.store.removeByKey(tx, source, cancelled, now);
      let removed = cancellations.removed;
      // Removals of unseen bookings only ever touch future ones.
      let cancelledFuture = cancellations.future;
      const decide = async (): Promise<{ emptyPulls: number; keptUntilConfirmed: number | null }> => {
        if (!pull.complete) return { emptyPulls: 0, keptUntilConfirmed: null };
        if (!live.some((b) => b.endsAt > now)) {
          const unseenFuture = await this.store.countUnseenAfter(tx, source, generation, now, unread);
          if (unseenFuture > 0 && pull.emptyPullsBefore < 1) return { emptyPulls: pull.emptyPullsBefore + 1, keptUntilConfirmed: unseenFuture };
        }
        const unseen = await this.store.removeUnseen(tx, source, generation, now, unread);
        removed += unseen;
        cancelledFuture += unseen;
        return { emptyPulls: 0, keptUntilConfirmed: null };
      };
      const decision = await decide();
      const result: PullResult = { stored: live.length, removed, ...decision, future: { added, changed, cancelled: cancelledFuture }, all: { added: all.added, changed: all.changed }, ...(firstChangedStart ? { firstChangedStart } : {}) };
      applied = result;
      return finish ? finish(tx, result) : (result as T);
    });
    // After the commit, for every source alike (double-booking detection listens: docs/architecture.md "Double bookings").
    if (applied && applied.removed + applied.all.added + applied.all.changed > 0) {
      await this.bus.emit('bookings.stored', { propertyId: source.propertyId, sourceKind: source.kind, sourceId: source.id });
    }
    return answer;
  }

  /** A property's external bookings overlapping the range, from sources that are not switched off. */
  listForProperty(properties: number | readonly number[], range: DateRange): Promise<ExternalBooking[]> {
    return this.store.listForProperty(properties, range);
  }

  /**
   * listForProperty as their answer (ExternalBookingResponse[] JSON text), built by the database: the one place that
   * shape is made (externalBookingsJsonSql, which the calendar window's statement composes too).
   */
  listForPropertyJson(propertyId: number, range: DateRange): Promise<string> {
    return this.store.listForPropertyJson(propertyId, range);
  }

  /**
   * The same list of the property a member reads (the named one, else their first), with its id, in one statement;
   * null when the person is no member of it (staff, anyone else, a first property still to make): ask PropertyAccess.
   */
  memberListJson(userId: number, propertyId: number | undefined, range: DateRange): Promise<{ propertyId: number; json: string } | null> {
    return this.store.memberListJson(userId, propertyId, range);
  }

  /** The property whose calendar holds the booking with this API id, or null when no stored booking has it. */
  propertyOf(apiId: string): Promise<number | null> {
    return this.store.propertyOf(apiId);
  }

  countForSource(kind: SourceKind, id: number, tx?: EntityManager): Promise<number> {
    return this.store.countForSource(kind, id, tx);
  }

  /**
   * After the commit of a change that shows or hides a source's bookings without a pull (a feed deleted or switched
   * on or off): readers that keep derived facts (double bookings: docs/architecture.md "Double bookings") look again.
   */
  sourceChanged(source: BookingSource): Promise<void> {
    return this.bus.emit('bookings.stored', { propertyId: source.propertyId, sourceKind: source.kind, sourceId: source.id });
  }

  /** Called when sources are deleted, in the same transaction: their bookings go with them. */
  removeSources(tx: EntityManager, kind: SourceKind, ids: number[]): Promise<void> {
    return this.store.removeSources(tx, kind, ids);
  }
}
