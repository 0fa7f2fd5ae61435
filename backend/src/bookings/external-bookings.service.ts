import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { DateRange } from '../common/time/date-range';
import { CANCELLED, ExternalBooking, ExternalPull, PullResult, SourceKind } from './external-booking.types';
import { ExternalBookingsStore } from './external-bookings.store';

/**
 * Bookings owned by outside systems, one store for every source (iCal feeds, Beds24). Adapters fetch and translate;
 * applyPull decides what a pull may change, with one set of safety rules:
 * - bookings are upserted by key, and touched (updated_at, revision) only when something shown changed;
 * - an explicit cancellation removes the booking, whatever kind of pull brought it;
 * - only a complete pull removes bookings it did not see, and only those ending after `now` (sources drop past
 *   stays, and a host's past bookings must not vanish with them);
 * - a complete pull with no future booking, while future ones are stored, removes nothing until the next complete
 *   pull confirms it (a source glitch serving an empty calendar must not wipe every booking in one sync);
 * - a failed pull never reaches the store, and an incomplete (partial or delta) pull removes nothing.
 * Reads go through listForUser: the calendar, the subscription feed and booked-day checks.
 */
@Injectable()
export class ExternalBookingsService {
  constructor(private readonly store: ExternalBookingsStore) {}

  /** Applies one pull within the caller's transaction (the source's own status row is written in the same one). */
  async applyPull(tx: EntityManager, pull: ExternalPull): Promise<PullResult> {
    const { source, now } = pull;
    const live = pull.bookings.filter((b) => b.status !== CANCELLED);
    const cancelled = pull.bookings.filter((b) => b.status === CANCELLED);
    const generation = await this.store.nextGeneration(tx);
    await this.store.upsert(tx, source, generation, live);
    let removed = await this.store.removeByKey(tx, source, cancelled);
    const result = (emptyPulls: number, keptUntilConfirmed: number | null): PullResult => ({ stored: live.length, removed, emptyPulls, keptUntilConfirmed });

    if (!pull.complete) return result(0, null);
    if (!live.some((b) => b.endsAt > now)) {
      const unseenFuture = await this.store.countUnseenAfter(tx, source, generation, now);
      if (unseenFuture > 0 && pull.emptyPullsBefore < 1) return result(pull.emptyPullsBefore + 1, unseenFuture);
    }
    removed += await this.store.removeUnseen(tx, source, generation, now);
    return result(0, null);
  }

  /** A user's external bookings overlapping the range, from sources that are not switched off. */
  listForUser(userId: number, range: DateRange): Promise<ExternalBooking[]> {
    return this.store.listForUser(userId, range);
  }

  countForSource(kind: SourceKind, id: number, tx?: EntityManager): Promise<number> {
    return this.store.countForSource(kind, id, tx);
  }

  /** Called when sources are deleted, in the same transaction: their bookings go with them. */
  removeSources(tx: EntityManager, kind: SourceKind, ids: number[]): Promise<void> {
    return this.store.removeSources(tx, kind, ids);
  }
}
