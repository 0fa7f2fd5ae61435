import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { errorForLog } from '../common/text/control-characters';
import { DatabasePort } from '../database/database.port';
import { PropertyAccess } from '../properties/property-access.service';
import {
  BookingSource, firstStartOf, nextSyncAfterFailure, PullCounts, SourcePatch, SourceSyncResult, SourceSyncState, SyncFailure, SyncState,
} from './booking-source.types';
import type { PullResult } from './external-booking.types';
import { ExternalBookingsService } from './external-bookings.service';
import './bookings.events';

/** How often a sync that waits for a running one tries the source's lock again. */
const BUSY_RETRY_MS = 200;

const countsOf = (pull: PullResult, pulled: number): PullCounts => ({
  ...pull.future, addedAll: pull.all.added, changedAll: pull.all.changed, removed: pull.removed, stored: pull.stored, pulled,
});

/** How one sync runs: `force` runs a disabled source; `waitMs` waits that long for a running sync of it; `dueOnly` skips a source no longer due. */
export interface SyncOptions {
  force?: boolean;
  waitMs?: number;
  dueOnly?: boolean;
}

/**
 * One sync of one source, the same for every source kind (docs/architecture.md "Booking sources"):
 * - under the source's try-lock (DatabasePort.tryLock), so two instances, or a scheduled and a manual sync, never
 *   work on one source at once; a sync that finds it busy is skipped, or waits up to `waitMs` and then runs its own;
 *   a `dueOnly` sync (the scheduler's) is skipped when, by the time it holds the lock, another sync has moved the
 *   source's next sync time past now, so a person's 'sync now' is not followed by the same pull from the queue;
 * - the adapter fetches and maps; a failed fetch never reaches the store, it is recorded on the source (error, code,
 *   failures + 1) and the next attempt backs off (nextSyncAfterFailure);
 * - a pull goes to ExternalBookingsService.applyPull, whose rules decide what it may remove, and the sync state
 *   commits with the pull's last transaction;
 * - after the commit, a pull that changed future bookings of a source synced before emits 'bookings.pulled' (a first
 *   import is not news) to every member of the source's property, opening the day of firstStartOf.
 */
@Injectable()
export class BookingSourceSync {
  private readonly logger = new Logger(BookingSourceSync.name);

  constructor(
    private readonly bookings: ExternalBookingsService,
    private readonly database: DatabasePort,
    private readonly clock: Clock,
    private readonly bus: EventBus,
    private readonly db: DataSource,
    private readonly access: PropertyAccess,
  ) {}

  async sync<S extends SourceSyncState>(adapter: BookingSource<S>, id: number, options: SyncOptions = {}): Promise<SourceSyncResult<S>> {
    // Wall-clock time on purpose: the wait is for real work in progress, not for the (test-settable) business clock.
    const giveUpAt = Date.now() + (options.waitMs ?? 0);
    for (;;) {
      const run = await this.database.tryLock(adapter.lockKey, id, () => this.syncLocked(adapter, id, options));
      if (run.acquired) return run.value;
      if (Date.now() >= giveUpAt) return { status: 'skipped', skipped: 'busy' };
      await sleep(BUSY_RETRY_MS);
    }
  }

  private async syncLocked<S extends SourceSyncState>(adapter: BookingSource<S>, id: number, options: SyncOptions): Promise<SourceSyncResult<S>> {
    const force = options.force ?? false;
    // Read under the lock: a sync that finished just before has moved the state on.
    const source = await adapter.load(id);
    if (!source) return { status: 'skipped', skipped: 'missing' };
    if (!adapter.enabled(source) && !force) return { status: 'skipped', skipped: 'disabled' };
    const now = this.clock.now();
    if (options.dueOnly && source.sync.nextSyncAt.getTime() > now.getTime()) return { status: 'skipped', skipped: 'not-due' };
    try {
      return await this.fetchAndStore(adapter, source, now, force);
    } catch (e) {
      this.logger.error(`${adapter.kind} source ${id}: ${errorForLog(e)}`);
      return this.recordFailure(adapter, source, now, adapter.internalError);
    }
  }

