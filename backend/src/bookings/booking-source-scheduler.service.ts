import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'pg-boss';
import { Clock } from '../common/adapters/clock';
import { forLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue.service';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';

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

/** How one source kind is kept fresh: what BookingSourceScheduler.register takes. */
export interface ScheduledSourceSpec {
  /** The pg-boss queue of its syncs; also the singleton key's prefix and the scheduled tick's name (`<queue>-tick`). */
  queue: string;
  /** The tick's cron (seconds first) and whether it also ticks once at start. */
  schedule: string;
  runAtStart?: boolean;
  /** The sources due at `now` (enabled, next sync time come), at most `limit`, most overdue first. */
  dueIds: (now: Date, limit: number) => Promise<number[]>;
  dueLimit: number;
  /** The property's sources a refresh syncs (those that would be due: enabled, usable), in id order. */
  propertySourceIds: (propertyId: number) => Promise<number[]>;
  /**
   * Syncs one source (an adapter's sync through BookingSourceSync); errors are logged, never retried blindly.
   * `dueOnly`: the tick queued it, so it is skipped if another sync has moved its next sync time on meanwhile.
   */
  syncOne: (id: number, options: { dueOnly: boolean }) => Promise<unknown>;
  /** Syncs one instance runs at once. */
  concurrency: () => number;
  /** Retries and the job's lifetime: a sync is bounded by the adapter's time-outs; pick expireInSeconds above them. */
  queueOptions: Pick<Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds'>;
}

/** A registered source kind: what its module's scheduler calls. */
export interface ScheduledSource {
  /** Enqueues every due source; answers how many. */
  tick(now?: Date): Promise<number>;
  /** Queues one sync of a source; a no-op while one is queued or running. */
  enqueue(id: number): Promise<string | null>;
  /** Syncs the given sources: through the queue when workers run here, otherwise in the background (never in a request). */
  start(ids: number[], what: string): Promise<void>;
  /** Resolves when the syncs asked for so far have ended (queued ones, and those started in the background). */
  whenIdle(): Promise<void>;
}

/**
 * The one scheduler of every booking source (docs/architecture.md "Booking sources"). Per source kind, a scheduled
 * job (ScheduledJobs) ticks and enqueues one pg-boss job per due source with the source as singleton key on an
 * 'exclusive' queue, so a source is never queued or synced twice at once, whichever instance ticks; workers sync
 * with bounded concurrency, a failing source only delays itself (its back-off), and the queue retries a crashed job.
 *
 * No lock around the tick: ScheduledJobs already runs a tick at most once at a time across instances (its
 * 'stately' queue keyed by the tick's id, and its per-job advisory lock), and even two overlapping ticks would
 * only send the same singleton keys twice, which the 'exclusive' queue refuses.
 */
@Injectable()
export class BookingSourceScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BookingSourceScheduler.name);
  private readonly kinds: { spec: ScheduledSourceSpec; source: ScheduledSource }[] = [];
  private readonly background = new Set<Promise<unknown>>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly scheduled: ScheduledJobs,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Refreshes every source of one property, of every kind (iCal feeds, Beds24), without waiting for any outside fetch:
   * queued when workers run here, otherwise started in the background (the admin calendar's forced refresh).
   * Answers how many sources it asked for.
   */
  async refreshProperty(propertyId: number): Promise<number> {
    let asked = 0;
    for (const entry of this.kinds) {
      const ids = await entry.spec.propertySourceIds(propertyId);
      await entry.source.start(ids, `${entry.spec.queue} refresh of property ${propertyId}`);
      asked += ids.length;
    }
    return asked;
  }

  /** Resolves when the syncs of every kind asked for so far have ended. */
  async whenIdle(): Promise<void> {
    for (const entry of this.kinds) await entry.source.whenIdle();
  }

  /** Declares a source kind; its module calls this in onModuleInit. */
  register(spec: ScheduledSourceSpec): ScheduledSource {
    const send = (id: number, due: boolean) => this.jobs.send(spec.queue, { sourceId: id, ...(due ? { due } : {}) }, { singletonKey: `${spec.queue}-${id}` });
    const source: ScheduledSource = {
      tick: async (now = this.clock.now()) => {
        const due = await spec.dueIds(now, spec.dueLimit);
        for (const id of due) await send(id, true);
        return due.length;
      },
      enqueue: (id) => send(id, false),
      start: (ids, what) => this.start(spec, source, ids, what),
      whenIdle: async () => {
        if (this.config.runJobs) await this.jobs.whenDrained(spec.queue);
        await Promise.allSettled([...this.background]);
      },
    };
    this.kinds.push({ spec, source });
    this.scheduled.register({ id: `${spec.queue}-tick`, schedule: spec.schedule, runAtStart: spec.runAtStart, run: async () => ({ enqueued: await source.tick() }) });
    return source;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    for (const { spec } of this.kinds) {
      // The queue's heartbeat (JobQueue.createQueue) hands a dead worker's source on within a minute.
      await this.jobs.createQueue(spec.queue, { policy: 'exclusive', ...spec.queueOptions });
      await this.jobs.work<{ sourceId?: unknown; due?: unknown }>(spec.queue, { localConcurrency: spec.concurrency(), pollingIntervalSeconds: 1, routine: (data) => data.due === true }, async (job) => {
        const id = job.data.sourceId;
        // A job queued before the sources shared this scheduler ({ feedId } / { configId }) is dropped: the source
        // is still due, so the next tick queues it again.
        if (typeof id !== 'number') return;
        await spec.syncOne(id, { dueOnly: job.data.due === true }).catch((e) => this.logger.warn(`${spec.queue} ${id}: ${forLog(e)}`));
      });
    }
  }

  private async start(spec: ScheduledSourceSpec, source: ScheduledSource, ids: number[], what: string): Promise<void> {
    if (this.config.runJobs) {
      for (const id of ids) await source.enqueue(id);
      return;
    }
    // Each sync takes its source's lock, so this never overlaps a sync already running; those sources are skipped.
    const run = mapWithConcurrency(ids, spec.concurrency(), (id) => spec.syncOne(id, { dueOnly: false }))
      .catch((e) => this.logger.warn(`${what}: ${forLog(e)}`))
      .finally(() => this.background.delete(run));
    this.background.add(run);
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
