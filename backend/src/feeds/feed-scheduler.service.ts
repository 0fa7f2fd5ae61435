import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { BookingSourceScheduler, ScheduledSource } from '../bookings/booking-source-scheduler.service';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { FeedSyncService } from './feed-sync.service';
import { FeedsService } from './feeds.service';

export const FEED_SYNC_QUEUE = 'feed-sync';

/**
 * Keeps feeds fresh on the booking sources' scheduler (BookingSourceScheduler): a tick every 30 s enqueues each due
 * feed. Work started for an HTTP request without job workers runs in the background (never inside the request) and
 * is awaited briefly at shutdown.
 */
@Injectable()
export class FeedScheduler implements OnModuleInit {
  private source!: ScheduledSource;

  constructor(
    private readonly scheduler: BookingSourceScheduler,
    private readonly feeds: FeedsService,
    private readonly sync: FeedSyncService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.source = this.scheduler.register({
      queue: FEED_SYNC_QUEUE,
      schedule: '*/30 * * * * *',
      runAtStart: true,
      dueIds: (now, limit) => this.feeds.dueFeedIds(now, limit),
      dueLimit: 5000,
      propertySourceIds: async (propertyId) => (await this.feeds.listOf(propertyId)).filter((f) => f.enabled).map((f) => f.id),
      syncOne: (id, options) => this.sync.sync(id, options),
      concurrency: () => this.config.feeds.concurrency,
      // A sync is bounded by the fetch time-out.
      queueOptions: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    });
  }

  /** Enqueues every due feed; answers how many. */
  tick(now?: Date): Promise<number> {
    return this.source.tick(now);
  }

  /** A new or re-enabled feed is fetched at once when workers run in this process. */
  async enqueueIfRunning(feedId: number): Promise<void> {
    if (this.config.runJobs) await this.source.enqueue(feedId);
  }

  /** Sync-all: through the queue when workers run here, otherwise in the background with the same concurrency bound. */
  async syncAll(): Promise<{ total: number }> {
    const ids = await this.feeds.enabledFeedIds();
    await this.source.start(ids, 'sync-all');
    return { total: ids.length };
  }

  /** Resolves when the syncs asked for so far have ended: queued ones, and those started in the background. */
  whenIdle(): Promise<void> {
    return this.source.whenIdle();
  }
}
