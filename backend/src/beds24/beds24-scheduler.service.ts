import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/adapters/clock';
import { forLog } from '../common/text/control-characters';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_BEDS24_TICK } from '../database/database.port';
import { JOB_LEASE, JobQueue } from '../jobs/job-queue.service';
import { ScheduledJobs } from '../jobs/scheduled-jobs.service';
import { Beds24SyncService } from './beds24-sync.service';
import { Beds24Service } from './beds24.service';

export const BEDS24_SYNC_QUEUE = 'beds24-sync';
/** Every minute: configurations are due every BEDS24_SYNC_MINUTES (at least 5). */
const TICK = '0 * * * * *';
const DUE_PER_TICK = 1000;
/** Syncs one instance runs at once; calls of one Beds24 account are serialised by the client anyway. */
export const BEDS24_SYNC_CONCURRENCY = 2;

/**
 * Keeps Beds24 configurations in sync: a scheduled job (ScheduledJobs) ticks every minute and enqueues one pg-boss job
 * per due configuration, keyed by the configuration ('exclusive' queue + singleton key), so a configuration is never
 * queued or synced twice at once, whichever instance ticks. A failing configuration backs off (Beds24SyncService);
 * one that needs new credentials is not due until its key is replaced.
 */
@Injectable()
export class Beds24Scheduler implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(Beds24Scheduler.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly configs: Beds24Service,
    private readonly sync: Beds24SyncService,
    private readonly scheduled: ScheduledJobs,
    private readonly database: DatabasePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.scheduled.register({
      id: 'beds24-sync-tick',
      schedule: TICK,
      run: async () => {
        const enqueued = await this.tick();
        return enqueued === null ? { skipped: 'another instance is ticking' } : { enqueued };
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    // A sync is bounded by the client's time-outs and waits (a few pages of 30 s at most, waits of 30 s at most).
    await this.jobs.createQueue(BEDS24_SYNC_QUEUE, { policy: 'exclusive', retryLimit: 1, retryDelay: 60, heartbeatSeconds: JOB_LEASE.heartbeatSeconds, expireInSeconds: 900 });
    await this.jobs.work<{ configId: number }>(BEDS24_SYNC_QUEUE, { localConcurrency: BEDS24_SYNC_CONCURRENCY, pollingIntervalSeconds: 1 }, async (job) => {
      await this.sync.sync(job.data.configId).catch((e) => this.logger.warn(`beds24 config ${job.data.configId}: ${forLog(e)}`));
    });
  }

  /** Enqueues every due configuration; only one instance looks at a time (null: another one is ticking). */
  async tick(now = this.clock.now()): Promise<number | null> {
    const run = await this.database.tryLock(LOCK_BEDS24_TICK, 0, async () => {
      const due = await this.configs.dueIds(now, DUE_PER_TICK);
      for (const configId of due) await this.enqueue(configId);
      return due.length;
    });
    return run.acquired ? run.value : null;
  }

  enqueue(configId: number): Promise<string | null> {
    return this.jobs.send(BEDS24_SYNC_QUEUE, { configId }, { singletonKey: `beds24-${configId}` });
  }

  /** Resolves when the queued syncs have ended (tests). */
  async whenIdle(): Promise<void> {
    if (this.config.runJobs) await this.jobs.whenDrained(BEDS24_SYNC_QUEUE);
  }
}
