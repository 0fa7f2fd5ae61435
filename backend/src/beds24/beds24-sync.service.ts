import { Inject, Injectable, Logger } from '@nestjs/common';
import { BookingSourceSync, type SyncOptions } from '../bookings/booking-source-sync.service';
import { type BookingSource, outcomeOf, type SourceFetch, type SourceSyncOutcome, type SyncFailure } from '../bookings/booking-source.types';
import type { ExternalBookingInput } from '../bookings/external-booking.types';
import { EventBus } from '../common/events/domain-events';
import { sha256Hex } from '../common/secrets';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LOCK_BEDS24_SYNC } from '../database/database.port';
import { toExternalBooking, syncWindow } from './beds24-bookings';
import { BEDS24_TIMEOUT_MS, Beds24AuthError, Beds24Client, Beds24Error } from './beds24-client';
import { Beds24Config } from './beds24-config.entity';
import { PropertyAccess } from '../properties/property-access.service';
import { Beds24Service, NEW_KEY_NEEDED } from './beds24.service';
import { UsersService } from '../users/users.service';
import './beds24.events';

/** Failed syncs in a row (Beds24 unreachable, failing, rate-limiting) after which the owner and the admins are told. */
export const BEDS24_FAILING_AFTER = 3;

/** A pull's bookings as stored, in id order, hashed: equal hashes mean an identical pull. */
function hashPull(bookings: ExternalBookingInput[]): string {
  const sorted = [...bookings].sort((a, b) => (a.externalUid < b.externalUid ? -1 : a.externalUid > b.externalUid ? 1 : 0));
  return sha256Hex(JSON.stringify(sorted));
}
const NEEDS_CREDENTIALS = { message: NEW_KEY_NEEDED, code: 'beds24_needs_credentials' };

/**
 * The Beds24 adapter of the booking-source skeleton (docs/architecture.md "Booking sources"): each run is a full
 * window pull, every page and every status, mapped to the store's input (docs/product/beds24.md#data-and-states). No delta ("modified
 * since") pull is made, so no removal is ever inferred from one; a pull the page cap or an unreadable row cut short
 * is incomplete and removes nothing it did not see. A refused credential is not a failure to back off from: the
 * configuration waits for a new key (needsCredentials). A scheduled sync of a configuration that is syncing is
 * skipped; a person's 'sync now' waits for the running pull (`manualWaitMs`) and then runs its own, as the iCal
 * feeds' does, so the answer counts a real pull rather than saying 'already syncing'.
 */
@Injectable()
export class Beds24SyncService implements BookingSource<Beds24Config> {
  readonly kind = 'beds24' as const;
  readonly entity = Beds24Config;
  readonly lockKey = LOCK_BEDS24_SYNC;
  readonly internalError = { message: 'Intern feil under synkronisering', code: 'beds24_internal_error' };
  private readonly logger = new Logger(Beds24SyncService.name);

  constructor(
    private readonly configs: Beds24Service,
    private readonly client: Beds24Client,
    private readonly skeleton: BookingSourceSync,
    private readonly users: UsersService,
    private readonly bus: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: PropertyAccess,
  ) {}

  /** How long a person's sync waits for a running one: one page's longest answer, plus time for the rest of a pull. */
  get manualWaitMs(): number {
    return BEDS24_TIMEOUT_MS + 30_000;
  }

  /**
   * Syncs one configuration; `force` runs it even when sync is switched off (never when it needs new credentials);
   * `waitMs` waits that long for a running sync of it before answering 'busy'; `dueOnly`: the scheduler's.
   */
  async sync(configId: number, options: SyncOptions = {}): Promise<SourceSyncOutcome> {
    const result = await this.skeleton.sync(this, configId, options);
    const outcome = outcomeOf(configId, result, result.status === 'skipped' ? 0 : result.source.sync.eventCount);
    // A configuration that needed a key before this sync was not called at all (fetch refuses it).
    if (result.status === 'failed' && result.source.needsCredentials) return { ...outcome, skipped: 'needs-credentials' };
    return outcome;
  }

  syncMinutes = () => this.config.beds24.syncMinutes;
  load = (id: number) => this.configs.findById(id);
  name = () => 'Beds24';
  enabled = (config: Beds24Config) => config.syncEnabled;

