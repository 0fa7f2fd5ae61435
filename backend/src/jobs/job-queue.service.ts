import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PgBoss } from 'pg-boss';
import type { Job, JobWithMetadata, Queue, WorkOptions } from 'pg-boss';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabasePort } from '../database/database.port';
import { APP_LOG, type AppLog } from '../common/observability/app-log';
import { Metrics, type QueueDepth } from '../common/observability/metrics.service';
import { currentRequestId, withRequestId } from '../common/observability/request-context';

/**
 * Job leases: a worker sends a heartbeat every config.jobs.heartbeatSeconds / 2 while it runs a job (every queue
 * gets that heartbeat unless it names its own, see createQueue). When a worker dies (process killed, machine gone),
 * its job's heartbeat goes stale after heartbeatSeconds, the next supervision pass (every
 * config.jobs.superviseSeconds) fails it, and it is retried after its retry delay: with the defaults 30 + 20 + 10 s,
 * another worker has it again within about a minute. expireInSeconds only caps a job that hangs while its process
 * lives on.
 */
export const JOB_LEASE = { expireInSeconds: 15 * 60 } as const;
/**
 * How long pg-boss keeps a job: a finished one (completed, failed or cancelled) an hour, for the queue-depth metric and
 * a look after an incident, then it is deleted; one still waiting at most a day. A job's data is the work's
 * reference (ids, a request id; a mail sealed: mail/mail-queue.service.ts), and the run history the back office
 * shows is the app's own record (scheduled_jobs), so nothing is lost by keeping jobs briefly (docs/security.md#secrets-at-rest).
 */
export const JOB_KEEP = { deleteAfterSeconds: 3600, retentionSeconds: 24 * 3600 } as const;
/** Retries of a failed job wait 10 s, 20 s, 40 s … (with jitter), at most 10 minutes. */
export const JOB_RETRY = { retryLimit: 3, retryDelay: 10, retryBackoff: true, retryDelayMax: 600 } as const;

/** The job states in which a job is still to be done. */
const PENDING = new Set(['created', 'retry', 'active']);

/**
 * pg-boss queues in the app's own database (schema pgboss): several instances share the work, a crashed worker's
 * job is retried, and each job's state, timing and error are stored. The DatabasePort says how to connect (on
 * PGlite, the same single-session pool as TypeORM, so its statements never interleave with an open transaction).
 */

/**
 * `routine` tells the completions that recur on their own every few seconds or minutes (a sync tick, the syncs it
 * queues): they are logged at debug, so the info log keeps what a person or a rare schedule started; a failure is
 * always a warning (docs/operations.md, Logs).
 */
export interface RoutineOption<T> {
  routine?: (data: T) => boolean;
}

