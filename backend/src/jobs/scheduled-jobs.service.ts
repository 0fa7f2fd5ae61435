import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob, CronTime } from 'cron';
import { Clock } from '../common/adapters/clock';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort, LOCK_SCHEDULED_JOB } from '../database/database.port';
import { JOB_LEASE, JOB_RETRY, JobQueue } from './job-queue.service';
import type { JobStatusResponse } from './jobs.dto';
import { errorForLog, forLog } from '../common/text/control-characters';

/** A recurring task, declared as data. `run` returns a small summary that is stored with the run. */
export interface ScheduledJob {
  id: string;
  /** When it is due: a cron expression (an optional first field is seconds) in the business time zone. */
  schedule: string;
  run: () => Promise<Record<string, unknown> | void>;
  /** Enqueued once when the app starts as well. */
  runAtStart?: boolean;
}

/** The pg-boss queue every scheduled job runs through; a job's id is its singleton key. */
export const SCHEDULED_JOB_QUEUE = 'scheduled-job';

/**
 * How early a timer may fire and still count as the tick it was set for: Node's timers can fire a millisecond or so
 * before their instant; a schedule repeats at most every second.
 */
const TICK_TOLERANCE_MS = 100;

/** A schedule repeating at least this often is routine: its completions are logged at debug, not info. */
const ROUTINE_INTERVAL_MS = 5 * 60 * 1000;