  async fetch(config: Beds24Config, now: Date): Promise<SourceFetch<Beds24Config>> {
    if (config.needsCredentials) return { status: 'failed', error: { ...NEEDS_CREDENTIALS, message: config.sync.lastError ?? NEW_KEY_NEEDED }, recorded: true };
    try {
      return await this.pull(config, now);
    } catch (e) {
      if (e instanceof Beds24AuthError) {
        // A refused key is told at once: only a person can give a new one, and no sync runs until then.
        const announce = !config.sync.failingNotifiedAt;
        await this.configs.markNeedsCredentials(config, NEW_KEY_NEEDED, announce ? now : undefined);
        if (announce) await this.announceFailing(config, 'credentials', config.sync.consecutiveFailures + 1);
        return { status: 'failed', error: NEEDS_CREDENTIALS, recorded: true };
      }
      if (e instanceof Beds24Error) return { status: 'failed', error: { message: e.message, code: e.kind === 'rate-limit' ? 'beds24_rate_limited' : 'beds24_sync_failed' } };
      throw e;
    }
  }

  /** After a success is written: a connection whose failing was announced tells its property's managers and the admins it works again. */
  async afterSuccess(config: Beds24Config): Promise<void> {
    if (!config.sync.failingNotifiedAt) return;
    await this.bus.emit('beds24.recovered', await this.news(config));
  }

  /** Whom a connection's trouble reaches: the members of its property who can act on it, and every active admin. */
  private async news(config: Beds24Config) {
    const owner = await this.users.findById(config.userId);
    return {
      userId: config.userId, configId: config.id, propertyId: config.propertyId, ownerName: owner?.name ?? '', members: await this.access.memberIds(config.propertyId, 'write'),
      admins: await this.users.activeAdminIds(),
    };
  }

  /** The BEDS24_FAILING_AFTER-th failure in a row is told, once per spell (docs/product/beds24.md#notifications). */
  onFailure(config: Beds24Config, now: Date, _error: SyncFailure) {
    const failures = config.sync.consecutiveFailures + 1;
    const announce = !config.sync.failingNotifiedAt && failures >= BEDS24_FAILING_AFTER;
    return {
      patch: announce ? { sync: { failingNotifiedAt: now } } : {},
      after: announce ? () => this.announceFailing(config, 'failing', failures) : undefined,
    };
  }

  private async announceFailing(config: Beds24Config, reason: 'credentials' | 'failing', failures: number): Promise<void> {
    await this.bus.emit('beds24.failing', { ...(await this.news(config)), reason, failures, since: (config.sync.lastSynced ?? config.createdAt).toISOString() });
  }

  private async pull(config: Beds24Config, now: Date): Promise<SourceFetch<Beds24Config>> {
    const credential = this.configs.credentialOf(config);
    if (!credential) throw new Beds24AuthError('the stored credential cannot be opened (the server secret changed)');
    const zone = this.config.businessTimeZone;
    const window = syncWindow(now, zone, config.syncHistoricalDays, config.syncFutureDays);
    const pulled = await this.client.bookings(credential, { propertyId: config.propId, ...window });
    if (pulled.foreignRows > 0) this.logger.warn(`beds24 config ${config.id}: ${pulled.foreignRows} rows of another property dropped`);
    const bookings = pulled.bookings.map((b) => toExternalBooking(b, zone));
    // A complete pull identical to the last one stored changes nothing: only the configuration's times are written.
    // (Not while an emptied pull waits for its confirming one: that pull must reach the store.)
    const pullHash = pulled.complete ? hashPull(bookings) : null;
    if (pullHash && pullHash === config.lastPullHash && config.sync.emptyPulls === 0) return { status: 'unchanged', patch: { lastCreated: 0, lastUpdated: 0, lastDeleted: 0 } };
    return {
      status: 'pulled',
      complete: pulled.complete,
      bookings,
      finish: (result) => ({
        lastCreated: result.all.added, lastUpdated: result.all.changed, lastDeleted: result.removed,
        lastPullHash: result.emptyPulls === 0 ? pullHash : null,
      }),
      ...(pulled.complete ? {} : { warning: `Beds24 svarte ikke fullstendig (${pulled.badRows} uleselige rader, ${pulled.pages} sider); ingen bookinger ble fjernet for å mangle` }),
    };
  }
}