  /** The sync state every success writes: a failing spell announced is over (afterSuccess tells it). */
  private success<S extends SourceSyncState>(adapter: BookingSource<S>, now: Date): Partial<SyncState> {
    return {
      lastSynced: now, lastAttemptAt: now, lastError: null, lastErrorCode: null, consecutiveFailures: 0, failingNotifiedAt: null,
      nextSyncAt: new Date(now.getTime() + adapter.syncMinutes() * 60_000),
    };
  }

  /** The adapter's columns and the skeleton's sync state, as one patch (the adapter's sync columns first, the skeleton's over them). */
  private patchOf<S extends SourceSyncState>(own: SourcePatch<S> | undefined, sync: Partial<SyncState>, more?: SourcePatch<S>): SourcePatch<S> {
    return { ...own, ...more, sync: { ...own?.sync, ...more?.sync, ...sync } } as SourcePatch<S>;
  }

  /** The source's row as the patch leaves it. */
  private patched<S extends SourceSyncState>(source: S, patch: SourcePatch<S>): S {
    return { ...source, ...patch, sync: { ...source.sync, ...patch.sync } } as S;
  }

  private async fetchAndStore<S extends SourceSyncState>(adapter: BookingSource<S>, source: S, now: Date, force: boolean): Promise<SourceSyncResult<S>> {
    const fetched = await adapter.fetch(source, now, force);
    if (fetched.status === 'failed') {
      return fetched.recorded ? { status: 'failed', source, error: fetched.error } : this.recordFailure(adapter, source, now, fetched.error);
    }
    if (fetched.status === 'unchanged') {
      const patch = this.patchOf(adapter.onSuccessPatch, this.success(adapter, now), fetched.patch);
      await this.write(adapter, source.id, patch);
      await adapter.afterSuccess?.(source);
      return { status: 'unchanged', source: this.patched(source, patch) };
    }
    const { bookings, finish } = fetched;
    let patch: SourcePatch<S> = {} as SourcePatch<S>;
    const pull = await this.bookings.applyPull(
      { source: { kind: adapter.kind, id: source.id, userId: source.userId, propertyId: source.propertyId }, complete: fetched.complete, unreadUids: fetched.unreadUids ?? [], bookings, now, emptyPullsBefore: source.sync.emptyPulls },
      async (tx, result) => {
        const sync = { ...this.success(adapter, now), eventCount: await this.bookings.countForSource(adapter.kind, source.id, tx), emptyPulls: result.emptyPulls };
        patch = this.patchOf(adapter.onSuccessPatch, sync, finish?.(result));
        await this.write(adapter, source.id, patch, tx);
        return result;
      },
    );
    const { added, changed, cancelled } = pull.future;
    if (source.sync.lastSynced && added + changed + cancelled > 0) {
      const firstStart = firstStartOf(pull, bookings, now);
      await this.bus.emit('bookings.pulled', {
        propertyId: source.propertyId, members: await this.access.memberIds(source.propertyId, 'read'), sourceKind: adapter.kind, sourceId: source.id, sourceName: adapter.name(source), added, changed, cancelled,
        firstStart: firstStart?.toISOString() ?? null,
      });
    }
    await adapter.afterSuccess?.(source);
    return { status: 'updated', source: this.patched(source, patch), counts: countsOf(pull, bookings.length), pull, ...(fetched.warning ? { warning: fetched.warning } : {}) };
  }

  private async recordFailure<S extends SourceSyncState>(adapter: BookingSource<S>, source: S, now: Date, error: SyncFailure): Promise<SourceSyncResult<S>> {
    const failures = source.sync.consecutiveFailures + 1;
    const extra = adapter.onFailure?.(source, now, error);
    const patch = this.patchOf(extra?.patch, {
      lastAttemptAt: now, lastError: error.message, lastErrorCode: error.code, consecutiveFailures: failures,
      nextSyncAt: nextSyncAfterFailure(now, adapter.syncMinutes(), failures),
    });
    await this.write(adapter, source.id, patch);
    await extra?.after?.();
    return { status: 'failed', source: this.patched(source, patch), error };
  }

  private async write<S extends SourceSyncState>(adapter: BookingSource<S>, id: number, patch: SourcePatch<S>, tx?: EntityManager): Promise<void> {
    // One statement: outside a pull it needs no transaction of its own.
    await (tx ?? this.db.manager).update(adapter.entity, { id }, patch as QueryDeepPartialEntity<S>);
  }
}
