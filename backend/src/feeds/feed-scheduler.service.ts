import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue.service';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { FeedSyncService, SyncOutcome } from './feed-sync.service';
import { FeedsService } from './feeds.service';

export const FEED_SYNC_QUEUE = 'feed-sync';
const TICK_MS = 30_000;
const DUE_PER_TICK = 5000;

/** Runs `fn` over `items` with at most `limit` running at once. */
export async function mapWithConcurrency<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}

/**
 * Keeps feeds fresh: a scheduled tick every 30 s enqueues one pg-boss job per due feed, keyed by the feed so ticks from
 * several instances never double the work; workers sync with bounded concurrency. A failing feed only delays
 * itself (backoff in FeedSyncService); the queue retries a crashed job.
 */
@Injectable()
export class FeedScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(FeedScheduler.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly feeds: FeedsService,
    private readonly sync: FeedSyncService,
    private readonly scheduled: ScheduledJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.scheduled.register({ id: 'feed-sync-tick', everyMs: TICK_MS, runAtStart: true, run: async () => ({ enqueued: await this.tick() }) });
    if (!this.config.runJobs) return;
    await this.jobs.createQueue(FEED_SYNC_QUEUE, { policy: 'stately', retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 });
    await this.jobs.work<{ feedId: number }>(FEED_SYNC_QUEUE, { localConcurrency: this.config.feeds.concurrency, pollingIntervalSeconds: 1 }, async (job) => {
      await this.sync.sync(job.data.feedId).catch((e) => this.logger.warn(`feed ${job.data.feedId}: ${e.message}`));
    });
  }

  /** Enqueues every due feed; the singleton key makes a feed already queued or running a no-op. */
  async tick(now = new Date()): Promise<number> {
    const due = await this.feeds.dueFeedIds(now, DUE_PER_TICK);
    for (const feedId of due) await this.enqueue(feedId);
    return due.length;
  }

  /** A new or re-enabled feed is fetched at once when workers run in this process. */
  async enqueueIfRunning(feedId: number): Promise<void> {
    if (this.config.runJobs) await this.enqueue(feedId);
  }

  enqueue(feedId: number): Promise<string | null> {
    return this.jobs.send(FEED_SYNC_QUEUE, { feedId }, { singletonKey: `feed-${feedId}` });
  }

  /** Sync-all: through the queue when workers run here, otherwise inline with the same concurrency bound. */
  async syncAll(): Promise<{ total: number; outcomes?: SyncOutcome[] }> {
    const ids = await this.feeds.enabledFeedIds();
    if (this.config.runJobs) {
      for (const id of ids) await this.enqueue(id);
      return { total: ids.length };
    }
    const outcomes = await mapWithConcurrency(ids, this.config.feeds.concurrency, (id) => this.sync.sync(id));
    return { total: ids.length, outcomes };
  }
}
