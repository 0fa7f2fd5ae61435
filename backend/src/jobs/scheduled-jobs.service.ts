import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/** A recurring task, declared as data. `run` returns a small summary that is stored with the run. */
export interface ScheduledJob {
  id: string;
  everyMs: number;
  run: () => Promise<Record<string, unknown> | void>;
  /** Run once shortly after start as well. */
  runAtStart?: boolean;
}

export interface ScheduledJobStatus {
  id: string;
  everyMs: number;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastDurationMs: number | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastResult: Record<string, unknown> | null;
  runCount: number;
}

/**
 * Ticks scheduled jobs in this process (only when RUN_JOBS) and records each run's time, duration, result and
 * error in scheduled_jobs. The heavy work of a job goes through pg-boss queues; a tick only finds what is due.
 * A failing job is logged and recorded; it never stops the others.
 */
@Injectable()
export class ScheduledJobs implements OnApplicationShutdown {
  private readonly logger = new Logger(ScheduledJobs.name);
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();

  constructor(private readonly db: DataSource, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

  register(job: ScheduledJob): void {
    this.jobs.set(job.id, job);
    if (!this.config.runJobs) return;
    const timer = setInterval(() => void this.runNow(job.id), job.everyMs);
    timer.unref();
    this.timers.push(timer);
    if (job.runAtStart) setTimeout(() => void this.runNow(job.id), 1000).unref();
  }

  /** Runs a job now (skipped if this process is already running it) and records the outcome. */
  async runNow(id: string): Promise<ScheduledJobStatus | null> {
    const job = this.jobs.get(id);
    if (!job || this.running.has(id)) return null;
    this.running.add(id);
    const started = new Date();
    try {
      const result = (await job.run()) ?? {};
      await this.record(id, started, null, result);
    } catch (e) {
      this.logger.error(`${id}: ${e.stack ?? e}`);
      await this.record(id, started, String(e.message ?? e), null).catch(() => undefined);
    } finally {
      this.running.delete(id);
    }
    return (await this.statuses()).find((s) => s.id === id) ?? null;
  }

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

  async statuses(): Promise<ScheduledJobStatus[]> {
    const rows = await this.db.query('SELECT * FROM scheduled_jobs');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL rows (TypeORM's query() answers any)
    const byId = new Map<string, any>(rows.map((r: { id: string }) => [r.id, r]));
    return [...this.jobs.values()].map((job) => {
      const r = byId.get(job.id) ?? {};
      return {
        id: job.id,
        everyMs: job.everyMs,
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

  onApplicationShutdown(): void {
    for (const t of this.timers) clearInterval(t);
  }
}
