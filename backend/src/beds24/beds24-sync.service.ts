import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ExternalBookingInput, PullResult } from '../bookings/external-booking.types';
import { ExternalBookingsService } from '../bookings/external-bookings.service';
import { Clock } from '../common/adapters/clock';
import { EventBus } from '../common/events/domain-events';
import { sha256Hex } from '../common/secrets';
import { errorForLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_BEDS24_SYNC } from '../database/database.port';
import { toExternalBooking, syncWindow } from './beds24-bookings';
import { Beds24AuthError, Beds24Error } from './beds24-client';
import { Beds24Client } from './beds24-client';
import { Beds24Config } from './beds24-config.entity';
import { Beds24Service, NEW_KEY_NEEDED } from './beds24.service';

export interface Beds24SyncOutcome {
  configId: number;
  status: 'updated' | 'failed' | 'skipped';
  eventsCreated: number;
  eventsUpdated: number;
  eventsDeleted: number;
  error?: string;
  errorCode?: string;
  warning?: string;
  skipped?: 'disabled' | 'busy' | 'needs-credentials';
}

const MAX_BACKOFF_MINUTES = 24 * 60;

/** A pull's bookings as stored, in id order, hashed: equal hashes mean an identical pull. */
function hashPull(bookings: ExternalBookingInput[]): string {
  const sorted = [...bookings].sort((a, b) => (a.externalUid < b.externalUid ? -1 : a.externalUid > b.externalUid ? 1 : 0));
  return sha256Hex(JSON.stringify(sorted));
}
const NONE = { eventsCreated: 0, eventsUpdated: 0, eventsDeleted: 0 };

/**
 * The Beds24 adapter of the external bookings store (INTEROP.md §1.7): each run is a full window pull, every page and
 * every status, handed to ExternalBookingsService.applyPull, whose rules decide what goes: a cancelled booking goes
 * (explicit), a booking missing from a complete pull goes (only future ones, as for every source), and a pull the page
 * cap or an unreadable row cut short removes nothing it did not see. No delta ("modified since") pull is made, so no
 * removal is ever inferred from one. A failed call never reaches the store; the configuration records the error and
 * backs off. Runs under a per-configuration try-lock: a second sync of the same configuration is skipped.
 */
@Injectable()
export class Beds24SyncService {
  private readonly logger = new Logger(Beds24SyncService.name);

