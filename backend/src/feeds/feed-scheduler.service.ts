import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/adapters/clock';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_FEED_TICK } from '../database/database.port';
import { JOB_LEASE, JobQueue } from '../jobs/job-queue.service';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { FeedSyncService } from './feed-sync.service';
import { FeedsService } from './feeds.service';
import { forLog } from '../common/text/control-characters';

export const FEED_SYNC_QUEUE = 'feed-sync';
/** Every 30 seconds. */
const TICK = '*/30 * * * * *';
const DUE_PER_TICK = 5000;
const SHUTDOWN_WAIT_MS = 5000;

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
 * Keeps feeds fresh: a scheduled job (ScheduledJobs) ticks every 30 s and enqueues one pg-boss job per due feed,
 * keyed by the feed so ticks from several instances never double the work; workers sync with bounded concurrency. A failing feed only delays
 * itself (backoff in FeedSyncService); the queue retries a crashed job. Work started for an HTTP request without
 * job workers runs in the background (never inside the request) and is awaited briefly at shutdown.
 */
@Injectable()
export class FeedScheduler implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(FeedScheduler.name);
  private readonly background = new Set<Promise<unknown>>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly feeds: FeedsService,
    private readonly sync: FeedSyncService,
    private readonly scheduled: ScheduledJobs,
    private readonly database: DatabasePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.scheduled.register({
      id: 'feed-sync-tick',
      schedule: TICK,
      runAtStart: true,
      run: async () => {
        const enqueued = await this.tick();
        return enqueued === null ? { skipped: 'another instance is ticking' } : { enqueued };
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    // 'exclusive': one job per feed, queued or running, so a tick during a sync adds nothing. A sync is bounded by
    // the fetch time-out; the lease's heartbeat hands a dead worker's feed on within a minute.
    await this.jobs.createQueue(FEED_SYNC_QUEUE, { policy: 'exclusive', retryLimit: 2, retryDelay: 30, retryBackoff: true, heartbeatSeconds: JOB_LEASE.heartbeatSeconds, expireInSeconds: 300 });
    await this.jobs.work<{ feedId: number }>(FEED_SYNC_QUEUE, { localConcurrency: this.config.feeds.concurrency, pollingIntervalSeconds: 1 }, async (job) => {
      await this.sync.sync(job.data.feedId).catch((e) => this.logger.warn(`feed ${job.data.feedId}: ${forLog(e)}`));
    });
  }

  /**
   * Enqueues every due feed; the singleton key makes a feed already queued or running a no-op. The tick runs under
   * a try-lock, so when several instances tick at once only one of them looks for due feeds (the others return null).
   */
  async tick(now = this.clock.now()): Promise<number | null> {
    const run = await this.database.tryLock(LOCK_FEED_TICK, 0, async () => {
      const due = await this.feeds.dueFeedIds(now, DUE_PER_TICK);
      for (const feedId of due) await this.enqueue(feedId);
      return due.length;
    });
    return run.acquired ? run.value : null;
  }

  /** A new or re-enabled feed is fetched at once when workers run in this process. */
  async enqueueIfRunning(feedId: number): Promise<void> {
    if (this.config.runJobs) await this.enqueue(feedId);
  }

  enqueue(feedId: number): Promise<string | null> {
    return this.jobs.send(FEED_SYNC_QUEUE, { feedId }, { singletonKey: `feed-${feedId}` });
  }

  /**
   * Refreshes the enabled feeds of one user without waiting for any outside fetch: queued when workers run here,
   * otherwise started in the background. Answers how many feeds it asked for.
   */
  async refreshUser(userId: number): Promise<number> {
    const ids = (await this.feeds.listOwn(userId)).filter((f) => f.enabled).map((f) => f.id);
    await this.start(ids, `refresh of user ${userId}`);
    return ids.length;
  }

  /** Sync-all: through the queue when workers run here, otherwise in the background with the same concurrency bound. */
  async syncAll(): Promise<{ total: number }> {
    const ids = await this.feeds.enabledFeedIds();
    await this.start(ids, 'sync-all');
    return { total: ids.length };
  }

  private async start(ids: number[], what: string): Promise<void> {
    if (this.config.runJobs) {
      for (const id of ids) await this.enqueue(id);
      return;
    }
    // Each sync takes its feed's lock, so this never overlaps a sync already running; those feeds are skipped.
    const run = mapWithConcurrency(ids, this.config.feeds.concurrency, (id) => this.sync.sync(id))
      .catch((e) => this.logger.warn(`${what}: ${forLog(e)}`))
      .finally(() => this.background.delete(run));
    this.background.add(run);
  }

  /** Resolves when the syncs asked for so far have ended: queued ones, and those started in the background. */
  async whenIdle(): Promise<void> {
    if (this.config.runJobs) await this.jobs.whenDrained(FEED_SYNC_QUEUE);
    await Promise.allSettled([...this.background]);
  }

  /**
   * Lets background syncs finish writing before the database closes, but never holds shutdown for long. (Queued
   * syncs are pg-boss's: it stops its workers gracefully.)
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.background.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise((ok) => (timer = setTimeout(ok, SHUTDOWN_WAIT_MS)));
    await Promise.race([Promise.allSettled([...this.background]), limit]);
    clearTimeout(timer);
  }
}