@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;

  /** Queues this process works on, for the queue-depth metric. */
  private readonly queues = new Set<string>();

  constructor(
    private readonly database: DatabasePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
    @Inject(APP_LOG) private readonly log: AppLog,
  ) {
    metrics.queueDepths = () => this.depths();
  }

  private create(): PgBoss {
    const every = this.config.jobs.superviseSeconds;
    // Supervision (expiry, heartbeats) runs only where workers run; a web-only instance just sends jobs.
    return new PgBoss({
      ...this.database.jobQueueConnection(),
      schema: 'pgboss',
      supervise: this.config.runJobs,
      superviseIntervalSeconds: every,
      monitorIntervalSeconds: every,
    });
  }

  /** Starts pg-boss once (installing its schema on first use). */
  started(): Promise<PgBoss> {
    this.starting ??= (async () => {
      const boss = this.create();
      boss.on('error', (e) => this.logger.error(`pg-boss: ${e.message}`));
      await boss.start();
      this.boss = boss;
      return boss;
    })();
    return this.starting;
  }

  /**
   * Creates the queue, or brings an existing one's retry and lease options up to date. pg-boss cannot change a
   * queue's policy, so a queue whose policy changed is dropped and created again: only for queues whose jobs a
   * tick enqueues again (every queue here), so nothing is lost but a wait for the next tick.
   */
  async createQueue(name: string, queueOptions: Omit<Queue, 'name'>): Promise<void> {
    const options = { heartbeatSeconds: this.config.jobs.heartbeatSeconds, ...JOB_KEEP, ...queueOptions };
    const boss = await this.started();
    const existing = await boss.getQueue(name);
    if (existing && existing.policy !== (options.policy ?? 'standard')) await boss.deleteQueue(name);
    else if (existing) {
      const { policy: _fixed, partition: _alsoFixed, ...changeable } = options;
      return boss.updateQueue(name, changeable);
    }
    await boss.createQueue(name, options);
  }

  /** Sends a job; the request (or job) that sends it is named in its data as `requestId`, for the log. */
  async send(name: string, data: object, options: { singletonKey?: string; expireInSeconds?: number; heartbeatSeconds?: number } = {}): Promise<string | null> {
    const requestId = currentRequestId();
    return (await this.started()).send(name, requestId ? { requestId, ...data } : data, options);
  }

  /**
   * A worker that handles one job at a time, `localConcurrency` of them in parallel in this process. Each job is one
   * JSON log line and counts in the job metrics; it runs under its sender's request id, so the jobs it sends carry it on.
   */
  async work<T extends object>(name: string, options: WorkOptions & RoutineOption<T>, handler: (job: Job<T>) => Promise<unknown>): Promise<void> {
    this.queues.add(name);
    const { routine, ...workOptions } = options;
    await (await this.started()).work<T>(name, { ...workOptions, batchSize: 1 }, async (jobs: Job<T>[]) => {
      for (const job of jobs) {
        const sentBy = (job.data as { requestId?: unknown }).requestId;
        const requestId = typeof sentBy === 'string' ? sentBy : `job-${job.id}`;
        const started = performance.now();
        try {
          await withRequestId(requestId, () => handler(job));
          this.finished(name, job.id, requestId, started, 'completed', undefined, routine?.(job.data));
        } catch (error) {
          this.finished(name, job.id, requestId, started, 'failed', error);
          throw error;
        }
      }
    });
  }

  private finished(queue: string, jobId: string, requestId: string, started: number, outcome: 'completed' | 'failed', error?: unknown, routine = false): void {
    const seconds = (performance.now() - started) / 1000;
    this.metrics.jobsRun.inc({ queue, outcome });
    this.metrics.jobDuration.observe({ queue }, seconds);
    const line = { msg: 'job', queue, jobId, reqId: requestId, outcome, ms: Math.round(seconds * 1000) };
    if (error) this.log.warn({ ...line, error: String((error as Error)?.message ?? error).slice(0, 300) });
    else if (routine) this.log.debug(line);
    else this.log.info(line);
  }

  /** The depth of each queue this process works on (the metric eierportal_job_queue_depth). */
  async depths(): Promise<QueueDepth[]> {
    if (!this.boss || this.queues.size === 0) return [];
    return this.boss.getQueues([...this.queues]);
  }

  /** Resolves when pg-boss's own connection answers (the readiness check). */
  async ping(): Promise<void> {
    await (await this.started()).getDb().executeSql('SELECT 1');
  }

  /** The stored jobs of a queue (every state pg-boss still keeps), newest first. */
  async jobs<T extends object>(name: string): Promise<JobWithMetadata<T>[]> {
    const jobs = await (await this.started()).findJobs<T>(name);
    return jobs.sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime());
  }

  /** Resolves when no job of the queue waits, runs or waits for a retry (or rejects after `timeoutMs`). */
  async whenDrained(name: string, timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ((await this.jobs(name)).some((j) => PENDING.has(j.state))) {
      if (Date.now() > until) throw new Error(`queue ${name} still has work after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * The first step of a graceful stop: this process takes no more jobs, waits up to `timeoutMs` for the ones it
   * runs, and then fails those still running, which pg-boss retries (in another instance, or after the restart).
   * Sending stays possible, for requests still being answered.
   */
  async stopWorking(timeoutMs: number): Promise<void> {
    if (this.boss) await this.boss.stop({ graceful: true, close: false, timeout: timeoutMs }).catch((e) => this.logger.warn(`stopping workers: ${e.message}`));
  }

  /** Stops pg-boss (gracefully, as stopWorking, unless that ran already) and closes its connections. */
  async onApplicationShutdown(): Promise<void> {
    if (this.boss) await this.boss.stop({ graceful: true, timeout: this.config.shutdownGraceSeconds * 1000 }).catch(() => undefined);
  }
}