  constructor(
    private readonly configs: Beds24Service,
    private readonly client: Beds24Client,
    private readonly bookings: ExternalBookingsService,
    private readonly database: DatabasePort,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Syncs one configuration; `force` runs it even when sync is switched off (never when it needs new credentials). */
  async sync(configId: number, options: { force?: boolean } = {}): Promise<Beds24SyncOutcome> {
    const run = await this.database.tryLock(LOCK_BEDS24_SYNC, configId, () => this.syncLocked(configId, options.force ?? false));
    return run.acquired ? run.value : { configId, status: 'skipped', skipped: 'busy', ...NONE };
  }

  private async syncLocked(configId: number, force: boolean): Promise<Beds24SyncOutcome> {
    const config = await this.configs.findById(configId);
    if (!config) return { configId, status: 'skipped', skipped: 'disabled', ...NONE };
    if (!config.syncEnabled && !force) return { configId, status: 'skipped', skipped: 'disabled', ...NONE };
    if (config.needsCredentials) return { configId, status: 'failed', skipped: 'needs-credentials', error: config.lastError ?? NEW_KEY_NEEDED, errorCode: 'beds24_needs_credentials', ...NONE };
    const now = this.clock.now();
    try {
      return await this.pullAndStore(config, now);
    } catch (e) {
      if (e instanceof Beds24AuthError) {
        await this.configs.markNeedsCredentials(config, NEW_KEY_NEEDED);
        return { configId, status: 'failed', error: NEW_KEY_NEEDED, errorCode: 'beds24_needs_credentials', ...NONE };
      }
      if (e instanceof Beds24Error) return this.recordFailure(config, now, e.message, e.kind === 'rate-limit' ? 'beds24_rate_limited' : 'beds24_sync_failed');
      this.logger.error(`beds24 config ${configId}: ${errorForLog(e)}`);
      return this.recordFailure(config, now, 'Intern feil under synkronisering', 'beds24_internal_error');
    }
  }

  private async pullAndStore(config: Beds24Config, now: Date): Promise<Beds24SyncOutcome> {
    const credential = this.configs.credentialOf(config);
    if (!credential) throw new Beds24AuthError('the stored credential cannot be opened (the server secret changed)');
    const zone = this.config.businessTimeZone;
    const window = syncWindow(now, zone, config.syncHistoricalDays, config.syncFutureDays);
    const pulled = await this.client.bookings(credential, { propertyId: config.propId, ...window });
    if (pulled.foreignRows > 0) this.logger.warn(`beds24 config ${config.id}: ${pulled.foreignRows} rows of another property dropped`);
    const bookings = pulled.bookings.map((b) => toExternalBooking(b, zone));
    const nextSyncAt = new Date(now.getTime() + this.config.beds24.syncMinutes * 60_000);
    // A complete pull identical to the last one stored changes nothing: only the configuration's times are written.
    // (Not while an emptied pull waits for its confirming one: that pull must reach the store.)
    const pullHash = pulled.complete ? hashPull(bookings) : null;
    if (pullHash && pullHash === config.lastPullHash && config.emptyPulls === 0) {
      await this.database.transaction((tx) =>
        tx.update(Beds24Config, { id: config.id }, { lastSynced: now, lastAttemptAt: now, lastError: null, lastErrorCode: null, consecutiveFailures: 0, lastCreated: 0, lastUpdated: 0, lastDeleted: 0, nextSyncAt }),
      );
      return { configId: config.id, status: 'updated', ...NONE };
    }
    const source = { kind: 'beds24' as const, id: config.id, userId: config.userId };
    const warning = pulled.complete
      ? undefined
      : `Beds24 svarte ikke fullstendig (${pulled.badRows} uleselige rader, ${pulled.pages} sider); ingen bookinger ble fjernet for å mangle`;
    let future: PullResult['future'] | undefined;
    let firstChangedStart: Date | undefined;
    const outcome = await this.bookings.applyPull(
      { source, complete: pulled.complete, bookings, now, emptyPullsBefore: config.emptyPulls },
      async (tx, result): Promise<Beds24SyncOutcome> => {
        future = result.future;
        firstChangedStart = result.firstChangedStart;
        const counts = { eventsCreated: result.all.added, eventsUpdated: result.all.changed, eventsDeleted: result.removed };
        await tx.update(Beds24Config, { id: config.id }, {
          lastSynced: now, lastAttemptAt: now, lastError: null, lastErrorCode: null, consecutiveFailures: 0,
          lastCreated: counts.eventsCreated, lastUpdated: counts.eventsUpdated, lastDeleted: counts.eventsDeleted,
          eventCount: await this.bookings.countForSource('beds24', config.id, tx),
          emptyPulls: result.emptyPulls,
          lastPullHash: result.emptyPulls === 0 ? pullHash : null,
          nextSyncAt,
        });
        return { configId: config.id, status: 'updated', ...counts, ...(warning ? { warning } : {}) };
      },
    );
    // After the commit; the first sync of a configuration is not news to its owner.
    if (future && config.lastSynced && future.added + future.changed + future.cancelled > 0) {
      // The notification opens the day of the first booking this pull added or changed; a pull that only cancelled
      // opens the first booking still ahead.
      const firstStart = firstChangedStart ?? bookings.filter((b) => b.endsAt > now && b.status !== 'cancelled').reduce<Date | null>((first, b) => (!first || b.startTime < first ? b.startTime : first), null);
      await this.bus.emit('bookings.pulled', { userId: config.userId, sourceKind: 'beds24', sourceId: config.id, sourceName: 'Beds24', ...future, firstStart: firstStart?.toISOString() ?? null });
    }
    return outcome;
  }

  private async recordFailure(config: Beds24Config, now: Date, message: string, code: string): Promise<Beds24SyncOutcome> {
    const failures = config.consecutiveFailures + 1;
    const minutes = Math.min(this.config.beds24.syncMinutes * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MINUTES);
    await this.database.transaction((tx) =>
      tx.update(Beds24Config, { id: config.id }, { lastAttemptAt: now, lastError: message, lastErrorCode: code, consecutiveFailures: failures, nextSyncAt: new Date(now.getTime() + minutes * 60_000) }),
    );
    return { configId: config.id, status: 'failed', error: message, errorCode: code, ...NONE };
  }
}