/** The second advisory-lock key of a job id (a stable 32-bit hash). */
function lockKey(id: string): number {
  let h = 0;
  for (const c of id) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/**
 * Recurring work (docs/architecture.md#how-a-job-flows). A cron tick of @nestjs/schedule (business time zone)
 * only enqueues a pg-boss job keyed by the job's id, so ticks from several instances, or a tick while the last
 * run still goes, never double it; a pg-boss worker runs it, retries a failure with backoff, and a job whose worker
 * died is picked up again (JOB_LEASE). Each run's start, duration, result and error are kept in scheduled_jobs for
 * the back office, next to pg-boss's own job rows. Ticks and workers run only in instances with RUN_JOBS.
 *
 * A tick counts only once the Clock has reached the job's next due time: in production the Clock is the wall clock
 * and every timer tick is due; under a test's fixed Clock no tick is due until the test moves the Clock past it, so
 * jobs run when a test says time has passed (or when it runs a tick itself), never at a moment the wall clock picks.
 */
@Injectable()
export class ScheduledJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduledJobs.name);
  private readonly jobs = new Map<string, ScheduledJob>();
  private active = false;

  constructor(
    private readonly db: DataSource,
    private readonly database: DatabasePort,
    private readonly queue: JobQueue,
    private readonly registry: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** A job due every few minutes or more often, whose completions are routine (logged at debug). */
  private isFrequent(id: string): boolean {
    const job = this.jobs.get(id);
    if (!job) return false;
    const [first, second] = new CronTime(job.schedule, this.config.businessTimeZone).sendAt(2);
    return second.toMillis() - first.toMillis() <= ROUTINE_INTERVAL_MS;
  }

  /** Declares a job; modules call this while the app starts (onModuleInit or onApplicationBootstrap). */
  register(job: ScheduledJob): void {
    this.jobs.set(job.id, job);
    if (this.active) this.activate(job);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runJobs) return;
    await this.queue.createQueue(SCHEDULED_JOB_QUEUE, { policy: 'stately', ...JOB_RETRY, ...JOB_LEASE });
    await this.queue.work<{ id: string }>(SCHEDULED_JOB_QUEUE, { localConcurrency: 2, pollingIntervalSeconds: 1, routine: (data) => this.isFrequent(data.id) }, async (job) => {
      const outcome = await this.execute(job.data.id);
      // Thrown, so pg-boss records the failure and retries it.
      if (outcome?.error) throw new Error(outcome.error);
    });
    this.active = true;
    for (const job of this.jobs.values()) this.activate(job);
  }

  private activate(job: ScheduledJob): void {
    const zone = this.config.businessTimeZone;
    const schedule = new CronTime(job.schedule, zone);
    const nextAfter = (at: number) => schedule.getNextDateFrom(new Date(at), zone).toMillis();
    let due = nextAfter(this.clock.now().getTime());
    const cron = CronJob.from({
      cronTime: job.schedule,
      timeZone: this.config.businessTimeZone,
      onTick: () => {
        const now = this.clock.now().getTime();
        if (now + TICK_TOLERANCE_MS < due) return;
        due = nextAfter(Math.max(now, due));
        void this.enqueue(job.id);
      },
      start: true,
    });
    this.registry.addCronJob(`scheduled-job:${job.id}`, cron);
    if (job.runAtStart) void this.enqueue(job.id);
  }

  /** Queues one run of the job; a no-op while one is queued already. */
  async enqueue(id: string): Promise<string | null> {
    try {
      return await this.queue.send(SCHEDULED_JOB_QUEUE, { id }, { singletonKey: id });
    } catch (e) {
      this.logger.error(`enqueue ${id}: ${forLog(e)}`);
      return null;
    }
  }

  /** Runs a job now, in this request (admins' "run now"); null if it is unknown or running somewhere already. */
  async runNow(id: string): Promise<JobStatusResponse | null> {
    if (!(await this.execute(id))) return null;
    return (await this.statuses()).find((s) => s.id === id) ?? null;
  }

  /**
   * One run of a job under its advisory lock (at most one run at a time across instances), recorded whether it
   * succeeds or fails. Null when the job is unknown or already running.
   */
  private async execute(id: string): Promise<{ error: string | null } | null> {
    const job = this.jobs.get(id);
    if (!job) return null;
    const run = await this.database.tryLock(LOCK_SCHEDULED_JOB, lockKey(id), async () => {
      const started = new Date();
      try {
        const result = (await job.run()) ?? {};
        await this.record(id, started, null, result);
        return { error: null };
      } catch (e) {
        this.logger.error(`${id}: ${errorForLog(e)}`);
        const error = String(e.message ?? e);
        await this.record(id, started, error, null).catch(() => undefined);
        return { error };
      }
    });
    return run.acquired ? run.value : null;
  }

  /** Run times are records of when the work happened (wall time), not decisions, so they do not use the Clock. */
  private async record(id: string, started: Date, error: string | null, result: Record<string, unknown> | null) {
    const finished = new Date();
    await this.db.query(
      `INSERT INTO scheduled_jobs (id, last_started_at, last_finished_at, last_duration_ms, last_success_at, last_error, last_result, run_count)
       VALUES ($1, $2, $3, $4, CASE WHEN $5::text IS NULL THEN $3::timestamptz END, $5, $6, 1)
       ON CONFLICT (id) DO UPDATE SET last_started_at = $2, last_finished_at = $3, last_duration_ms = $4,
         last_success_at = CASE WHEN $5::text IS NULL THEN $3::timestamptz ELSE scheduled_jobs.last_success_at END,
         last_error = $5, last_result = $6, run_count = scheduled_jobs.run_count + 1`,
      [id, started, finished, finished.getTime() - started.getTime(), error, result === null ? null : JSON.stringify(result)],
    );
  }

  async statuses(): Promise<JobStatusResponse[]> {
    const rows = await this.db.query('SELECT * FROM scheduled_jobs');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL rows (TypeORM's query() answers any)
    const byId = new Map<string, any>(rows.map((r: { id: string }) => [r.id, r]));
    return [...this.jobs.values()].map((job) => {
      const r = byId.get(job.id) ?? {};
      return {
        id: job.id,
        schedule: job.schedule,
        lastStartedAt: r.last_started_at ?? null,
        lastFinishedAt: r.last_finished_at ?? null,
        lastDurationMs: r.last_duration_ms ?? null,
        lastSuccessAt: r.last_success_at ?? null,
        lastError: r.last_error ?? null,
        lastResult: r.last_result ?? null,
        runCount: r.run_count ?? 0,
      };
    });
  }
}
